import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { declareFormats, type LanguageFormats } from '../domain/format';
import { loadLocalePacks } from './locale-packs';

/** zh-CN is the default and the source of every text (spec: the UI is in Chinese). */
export const DEFAULT_LANGUAGE = 'zh-CN';
export const STORAGE_KEY = 'console.language';
/** The development-only pseudo-language (English accented and ~35% longer, src/providers/pseudo.ts). */
export const PSEUDO_LANGUAGE = 'en-XA';
export type Language = string;

/**
 * Every contract/locales/<lng>/<ns>.json: a translator adds a folder and nothing else. Only the chosen
 * language (and the zh-CN fallback) is fetched; the public pages paint with `common` alone and the
 * console loads the other namespaces before it mounts, so no page's first load grows with them.
 */
const bundles = import.meta.glob<Record<string, unknown>>(
  ['../../contract/locales/*/*.json', '!../../contract/locales/*/language.json', '!../../contract/locales/*/server.json'],
  {
    import: 'default',
  },
);
const LOCALE_FILE = /locales\/([^/]+)\/([^/]+)\.json$/;
export const NAMESPACES = [...new Set(Object.keys(bundles).map((file) => LOCALE_FILE.exec(file)?.[2] ?? 'common'))];

export interface LanguageName {
  /** the language's name in itself (its language.json), as the switcher shows it */
  name: string;
  /** two or three characters for the narrow header (its language.json) */
  short: string;
  /** its number and date conventions (src/domain/format.ts): grouping separators, the time's pattern */
  formats?: LanguageFormats;
}
/** Each folder's contract/locales/<lng>/language.json (a few bytes each, in the first script: the switcher lists them). */
const names = import.meta.glob<LanguageName>('../../contract/locales/*/language.json', { eager: true, import: 'default' });
/** Grouped figures and the locale's own date order: longer than the spec's forms, to find truncation. */
const PSEUDO_NAME: LanguageName = { name: 'Ƥşḗŭḓǿ', short: 'ẊȦ', formats: { grouping: true, minute: 'locale' } };

/** The languages the header offers: every folder (zh-CN first), and the pseudo-language in development only. */
export const LANGUAGES: ReadonlyArray<{ code: Language } & LanguageName> = [
  ...Object.entries(names)
    .map(([file, name]) => ({ code: /locales\/([^/]+)\//.exec(file)![1]!, ...name }))
    .sort((a, b) => Number(b.code === DEFAULT_LANGUAGE) - Number(a.code === DEFAULT_LANGUAGE) || a.code.localeCompare(b.code)),
  ...(import.meta.env.MODE === 'development' ? [{ code: PSEUDO_LANGUAGE, ...PSEUDO_NAME }] : []),
];
// each language's number and date conventions, for src/domain/format.ts
for (const { code, formats } of LANGUAGES) declareFormats(code, formats);
declareFormats(PSEUDO_LANGUAGE, PSEUDO_NAME.formats);

/** A language the console can show: a folder, or the pseudo-language (chosen in development, or by a test through localStorage). */
const known = (lng: string) => lng === PSEUDO_LANGUAGE || Object.keys(names).some((file) => file.includes(`/locales/${lng}/`));

const FIRST_PAINT = ['common'];

/** Loads these namespaces (default: all) of a language, skipping the ones already there. */
export async function loadLanguage(lng: string, namespaces: readonly string[] = NAMESPACES): Promise<void> {
  const source = lng === PSEUDO_LANGUAGE ? 'en' : lng;
  const files = Object.entries(bundles).filter(([file]) => {
    const [, fileLng, ns] = LOCALE_FILE.exec(file) ?? [];
    return fileLng === source && namespaces.includes(ns!) && !i18n.hasResourceBundle(lng, ns!);
  });
  const transform = lng === PSEUDO_LANGUAGE ? (await import('./pseudo')).pseudoTexts : <T>(texts: T) => texts;
  await Promise.all(files.map(async ([file, load]) => i18n.addResourceBundle(lng, LOCALE_FILE.exec(file)![2]!, transform(await load()), true, true)));
}

function storedLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  return stored && known(stored) ? stored : DEFAULT_LANGUAGE;
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
  })
  .then(() => Promise.all([loadLanguage(initial, FIRST_PAINT), loadLanguage(DEFAULT_LANGUAGE, FIRST_PAINT), loadLocalePacks(initial, { dates: false })]))
  .then(() => applyLanguage(initial));
function applyLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
i18n.on('languageChanged', applyLanguage);

/** The language chosen last: a slower load of an earlier choice must not switch to it afterwards. */
let chosen: Language | null = null;

/** Switches the whole console (texts, antd, dayjs) without a reload, once the language's files are there. */
export async function changeLanguage(lng: Language): Promise<void> {
  chosen = lng;
  localStorage.setItem(STORAGE_KEY, lng);
  await Promise.all([loadLanguage(lng), loadLocalePacks(lng)]);
  if (chosen === lng) await i18n.changeLanguage(lng);
}

/** Every namespace of the current language and of the fallback, and its date pack; the console awaits it. */
export const loadAllTexts = (): Promise<unknown> => Promise.all([loadLanguage(i18n.language), loadLanguage(DEFAULT_LANGUAGE), loadLocalePacks(i18n.language)]);

/** Refine's i18n provider over the same i18next instance. */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const params = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
    const text = i18n.t(key, { ...params, defaultValue: defaultMessage ?? (typeof options === 'string' ? options : key) });
    return String(text);
  },
  changeLocale: (lng: string) => changeLanguage(lng),
  getLocale: () => i18n.language,
};

export default i18n;
