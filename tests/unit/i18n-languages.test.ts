import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, PSEUDO_LANGUAGE } from '../../src/providers/i18n';
import { antdLocale, dayjsLocale, loadLocalePacks, packsOf } from '../../src/providers/locale-packs';

describe('languages', () => {
  it('are the folders of contract/locales, zh-CN first, each under its own name (the pseudo-language only in development)', () => {
    const folders = readdirSync(path.resolve(__dirname, '../../contract/locales'));
    expect(LANGUAGES.map((lng) => lng.code).sort()).toEqual(folders.sort());
    expect(LANGUAGES[0]).toMatchObject({ code: 'zh-CN', name: '简体中文', short: '简' });
    expect(LANGUAGES.find((lng) => lng.code === 'zh-TW')).toMatchObject({ name: '繁體中文', short: '繁' });
    expect(LANGUAGES.map((lng) => lng.code)).not.toContain(PSEUDO_LANGUAGE);
  });

  it('get antd and dayjs packs from the one table, zh-TW its own', async () => {
    await loadLocalePacks('zh-TW');
    expect(antdLocale('zh-TW').locale).toBe('zh-tw');
    expect(dayjsLocale('zh-TW')).toBe('zh-tw');
    expect(dayjsLocale('zh-CN')).toBe('zh-cn');
  });

  it('fall back to the English packs, with one warning, for a language the table does not map', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(packsOf('xx-YY')).toBe(packsOf('en'));
    expect(packsOf('xx-YY')).toBe(packsOf('en'));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('"xx-YY"');
    warn.mockRestore();
  });
});
