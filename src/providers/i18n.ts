import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { I18nProvider } from '@refinedev/core';

/** Languages the console ships; zh-CN is the default (spec: the UI is in Chinese). */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
const STORAGE_KEY = 'console.language';

/** Every src/locales/<lng>/<ns>.json, bundled: a translator adds a folder and nothing else. */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, content] of Object.entries(files)) {
  const [, lng, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (lng && ns) (resources[lng] ??= {})[ns] = content;
}

function storedLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

const dayjsLocale = (lng: string) => (lng === 'zh-CN' ? 'zh-cn' : 'en');

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? { common: {} }),
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
dayjs.locale(dayjsLocale(i18n.language));
i18n.on('languageChanged', (lng) => {
  dayjs.locale(dayjsLocale(lng));
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export async function changeLanguage(lng: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lng);
  await i18n.changeLanguage(lng);
}

/** Refine's i18n provider over the same i18next instance. */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const params = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
    const text = i18n.t(key, { ...params, defaultValue: defaultMessage ?? (typeof options === 'string' ? options : key) });
    return String(text);
  },
  changeLocale: (lng: string) => changeLanguage(lng as Language),
  getLocale: () => i18n.language,
};

export default i18n;
