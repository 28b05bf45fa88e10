// Build step after `vite build` and the prerender: writes a `.br` (brotli, level 11) and a `.gz` (gzip,
// level 9) next to every compressible file of dist/, so the server sends them as they are
// (server/http/static.ts, @fastify/static `preCompressed`) instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|xml|ico|webmanifest)$/;
/** Below this a compressed copy saves less than the headers around it. */
const MIN_BYTES = 256;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (COMPRESSIBLE.test(entry.name)) yield file;
  }
}

/** Compresses every compressible file under `dir`; returns how many files got siblings. */
export function compressDir(dir: string): number {
  let count = 0;
  for (const file of files(dir)) {
    if (statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const started = Date.now();
  const count = compressDir(dir);
  console.log(`[compress] ${count} files in ${path.relative(process.cwd(), dir) || '.'} → .br + .gz (${Date.now() - started} ms)`);
}
