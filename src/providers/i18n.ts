import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { loadAntdLocale } from './antd-locale';

/** Languages the console ships; zh-CN is the default (spec: the UI is in Chinese). */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const STORAGE_KEY = 'console.language';

/**
 * Every src/locales/<lng>/<ns>.json: a translator adds a folder and nothing else. Only the chosen
 * language (and the zh-CN fallback) is fetched; the public pages paint with `common` alone and the
 * console loads the other namespaces before it mounts, so no page's first load grows with them.
 */
const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });
const LOCALE_FILE = /locales\/([^/]+)\/([^/]+)\.json$/;
export const NAMESPACES = [...new Set(Object.keys(bundles).map((file) => LOCALE_FILE.exec(file)?.[2] ?? 'common'))];

const FIRST_PAINT = ['common'];

/** Loads these namespaces (default: all) of a language, skipping the ones already there. */
export async function loadLanguage(lng: string, namespaces: readonly string[] = NAMESPACES): Promise<void> {
  const files = Object.entries(bundles).filter(([file]) => {
    const [, fileLng, ns] = LOCALE_FILE.exec(file) ?? [];
    return fileLng === lng && namespaces.includes(ns!) && !i18n.hasResourceBundle(lng, ns!);
  });
  await Promise.all(
    files.map(async ([file, load]) => i18n.addResourceBundle(lng, LOCALE_FILE.exec(file)![2], await load(), true, true)),
  );
}

function storedLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

const initial = storedLanguage();
/** Resolves once the chosen language can be shown; main.tsx waits for it before mounting. */
export const i18nReady: Promise<void> = i18n
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    ns: NAMESPACES,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  })
  .then(() => Promise.all([loadLanguage(initial, FIRST_PAINT), loadLanguage(DEFAULT_LANGUAGE, FIRST_PAINT), loadAntdLocale(initial)]))
  .then(() => applyLanguage(initial));
function applyLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
i18n.on('languageChanged', applyLanguage);

export async function changeLanguage(lng: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lng);
  await Promise.all([loadLanguage(lng), loadAntdLocale(lng)]);
  await i18n.changeLanguage(lng);
}

/** Every namespace of the current language and of the fallback; the console awaits it. */
export const loadAllTexts = (): Promise<unknown> => Promise.all([loadLanguage(i18n.language), loadLanguage(DEFAULT_LANGUAGE)]);

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
