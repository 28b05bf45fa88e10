/**
 * Every text the server sends back, in the caller's language. The languages are the folders of
 * contract/locales, the console's own: a translator's one folder covers both sides, and a new folder is a
 * new language here too, with no code change. The server's own texts are each folder's `server.json`; a key
 * `namespace:path.to.text` repeats a console text word for word (e.g. the global config's problems). A text
 * a language lacks is zh-CN's. Placeholders are i18next's `{{name}}`, filled from the params.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type zhServer from '#contract/locales/zh-CN/server.json';

/** The source language: the default, and every other language's fallback text. */
export const SOURCE_LANGUAGE = 'zh-CN';
/** A folder of contract/locales (langOf only answers those). */
export type Lang = string;

/** 'a.b.c' for every text of a nested locale file. */
type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string];
/** A key of server.json, typed from zh-CN's: a misspelt key does not compile. */
export type ServerKey = Leaves<typeof zhServer>;

/** The console namespaces whose texts the server repeats. */
type ConsoleNamespace = 'globalConfig' | 'unilateral' | 'coins' | 'binance' | 'miner' | 'alerts';
export type ConsoleKey = `${ConsoleNamespace}:${string}`;

export type MessageKey = ServerKey | ConsoleKey;
export type MessageParams = Record<string, string | number>;

const SERVER_NAMESPACE = 'server';
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

export interface Catalog {
  /** every language folder, zh-CN among them */
  readonly languages: readonly Lang[];
  /** the language to answer in, from an Accept-Language header (or a `lang` query: one tag) */
  langOf(acceptLanguage: string | string[] | undefined): Lang;
  message(lang: Lang, key: MessageKey, params?: MessageParams): string;
  hasMessage(key: string): key is MessageKey;
}

/** The texts of the language folders under `localesDir`, each file read once, when first needed. */
export function loadCatalog(localesDir: string): Catalog {
  const languages = readdirSync(localesDir).filter((lng) => statSync(path.join(localesDir, lng)).isDirectory());
  const files = new Map<string, unknown>();
  const fileOf = (lng: Lang, namespace: string): unknown => {
    const name = `${lng}/${namespace}`;
    if (!files.has(name)) {
      let texts: unknown;
      try {
        texts = JSON.parse(readFileSync(path.join(localesDir, lng, `${namespace}.json`), 'utf8'));
      } catch {
        texts = undefined; // a namespace the language has not translated: zh-CN's texts answer
      }
      files.set(name, texts);
    }
    return files.get(name);
  };
  const lookup = (lng: Lang, key: string): string | undefined => {
    const colon = key.indexOf(':');
    const [namespace, dotted] = colon > 0 ? [key.slice(0, colon), key.slice(colon + 1)] : [SERVER_NAMESPACE, key];
    for (const from of lng === SOURCE_LANGUAGE ? [lng] : [lng, SOURCE_LANGUAGE]) {
      let node = fileOf(from, namespace);
      for (const part of dotted.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
      if (typeof node === 'string') return node;
    }
    return undefined;
  };
  return {
    languages,
    langOf: (acceptLanguage) => pickLanguage(acceptLanguage, languages),
    message(lang, key, params = {}) {
      return (lookup(lang, key) ?? key).replace(PLACEHOLDER, (whole, name: string) => (name in params ? String(params[name]) : whole));
    },
    hasMessage: (key: string): key is MessageKey => lookup(SOURCE_LANGUAGE, key) !== undefined,
  };
}

/** The ranges of an Accept-Language header, most wanted first (q=0 left out; equal q keep their order). */
function ranges(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.split(';').map((s) => s.trim());
      const q = options.find((option) => /^q=/i.test(option));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter(({ tag, quality }) => tag && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

/** Chinese is written in two scripts: Traditional where the region is Taiwan, Hong Kong or Macau, else Simplified. */
function scriptOf(subtags: readonly string[]): string | undefined {
  const script = subtags.slice(1).find((subtag) => /^[a-z]{4}$/.test(subtag));
  if (script) return script;
  if (subtags[0] !== 'zh') return undefined;
  return subtags.slice(1).some((subtag) => ['tw', 'hk', 'mo'].includes(subtag)) ? 'hant' : 'hans';
}

/**
 * The language folder that answers one range: the same tag, else one of the same language and script
 * (zh-HK and zh-Hant read zh-TW; zh, zh-SG and zh-Hans read zh-CN; en-GB reads en), the same region first,
 * then the shortest tag.
 */
function matchRange(range: string, languages: readonly Lang[]): Lang | undefined {
  const exact = languages.find((lng) => lng.toLowerCase() === range);
  if (exact) return exact;
  const wanted = range.split('-');
  const script = scriptOf(wanted);
  const region = wanted.slice(1).find((subtag) => /^([a-z]{2}|\d{3})$/.test(subtag));
  const near = languages
    .map((lng) => ({ lng, subtags: lng.toLowerCase().split('-') }))
    .filter(({ subtags }) => subtags[0] === wanted[0])
    .filter(({ subtags }) => script === undefined || scriptOf(subtags) === undefined || scriptOf(subtags) === script)
    .sort((a, b) => Number(b.subtags.includes(region ?? '')) - Number(a.subtags.includes(region ?? '')) || a.lng.length - b.lng.length);
  return near[0]?.lng;
}

export function pickLanguage(acceptLanguage: string | string[] | undefined, languages: readonly Lang[]): Lang {
  for (const range of ranges(acceptLanguage)) {
    const lng = range === '*' ? SOURCE_LANGUAGE : matchRange(range, languages);
    if (lng) return lng;
  }
  return SOURCE_LANGUAGE;
}

const catalog = loadCatalog(fileURLToPath(new URL('../../contract/locales', import.meta.url)));

export const langOf = catalog.langOf;
export const message = catalog.message;
export const hasMessage = catalog.hasMessage;
