import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';

/**
 * The one table of the libraries' own locale packs per console language: antd's texts (pagination,
 * pickers, empty states) and dayjs's (month and weekday names in the pickers). @ant-design/charts 2
 * has no pack of its own: its texts are our keys and its dates go through dayjs.
 * Chinese is the default and its antd pack ships with the first script; another language's packs are
 * fetched when it is chosen (src/providers/i18n.ts). A language missing here gets the English packs
 * and a console warning. A translator adds one line.
 */
interface Packs {
  antd: () => Promise<{ default: Locale }>;
  /** dayjs's name of the locale, and its file (dayjs has English built in) */
  dayjs: string;
  loadDayjs?: () => Promise<unknown>;
}
const PACKS: Record<string, Packs> = {
  // dayjs's zh-cn ships with the console chunk (src/providers/dayjs-locale.ts)
  'zh-CN': { antd: async () => ({ default: zhCN }), dayjs: 'zh-cn' },
  'zh-TW': { antd: () => import('antd/locale/zh_TW'), dayjs: 'zh-tw', loadDayjs: () => import('dayjs/locale/zh-tw') },
  en: { antd: () => import('antd/locale/en_US'), dayjs: 'en' },
};
export const FALLBACK_PACKS = 'en';

const warned = new Set<string>();
/** The packs of a language; English (with one warning) when the table has no line for it. */
export function packsOf(lng: string): Packs {
  const packs = PACKS[lng] ?? PACKS[lng.split('-')[0]!];
  if (packs) return packs;
  if (!warned.has(lng)) {
    warned.add(lng);
    console.warn(`[i18n] no antd/dayjs locale mapped for "${lng}" in src/providers/locale-packs.ts: using English for them`);
  }
  return PACKS[FALLBACK_PACKS]!;
}

const loaded = new Map<string, Locale>([['zh-CN', zhCN]]);

/**
 * Fetches a language's antd pack and, unless `dates` is false, its dayjs pack (once). The public pages'
 * first paint asks for antd's only: they show no dates, and dayjs stays off their first load.
 */
export async function loadLocalePacks(lng: string, { dates = true }: { dates?: boolean } = {}): Promise<void> {
  const packs = packsOf(lng);
  const [antd] = await Promise.all([loaded.has(lng) ? undefined : packs.antd(), dates ? packs.loadDayjs?.() : undefined]);
  if (antd) loaded.set(lng, antd.default);
}

/** The antd pack of a language once loaded; Chinese until then. */
export const antdLocale = (lng: string): Locale => loaded.get(lng) ?? zhCN;

/** dayjs's locale name for a language. */
export const dayjsLocale = (lng: string): string => packsOf(lng).dayjs;
