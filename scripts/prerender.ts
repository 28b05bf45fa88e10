// Build step after `vite build`: the public routes paint before any script runs.
// - /login, /home and /guide are rendered with react-dom/static from the app's own tree (AppShell in a
//   static router, the same tree the browser hydrates), with antd's styles for that markup inlined, into
//   dist/<route>.html (served for those paths by server/http/static.ts).
// - Every page (those three and index.html) preloads what it needs next in parallel with the entry
//   script: config.json, the zh-CN texts, and the first route's chunks (modulepreload).
// - index.html (every console route) links antd's styles for the light theme, made here (scripts/antd-sheet.ts).
// A visitor whose language, theme or session differs from the prerender's (zh-CN, light, signed out)
// gets an empty root from a tiny inline check before paint, and the app renders as without prerender.
// What a visitor types before hydration is recorded inline and given back after it (src/components/lazy-page/hydration.ts).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { ComponentType } from 'react';
import { createServer } from 'vite';

// antd's class names (css-dev-only-… otherwise) and React's build must be the browser's: set before
// React, antd and their style engine load, so those are imported dynamically below
process.env.NODE_ENV = 'production';
const { createElement } = await import('react');
const { prerenderToNodeStream } = await import('react-dom/static');
const { StaticRouter } = await import('react-router');
const { createCache, extractStyle, StyleProvider } = await import('@ant-design/cssinjs');
const { antdSheet, importedFromAntd } = await import('./antd-sheet');

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
export const PRERENDERED = {
  '/login': 'src/features/account/login.tsx',
  '/home': 'src/features/account/home/index.tsx',
  '/guide': 'src/features/account/guide.tsx',
} as const;
const CONSOLE = 'src/console/index.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk's file and every chunk it statically imports, transitively. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, seen);
  return seen;
}

/** The links that start a route's own requests together with the entry script. */
function preloads(manifest: Manifest, keys: string[]): string {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
  const already = chunkFiles(manifest, entry);
  const files = new Set<string>();
  for (const key of keys) for (const file of chunkFiles(manifest, key)) if (!already.has(file)) files.add(file);
  return [
    '<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous">',
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

/** Runs before paint: empties the prerendered root when the visitor's state is not the prerender's. */
function staleCheck(themeKey: string, languageKey: string, language: string, tokenCookie: string): void {
  try {
    const stale =
      localStorage.getItem(themeKey) === 'dark' ||
      (localStorage.getItem(languageKey) ?? language) !== language ||
      document.cookie.split('; ').some((pair) => pair.startsWith(`${tokenCookie}=`) && pair.length > tokenCookie.length + 1);
    if (stale) document.getElementById('root')!.replaceChildren();
  } catch {
    document.getElementById('root')!.replaceChildren();
  }
}

async function render(AppShell: ComponentType, location: string): Promise<{ html: string; css: string }> {
  const cache = createCache();
  const tree = createElement(StyleProvider, { cache }, createElement(StaticRouter, { location }, createElement(AppShell)));
  // one piece: past progressiveChunkSize (12.8 KB by default) React would outline a page's boundary
  // behind its fallback and an inline swap script, so the page would paint only with script on
  // an error inside the tree would leave a boundary's fallback (a spinner) in the page: the build fails instead
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: (error) => void errors.push(error) });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  if (errors.length) throw new Error(`${location} did not render: ${errors.map((e) => (e instanceof Error ? (e.stack ?? e.message) : String(e))).join('\n')}`);
  return { html: Buffer.concat(chunks).toString('utf8'), css: extractStyle(cache) };
}

async function main(): Promise<void> {
  const started = Date.now();
  // Vite's index.html as built, kept aside so that running this step again starts from it
  const pristine = path.join(DIST, '.vite/index.html');
  if (!existsSync(pristine)) copyFileSync(path.join(DIST, 'index.html'), pristine);
  const template = readFileSync(pristine, 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const texts = Object.keys(manifest).filter((key) => /^contract\/locales\/zh-CN\/[^/]+\.json$/.test(key));
  const commonTexts = texts.filter((key) => key.endsWith('/common.json'));
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root"></div>');

  const vite = await createServer({ root: ROOT, mode: 'production', logLevel: 'error', server: { middlewareMode: true, hmr: false }, appType: 'custom' });
  try {
    // browser globals the app reads while rendering: nothing stored, as for a first visit
    const storage = new Map<string, string>();
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => storage.set(k, v),
        removeItem: (k: string) => storage.delete(k),
      },
    });
    const { i18nReady, STORAGE_KEY: languageKey, DEFAULT_LANGUAGE } = await vite.ssrLoadModule('/src/providers/i18n.ts');
    const { STORAGE_KEY: themeKey } = await vite.ssrLoadModule('/src/components/theme-mode/index.tsx');
    const { KEYS } = await vite.ssrLoadModule('/src/providers/session.ts');
    const { AppShell } = await vite.ssrLoadModule('/src/app/root.tsx');
    const { recordTypingBeforeHydration, TYPED_BEFORE_HYDRATION } = await vite.ssrLoadModule('/src/components/lazy-page/hydration.ts');
    await i18nReady;

    // the console (every route but the three) needs its code, every namespace of the texts, and antd's styles in
    // the default theme, with and without motion, before its own (scripts/antd-sheet.ts)
    const { themeConfig, WITHOUT_MOTION } = await vite.ssrLoadModule('/src/app/theme.ts');
    const light = [false, true].map((reducedMotion) => [WITHOUT_MOTION, themeConfig('light', reducedMotion)]);
    const sheet = antdSheet(light, importedFromAntd(path.join(ROOT, 'src')));
    const sheetFile = `assets/antd-${createHash('sha256').update(sheet).digest('hex').slice(0, 8)}.css`;
    writeFileSync(path.join(DIST, sheetFile), sheet);
    if (!template.includes('<title>')) throw new Error('dist/index.html has no <title>');
    const consolePage = template
      .replace('<title>', `<link rel="stylesheet" href="/${sheetFile}"><title>`)
      .replace('</head>', `${preloads(manifest, [CONSOLE, ...texts])}</head>`);
    writeFileSync(path.join(DIST, 'index.html'), consolePage);
    console.log(`[prerender] antd's styles → dist/${sheetFile} (${(sheet.length / 1000).toFixed(1)} KB)`);

    const call = (fn: (...args: string[]) => void, ...args: string[]) => `(${fn.toString()})(${args.map((v) => JSON.stringify(v)).join(',')});`;
    const check = `<script>${call(staleCheck, themeKey, languageKey, DEFAULT_LANGUAGE, KEYS.token)}</script>`;
    // in the head, before the page's inputs exist: the page arrives in pieces, and one typed into before a recorder
    // placed after the root would not count once hydrated (it showed the text, the form had none)
    const recorder = `<script>${call(recordTypingBeforeHydration, TYPED_BEFORE_HYDRATION)}</script>`;

    for (const [route, page] of Object.entries(PRERENDERED)) {
      const { html, css } = await render(AppShell as ComponentType, route);
      if (html.includes('css-dev-only')) throw new Error(`${route}: antd rendered development class names`);
      const out = template
        .replace('</head>', `${recorder}${preloads(manifest, [page, ...commonTexts])}${css}</head>`)
        .replace('<div id="root"></div>', `<div id="root">${html}</div>${check}`);
      writeFileSync(path.join(DIST, `${route.slice(1)}.html`), out);
      console.log(`[prerender] ${route} → dist${route}.html (${(out.length / 1000).toFixed(1)} KB)`);
    }
  } finally {
    await vite.close();
  }
  console.log(`[prerender] done in ${Date.now() - started} ms`);
}

await main();
