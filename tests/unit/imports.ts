import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The imports of the sources, as the layering checks read them: every import, export … from, import type
 * and import() of every .ts/.tsx file, so a type-only import counts as much as any other.
 */
export function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const SPECIFIER = /\b(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Strips comments so an example in a doc comment is not read as an import. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The shared contract, imported by name: '#contract/<path>' (package.json `imports`). */
export const CONTRACT = resolve(__dirname, '../../contract');
const CONTRACT_PREFIX = '#contract/';

/**
 * The imports of one file into the repository: the specifier as written and the absolute path it names (no
 * extension added). Relative ones, and the contract's by name.
 */
export function relativeImportsOf(file: string): { specifier: string; path: string }[] {
  return [...withoutComments(readFileSync(file, 'utf8')).matchAll(SPECIFIER)].flatMap((match) => {
    const specifier = match[1] ?? match[2];
    if (specifier.startsWith(CONTRACT_PREFIX)) return [{ specifier, path: resolve(CONTRACT, specifier.slice(CONTRACT_PREFIX.length)) }];
    return specifier.startsWith('.') ? [{ specifier, path: resolve(dirname(file), specifier) }] : [];
  });
}

const ROOT = resolve(__dirname, '../..');

/**
 * Every import of a file of one area (a folder of `dir`, e.g. src/features/tasks) into another area of `dir`,
 * as 'file imports specifier'. A piece two areas need lives below them (components/, domain/, …), in neither.
 */
export function importsAcrossAreas(dir: string): string[] {
  const areaOf = (path: string) => relative(dir, path).split('/')[0];
  return sourcesUnder(dir).flatMap((file) =>
    relativeImportsOf(file)
      .filter(({ path }) => !relative(dir, path).startsWith('..') && areaOf(path) !== areaOf(file))
      .map(({ specifier }) => `${relative(ROOT, file)} imports ${specifier}`),
  );
}
