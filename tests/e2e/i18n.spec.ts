// Languages: zh-TW, found from its folder, switches the console, antd's own texts and the date
// pickers without a reload, and the figures follow the language's formats (contract/locales/<lng>/language.json); the pseudo-language (accented, ~35% longer) does not make text overflow its cell
// or a page scroll sideways, at 1400 px and at 375 px.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { e2eSuite } from './harness';
import { goClientSide } from './a11y';

const { signIn } = e2eSuite({ viewport: { width: 1400, height: 900 } });

test('switching to zh-TW in the header changes the console, antd’s texts and the dates, without a reload', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/statistic');
  await p.getByRole('tab', { name: '订单查询' }).click();
  await p.locator('input[placeholder="开始日期"]').waitFor();
  // a reload would lose this
  await p.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await p.getByTestId('language-switch').getByText('繁體中文').click();
  await p.getByRole('tab', { name: '訂單查詢' }).waitFor();
  // antd's own text (the range picker's placeholder) comes from its zh_TW pack
  await p.locator('input[placeholder="開始日期"]').waitFor();
  // the picker's calendar: dayjs's zh-tw pack is there (without it dayjs falls back to English: "Mo", "Tu")
  await p.locator('input[placeholder="開始日期"]').click();
  const weekdays = await p.locator('.ant-picker-dropdown .ant-picker-content thead').first().innerText();
  assert.match(weekdays, /一\s*二\s*三/);
  assert.equal(await p.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true, 'the page reloaded');
  assert.equal(await p.evaluate(() => document.documentElement.lang), 'zh-TW');
  assert.equal(await p.evaluate(() => localStorage.getItem('console.language')), 'zh-TW');
});

test('the figures follow the language without a reload: grouped in en and zh-TW, as the spec shows them in zh-CN', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/user/static');
  // the demo principal, 100 000 USDT, with §9's two decimals of a statistic (src/features/account/user/static.tsx)
  const principal = p.locator('.ant-statistic').first().locator('.ant-statistic-content-value');
  await p.getByText('100000.00', { exact: true }).waitFor();
  await p.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await p.getByTestId('language-switch').getByText('English').click();
  await p.getByText('100,000.00', { exact: true }).waitFor();
  await p.getByTestId('language-switch').getByText('繁體中文').click();
  await p.getByText('100,000.00', { exact: true }).waitFor();
  await p.getByTestId('language-switch').getByText('简体中文').click();
  await p.getByText('100000.00', { exact: true }).waitFor();
  assert.equal(await principal.innerText(), '100000.00');
  assert.equal(await p.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true, 'the page reloaded');
});

/** The pages walked in the pseudo-language. */
const PAGES = ['/home', '/guide', '/market', '/api', '/statistic', '/task', '/config', '/strategy', '/demand', '/user/index'];

/**
 * Texts wider than their table cell, description or card title, and how wide the page is. What a cell
 * holds is measured (a Range over its contents), not its scrollWidth: that also counts the 30 px shadow
 * antd hangs beside a fixed column (its ::after), which is no text of the cell.
 */
function overflows(): { page: number; viewport: number; cells: string[]; widest: string } {
  const cells = Array.from(
    document.querySelectorAll<HTMLElement>(
      'th, td, .ant-descriptions-item-content, .ant-descriptions-item-label, .ant-card-head-title, .ant-btn, .ant-tabs-tab',
    ),
  )
    .filter((el) => {
      if (el.offsetParent === null) return false;
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return text.width > 0 && (text.left < box.left - 1 || text.right > box.right + 1);
    })
    .map((el) => `${el.className.split(' ')[0] || el.tagName}: ${el.innerText.slice(0, 40)}`);
  // what sticks out furthest, to name in the message
  const widest = Array.from(document.querySelectorAll<HTMLElement>('body *')).reduce<HTMLElement | null>(
    (found, el) => (!found || el.getBoundingClientRect().right > found.getBoundingClientRect().right ? el : found),
    null,
  );
  return {
    page: document.scrollingElement!.scrollWidth,
    viewport: window.innerWidth,
    cells,
    widest: widest ? `${widest.tagName}.${String(widest.className).split(' ')[0]} "${widest.innerText?.slice(0, 30) ?? ''}"` : '',
  };
}

async function walk(p: Page, width: number): Promise<string[]> {
  await p.setViewportSize({ width, height: 900 });
  const problems: string[] = [];
  for (const path of PAGES) {
    await goClientSide(p, path);
    // the page is in the pseudo-language (an accented, bracketed text is shown: on a phone the header's brand is its mark)
    await p.getByText(/⟦/).filter({ visible: true }).first().waitFor();
    const found = await p.evaluate(overflows);
    if (found.page > found.viewport) problems.push(`${path} at ${width} px: the page is ${found.page} px wide (${found.widest})`);
    for (const cell of found.cells) problems.push(`${path} at ${width} px: ${cell}`);
  }
  return problems;
}

test('in the pseudo-language no text overflows its cell and no page scrolls sideways, at 1400 and 375 px', async () => {
  const p = await signIn('admin', 'admin123');
  // not offered in a production build's switcher: a developer (or this test) chooses it by its stored code
  await p.goto('/home');
  await p.evaluate(() => localStorage.setItem('console.language', 'en-XA'));
  await p.reload();
  const problems = [...(await walk(p, 1400)), ...(await walk(p, 375))];
  assert.deepEqual(problems, [], problems.join('\n'));
});
