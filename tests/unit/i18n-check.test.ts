import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkAll, checkLocales, formatFindings, type Finding } from '../../scripts/i18n-check';
import { pseudoText, pseudoTexts } from '../../src/providers/pseudo';

/** A project of a few files in a temporary folder: contract/locales/<lng>/<ns>.json and source files. */
function project(files: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}
const roots: string[] = [];
afterAll(() =>
  roots.forEach((root) => {
    rmSync(root, { recursive: true, force: true });
  }),
);

const ZH = { form: { save: '保存', cancel: '取消' }, greeting: '你好，{{name}}', items_other: '{{count}} 项' };
const EN = { form: { save: 'Save', cancel: 'Cancel' }, greeting: 'Hello, {{name}}', items_one: '{{count}} item', items_other: '{{count}} items' };
const CODE = `import { useTranslation } from 'react-i18next';
export function Page({ n }: { n: number }) {
  const { t } = useTranslation();
  return <div title={t('form.save')}>{t('form.cancel')} {t('greeting', { name: 'x' })} {t('items', { count: n })}</div>;
}
`;
const NAME = { name: 'English', short: 'EN' };

function check(files: Record<string, unknown>): Finding[] {
  const root = project({ 'contract/locales/zh-CN/language.json': NAME, 'contract/locales/en/language.json': NAME, ...files });
  roots.push(root);
  return checkAll(root);
}
const brief = (findings: Finding[]) => findings.map(({ kind, language, file, where }) => `${kind} ${language} ${file} ${where}`);

describe('npm run i18n:check', () => {
  it('passes a complete language and code that goes through t()', () => {
    expect(check({ 'contract/locales/zh-CN/common.json': ZH, 'contract/locales/en/common.json': EN, 'src/features/page.tsx': CODE })).toEqual([]);
  });

  it('names a key deleted from a language, with its file', () => {
    const { cancel: _deleted, ...form } = EN.form;
    const findings = check({ 'contract/locales/zh-CN/common.json': ZH, 'contract/locales/en/common.json': { ...EN, form }, 'src/features/page.tsx': CODE });
    expect(brief(findings)).toEqual(['missing en contract/locales/en/common.json form.cancel']);
    expect(formatFindings(findings)).toContain('contract/locales/en/common.json  form.cancel');
  });

  it('names a literal Chinese text and an English title in a page, with file and line', () => {
    const code = CODE.replace("{t('form.cancel')}", '取消').replace("title={t('form.save')}", 'title="Save it"');
    const findings = check({ 'contract/locales/zh-CN/common.json': ZH, 'contract/locales/en/common.json': EN, 'src/features/page.tsx': code });
    expect(brief(findings)).toEqual([
      'unused zh-CN contract/locales/zh-CN/common.json form.save',
      'unused zh-CN contract/locales/zh-CN/common.json form.cancel',
      'literal src src/features/page.tsx 4',
      'literal src src/features/page.tsx 4',
    ]);
    expect(formatFindings(findings)).toContain('literal   src/features/page.tsx:4  JSX text: "取消"');
  });

  it('names Chinese in a comment too: a message is quoted in its locale file, not beside its key', () => {
    const code = `${CODE}export const KEY = 'form.save'; // 保存\n/** the OK text, 确定 */\nexport const OK = 1;\n`;
    const findings = check({ 'contract/locales/zh-CN/common.json': ZH, 'contract/locales/en/common.json': EN, 'src/features/page.tsx': code });
    expect(brief(findings)).toEqual(['literal src src/features/page.tsx 6', 'literal src src/features/page.tsx 7']);
    expect(formatFindings(findings)).toContain('Chinese comment: "// 保存"');
  });

  it('keeps names that are not texts and literals marked i18n-ignore', () => {
    const code = `${CODE}export const tip = { title: 'time', message: 'firstPage' };\n// i18n-ignore: the brand\nexport const Brand = () => <b>OKX</b>;\n`;
    expect(check({ 'contract/locales/zh-CN/common.json': ZH, 'contract/locales/en/common.json': EN, 'src/features/page.tsx': code })).toEqual([]);
  });

  it('finds differing variables, missing plural forms and extra keys', () => {
    const en = { ...EN, greeting: 'Hello, {{user}}', items_one: undefined, extra: 'Extra' };
    const findings = check({ 'contract/locales/zh-CN/common.json': ZH, 'contract/locales/en/common.json': en, 'src/features/page.tsx': CODE });
    expect(brief(findings)).toEqual([
      'variables en contract/locales/en/common.json greeting',
      'plural en contract/locales/en/common.json items_one',
      'extra en contract/locales/en/common.json extra',
    ]);
  });

  it('finds keys no code names, but not keys made by a template', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is source code with a template literal in it, as the check reads it
    const code = CODE.replace("t('form.save')", 't(`form.${String(n)}`)').replace("{t('greeting', { name: 'x' })}", '');
    const findings = check({ 'contract/locales/zh-CN/common.json': ZH, 'contract/locales/en/common.json': EN, 'src/features/page.tsx': code });
    expect(brief(findings)).toEqual(['unused zh-CN contract/locales/zh-CN/common.json greeting']);
  });
});

describe('the shipped languages', () => {
  const read = (lng: string) => readFileSync(path.resolve(__dirname, `../../contract/locales/${lng}/common.json`), 'utf8');

  it('keep the spec messages verbatim in zh-CN and give them in zh-TW', () => {
    for (const message of ['两次输入的密码不一致！', '修改密码成功!', '获取验证码失败', '网络错误', '获取权限失败', '请输入数字']) {
      expect(read('zh-CN')).toContain(message);
    }
    for (const message of ['兩次輸入的密碼不一致！', '修改密碼成功!', '取得驗證碼失敗', '網路錯誤', '取得權限失敗', '請輸入數字']) {
      expect(read('zh-TW')).toContain(message);
    }
  });

  it("check the server's texts (server.json) like every namespace: a zh-TW key missing or a placeholder renamed is named", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
    roots.push(root);
    const locales = path.join(root, 'contract/locales');
    cpSync(path.resolve(__dirname, '../../contract/locales'), locales, { recursive: true });
    expect(checkLocales(locales, root)).toEqual([]);
    const file = path.join(locales, 'zh-TW/server.json');
    const texts = JSON.parse(readFileSync(file, 'utf8'));
    delete texts.err.forbidden;
    texts.err.required = texts.err.required.replace('{{field}}', '{{name}}');
    writeFileSync(file, JSON.stringify(texts));
    expect(brief(checkLocales(locales, root))).toEqual([
      'missing zh-TW contract/locales/zh-TW/server.json err.forbidden',
      'variables zh-TW contract/locales/zh-TW/server.json err.required',
    ]);
  });
});

describe('the pseudo-language', () => {
  it('accents, lengthens by about 35% and keeps variables and tags', () => {
    const text = pseudoText('Save {{count}} tasks <b>now</b>');
    expect(text).toMatch(/^⟦Şàvé \{\{count\}\} ţàşķş <b>ñőw<\/b> ·+/);
    expect(text.endsWith('⟧')).toBe(true);
    const plain = 'Position used by the strategy';
    expect(pseudoText(plain).length / plain.length).toBeGreaterThan(1.35);
    expect(pseudoTexts({ a: { b: 'Hi' } })).toEqual({ a: { b: pseudoText('Hi') } });
  });
});
