// Build step after `vite build` and the prerender: writes a `.br` (brotli, level 11) and a `.gz` (gzip,
// level 9) next to every compressible file of dist/, so the server sends them as they are
// (server/http/static.ts, @fastify/static `preCompressed`) instead of compressing on every request.
// The build compresses every file at once with zlib's asynchronous calls, which run on libuv's thread
// pool, so every core works on them (twice as fast on two cores as one file after another).
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|xml|ico|webmanifest)$/;
/** Below this a compressed copy saves less than the headers around it. */
const MIN_BYTES = 256;
const brotliOptions = (body: Buffer): BrotliOptions => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
const GZIP_OPTIONS: ZlibOptions = { level: 9 };

/** The compressible files under `dir` worth a compressed copy. */
function compressible(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...compressible(file));
    else if (COMPRESSIBLE.test(entry.name) && statSync(file).size >= MIN_BYTES) found.push(file);
  }
  return found;
}

/** Compresses every compressible file under `dir`, all at once on zlib's thread pool; returns how many files got siblings. */
export async function compressDir(dir: string): Promise<number> {
  const files = compressible(dir);
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [br, gzipped] = await Promise.all([brotli(body, brotliOptions(body)), gz(body, GZIP_OPTIONS)]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
  return files.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const started = Date.now();
  const count = await compressDir(dir);
  console.log(`[compress] ${count} files in ${path.relative(process.cwd(), dir) || '.'} → .br + .gz (${Date.now() - started} ms)`);
}
