// Issue 21, in Chromium: the security headers hold on every page, a page that broke the
// Content-Security-Policy would fail its test (e2eSuite checks every test's page), and the console's
// pages work under the policy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { e2eSuite, takeCspViolations, until } from './harness';

const { open, signIn } = e2eSuite();

test('/login carries CSP, nosniff, no-referrer and frame-ancestors none', async () => {
  const page = await open();
  const response = await page.goto('/login');
  const headers = response!.headers();
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['referrer-policy'], 'no-referrer');
  const policy = headers['content-security-policy'] ?? '';
  assert.match(policy, /frame-ancestors 'none'/);
  assert.match(policy, /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  assert.doesNotMatch(policy, /script-src[^;]*unsafe-inline/);
  // the prerendered page's own inline script ran (it is allowed by its hash): the slider hydrates
  await page.getByRole('slider').and(page.locator('[aria-disabled="false"]')).waitFor();
});

test('an inline script the policy does not name is blocked and reported, so a test would fail on it', async () => {
  const page = await open();
  await page.goto('/login');
  await page.getByRole('slider').and(page.locator('[aria-disabled="false"]')).waitFor();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
  });
  const found: string[] = [];
  await until('the page reports the violation', () => found.push(...takeCspViolations(page)) > 0);
  assert.match(found.join('\n'), /script-src/);
  assert.equal(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected), undefined);
});

test('the framed console is refused: frame-ancestors none', async () => {
  const page = await signIn('admin', 'admin123');
  await page.goto('/market');
  await page.getByRole('table').first().waitFor();
  const framed = await page.evaluate(async () => {
    const frame = document.createElement('iframe');
    frame.src = '/login';
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    try {
      return frame.contentDocument?.querySelector('#root')?.innerHTML ?? '';
    } catch {
      return '';
    }
  });
  assert.equal(framed, '');
  takeCspViolations(page); // the frame's refusal is the point here
});
