import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { CONTRACT, importsAcrossAreas, relativeImportsOf, sourcesUnder } from './imports';

/**
 * The layout of src/ (README "Layout"): which folder may import which. Read from the sources themselves:
 * every import, export … from, import type and import() of every .ts/.tsx file, so a type-only import counts
 * as much as any other. The README's module map says the same, folder by folder. The contract (contract/,
 * shared with the server) is below every folder; outside src/, nothing else.
 */
const MAY_IMPORT = {
  domain: [],
  api: ['domain'],
  live: ['api', 'domain'],
  providers: ['api', 'domain', 'live'],
  components: ['api', 'domain', 'live', 'providers'],
  features: ['api', 'domain', 'live', 'providers', 'components'],
  console: ['api', 'domain', 'live', 'providers', 'components', 'features'],
  app: ['api', 'domain', 'live', 'providers', 'components', 'features', 'console'],
  // src/main.tsx
  '.': ['api', 'providers', 'app'],
} as const satisfies Record<string, readonly string[]>;
type Folder = keyof typeof MAY_IMPORT;

const SRC = resolve(__dirname, '../../src');
const FEATURES = resolve(SRC, 'features');
const SERVER = resolve(__dirname, '../../server');
const inside = (dir: string, path: string) => !relative(dir, path).startsWith('..');

/** The folder of src/ a path is in ('.' for a file at the top, 'console' for src/console itself); outside src/: null. */
function folderOf(path: string): string | null {
  const rel = relative(SRC, path);
  if (rel.startsWith('..')) return null;
  if (rel.includes('/') || (existsSync(path) && statSync(path).isDirectory())) return rel.split('/')[0];
  return '.';
}

interface Edge {
  file: string;
  from: string;
  to: string;
  specifier: string;
}

/** Every import of one source file into another folder (or out of src/) as an edge between folders. */
const edges: Edge[] = sourcesUnder(SRC).flatMap((file) => {
  const from = folderOf(file)!;
  return relativeImportsOf(file).flatMap(({ specifier, path }) => {
    if (inside(CONTRACT, path)) return [];
    const to = folderOf(path) ?? `outside src (${specifier})`;
    return to === from ? [] : [{ file: relative(SRC, file), from, to, specifier }];
  });
});

/** Every import of a file of `dir` that names a file under one of `forbidden`, as 'file imports specifier'. */
const importsInto = (dir: string, forbidden: readonly string[]) =>
  sourcesUnder(dir).flatMap((file) =>
    relativeImportsOf(file)
      .filter(({ path }) => forbidden.some((other) => inside(other, path)))
      .map(({ specifier }) => `${relative(resolve(dir, '..'), file)} imports ${specifier}`),
  );

const describeEdge = ({ file, specifier }: Edge) => `src/${file} imports ${specifier}`;

describe('the layout of src/', () => {
  it('reads the imports it judges (a check that sees nothing passes for nothing)', () => {
    expect(edges.some((edge) => edge.from === 'components' && edge.to === 'providers')).toBe(true);
    expect(edges.some((edge) => edge.from === 'console' && edge.to === 'features')).toBe(true);
    expect(edges.some((edge) => edge.from === 'providers' && edge.to === 'live')).toBe(true);
  });

  it('names every folder of src/', () => {
    const folders = new Set(sourcesUnder(SRC).map((file) => folderOf(file)));
    for (const folder of folders) expect(Object.keys(MAY_IMPORT), `src/${folder}`).toContain(folder);
  });

  it.each(Object.entries(MAY_IMPORT))('src/%s imports only what it may: %j', (folder, allowed) => {
    const wrong = edges.filter((edge) => edge.from === folder && !(allowed as readonly string[]).includes(edge.to));
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it('no two folders import each other, directly or round a longer circle', () => {
    const next = new Map<string, Set<string>>();
    for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
    const circles: string[] = [];
    const walk = (folder: string, path: string[]) => {
      for (const to of next.get(folder) ?? []) {
        if (to === path[0]) circles.push([...path, to].join(' → '));
        else if (!path.includes(to)) walk(to, [...path, to]);
      }
    };
    for (const folder of next.keys()) walk(folder, [folder]);
    expect(circles).toEqual([]);
  });

  it('imports the contract, and nothing of the server', () => {
    expect(sourcesUnder(SRC).some((file) => relativeImportsOf(file).some(({ path }) => inside(CONTRACT, path)))).toBe(true);
    expect(importsInto(SRC, [SERVER])).toEqual([]);
  });

  it("says what the README's module map says", () => {
    const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `src\/([a-z]+\/|main\.tsx)` \|.*\| ([^|]*) \|$/gm)];
    const map = Object.fromEntries(
      rows.map(([, folder, mayImport]) => [
        folder === 'main.tsx' ? '.' : folder.slice(0, -1),
        mayImport.trim() === '—' || mayImport.startsWith('nothing') ? [] : mayImport.split(',').map((name) => name.trim()),
      ]),
    );
    expect(map).toEqual(MAY_IMPORT);
  });

  it('every rule points downwards: the table itself has no circle', () => {
    const order = Object.keys(MAY_IMPORT) as Folder[];
    const placed: string[] = [];
    // a folder is placed once everything it may import is placed; a circle would leave some unplaced
    for (let round = 0; round < order.length; round++) {
      for (const folder of order) {
        if (!placed.includes(folder) && MAY_IMPORT[folder].every((to: string) => placed.includes(to))) placed.push(folder);
      }
    }
    expect(placed.sort()).toEqual([...order].sort());
  });
});

describe('the feature areas (src/features/)', () => {
  it('are one folder each: no file lies loose in src/features/', () => {
    const files = sourcesUnder(FEATURES);
    expect(files.filter((file) => !relative(FEATURES, file).includes('/'))).toEqual([]);
    expect(new Set(files.map((file) => relative(FEATURES, file).split('/')[0])).size).toBeGreaterThan(5);
  });

  it('no feature imports another', () => {
    // the same check over the folders of src/ finds their (downward) imports: it reads what it judges
    expect(importsAcrossAreas(SRC)).toContain('src/features/tasks/list.tsx imports ../../components/notify');
    expect(importsAcrossAreas(FEATURES)).toEqual([]);
  });
});

describe('the contract (contract/)', () => {
  it('is imported by both sides and imports neither', () => {
    expect(sourcesUnder(SERVER).some((file) => relativeImportsOf(file).some(({ path }) => inside(CONTRACT, path)))).toBe(true);
    expect(importsInto(CONTRACT, [SRC, SERVER])).toEqual([]);
  });
});
