// The console's route paths for the e2e specs, without importing the route table (see consoleRoutePaths).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROUTES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/console/routes.tsx');

/**
 * Every path of `consoleRoutes` (src/console/routes.tsx), read from its source: the table imports the pages'
 * code (Vite-only `import.meta.glob`), so Node cannot import it; tests/unit/a11y-routes.test.ts holds this list
 * equal to the table itself, so a route added there is checked here without anyone listing it.
 */
export function consoleRoutePaths(source = readFileSync(ROUTES_FILE, 'utf8')): string[] {
  const table = source.slice(source.indexOf('export const consoleRoutes'));
  return [...table.slice(0, table.indexOf('];')).matchAll(/^\s*(?:route|tool)\('([^']+)'/gm)].map((m) => m[1]);
}
