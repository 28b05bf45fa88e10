import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { CONTRACT, relativeImportsOf, sourcesUnder } from './imports';

/**
 * The layout of server/ (server/README.md "Layout"): its folders in the order data flows, each importing
 * only the parts its row names, read from the sources themselves (type-only imports count). A file at the
 * top of server/ is a part of its own.
 */
const MAY_IMPORT = {
  'clock/': [],
  'settings.ts': [],
  'demo-accounts.ts': [],
  'bus.ts': [],
  'ccxt.ts': [],
  'market/': ['clock/', 'ccxt.ts'],
  'engine/': ['clock/', 'market/'],
  'store/': ['engine/', 'market/'],
  'ledger/': ['clock/', 'engine/', 'market/', 'store/'],
  'gateway/': ['engine/', 'market/', 'store/', 'ledger/', 'ccxt.ts'],
  'paper/': ['engine/', 'market/', 'store/'],
  'aevo/': ['engine/', 'market/', 'store/'],
  'http/': ['clock/', 'market/', 'store/', 'context.ts', 'settings.ts'],
  'secrets/': ['store/'],
  'exchange/': ['clock/', 'engine/', 'market/', 'store/', 'ledger/', 'http/', 'settings.ts', 'bus.ts', 'ccxt.ts'],
  'context.ts': ['clock/', 'market/', 'store/', 'gateway/', 'exchange/', 'http/', 'bus.ts', 'settings.ts'],
  'hedging/': ['clock/', 'engine/', 'market/', 'store/', 'ledger/', 'gateway/', 'context.ts'],
  'unilateral/': ['clock/', 'market/', 'store/', 'gateway/', 'bus.ts', 'context.ts'],
  'alerts/': ['clock/', 'market/', 'store/', 'context.ts'],
  'handlers/': [
    'clock/',
    'engine/',
    'market/',
    'store/',
    'ledger/',
    'gateway/',
    'exchange/',
    'hedging/',
    'paper/',
    'aevo/',
    'http/',
    'context.ts',
    'unilateral/',
    'alerts/',
    'demo-accounts.ts',
  ],
  'feeds/': ['engine/', 'market/', 'store/', 'ledger/', 'http/', 'handlers/', 'context.ts', 'bus.ts'],
  'seed/': ['clock/', 'engine/', 'store/', 'ledger/', 'paper/', 'aevo/', 'hedging/', 'http/', 'context.ts', 'unilateral/', 'demo-accounts.ts'],
  'main.ts': [
    'clock/',
    'market/',
    'engine/',
    'store/',
    'ledger/',
    'gateway/',
    'exchange/',
    'hedging/',
    'http/',
    'context.ts',
    'handlers/',
    'feeds/',
    'seed/',
    'settings.ts',
    'bus.ts',
    'unilateral/',
    'alerts/',
    'secrets/',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * The imports that run against the table, each named file to file: none, and it stays so (a new one fails the
 * rules above; one listed here that is gone fails 'every exception still exists').
 */
const EXCEPTIONS: string[] = [];

const SERVER = resolve(__dirname, '../../server');
const files = sourcesUnder(SERVER).filter((file) => !file.endsWith('.d.ts'));

/** The part of server/ a file is in: its top folder ('clock/') or, at the top, its own name ('main.ts'). */
const partOf = (rel: string) => (rel.includes('/') ? `${rel.split('/')[0]}/` : rel);

/** The file an import names (with its extension or index.ts), relative to server/; outside server/: null. */
function target(path: string): string | null {
  const rel = relative(SERVER, path);
  if (rel.startsWith('..')) return null;
  const file = [path, `${path}.ts`, resolve(path, 'index.ts')].find((candidate) => existsSync(candidate) && candidate.endsWith('.ts'));
  return file ? relative(SERVER, file) : `${rel} (not found)`;
}

/** Every import of a server file into another server file. */
const imports = files.flatMap((file) => {
  const from = relative(SERVER, file);
  return relativeImportsOf(file).flatMap(({ path }) => {
    const to = target(path);
    return to === null ? [] : [{ from, to, edge: `${from} → ${to}` }];
  });
});

describe('the layout of server/', () => {
  it('reads the imports it judges (a check that sees nothing passes for nothing)', () => {
    expect(imports.some(({ from, to }) => from === 'main.ts' && to === 'hedging/runner.ts')).toBe(true);
    expect(imports.some(({ from, to }) => from.startsWith('handlers/') && to.startsWith('store/'))).toBe(true);
  });

  it('imports the contract, and nothing of the console (src/)', () => {
    const SRC = resolve(SERVER, '../src');
    const outside = files.flatMap((file) =>
      relativeImportsOf(file)
        .filter(({ path }) => !relative(SRC, path).startsWith('..'))
        .map(({ specifier }) => `server/${relative(SERVER, file)} imports ${specifier}`),
    );
    expect(outside).toEqual([]);
    expect(files.some((file) => relativeImportsOf(file).some(({ path }) => !relative(CONTRACT, path).startsWith('..')))).toBe(true);
  });

  it("takes ccxt's code through server/ccxt.ts alone, in the server and its tests: a second copy would have error classes of its own", () => {
    const runtime = /^import\s+(?!type\s)[^;]*?from\s+'ccxt'|(?:\brequire|\))\(\s*'ccxt'\s*\)|import\(\s*'ccxt'\s*\)/m;
    const takers = [...files, ...sourcesUnder(resolve(SERVER, '../tests')), ...sourcesUnder(resolve(SERVER, '../bench'))]
      .filter((file) => runtime.test(readFileSync(file, 'utf8')))
      .map((file) => relative(resolve(SERVER, '..'), file));
    expect(takers).toEqual(['server/ccxt.ts']);
  });

  it('names every part of server/', () => {
    const parts = new Set(files.map((file) => partOf(relative(SERVER, file))));
    for (const part of parts) expect(Object.keys(MAY_IMPORT), `server/${part}`).toContain(part);
  });

  it.each(Object.entries(MAY_IMPORT))('server/%s imports only what it may: %j', (part, allowed) => {
    const wrong = imports
      .filter(
        ({ from, to, edge }) =>
          partOf(from) === part && partOf(to) !== part && !(allowed as readonly string[]).includes(partOf(to)) && !EXCEPTIONS.includes(edge),
      )
      .map(({ edge }) => edge);
    expect(wrong).toEqual([]);
  });

  it('every exception still exists', () => {
    const present = new Set(imports.map(({ edge }) => edge));
    expect(EXCEPTIONS.filter((edge) => !present.has(edge))).toEqual([]);
  });

  it('no two files import each other, directly or round a longer circle', () => {
    const next = new Map<string, string[]>();
    for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
    const circles: string[] = [];
    const done = new Set<string>();
    const walk = (file: string, path: string[]) => {
      for (const to of next.get(file) ?? []) {
        const at = path.indexOf(to);
        if (at >= 0) circles.push([...path.slice(at), to].join(' → '));
        else if (!done.has(to)) walk(to, [...path, to]);
      }
      done.add(file);
    };
    for (const file of next.keys()) if (!done.has(file)) walk(file, [file]);
    expect(circles).toEqual([]);
  });

  it("says what server/README.md's module map says", () => {
    const readme = readFileSync(resolve(SERVER, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z-]+\/|[a-z-]+\.ts)` \|.*\| ([^|]*) \|$/gm)];
    const map = Object.fromEntries(
      rows.map(([, part, mayImport]) => [part, mayImport.trim() === '—' ? [] : mayImport.split(',').map((name) => name.trim().replace(/`/g, ''))]),
    );
    expect(map).toEqual(MAY_IMPORT);
  });
});
