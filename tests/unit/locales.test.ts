import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../src/locales');
const SOURCE = 'zh-CN';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}
const read = (lng: string, file: string) => JSON.parse(readFileSync(path.join(ROOT, lng, file), 'utf8')) as unknown;

describe('locales', () => {
  const namespaces = readdirSync(path.join(ROOT, SOURCE));
  const languages = readdirSync(ROOT).filter((lng) => lng !== SOURCE);

  it('ship at least Chinese and English', () => {
    expect(languages).toContain('en');
    expect(namespaces).toContain('common.json');
  });

  it.each(languages)('%s has exactly the keys of zh-CN in every namespace', (lng) => {
    for (const ns of namespaces) {
      expect({ ns, keys: keys(read(lng, ns)).sort() }).toEqual({ ns, keys: keys(read(SOURCE, ns)).sort() });
    }
  });

  it('keep the spec messages verbatim in zh-CN', () => {
    const common = JSON.stringify(read(SOURCE, 'common.json'));
    for (const message of ['两次输入的密码不一致！', '修改密码成功!', '获取验证码失败', '网络错误', '获取权限失败', '请输入数字']) {
      expect(common).toContain(message);
    }
  });
});
