import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';

/**
 * antd's own texts (pagination, pickers, empty states) per console language. Chinese is the default
 * and ships with the first script; another language's pack is fetched with its texts (src/providers/i18n.ts),
 * so the public pages do not carry packs nobody reads. A translator adds a line here.
 */
const packs: Record<string, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/locale/en_US'),
};
const loaded = new Map<string, Locale>([['zh-CN', zhCN]]);

export async function loadAntdLocale(lng: string): Promise<void> {
  const pack = packs[lng];
  if (pack && !loaded.has(lng)) loaded.set(lng, (await pack()).default);
}

/** The pack of a language once loaded; Chinese until then. */
export const antdLocale = (lng: string): Locale => loaded.get(lng) ?? zhCN;
