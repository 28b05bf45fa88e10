import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { registerSecurityHeaders } from './headers';

/** Routes prerendered at build time (scripts/prerender.ts): `/login` is served from `login.html`. */
export const PRERENDERED_ROUTES = ['/login', '/home', '/guide'] as const;

/** Files whose names carry a content hash (Vite's `assets/name-HASH.ext`, or its .br/.gz) never change under their URL. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the prerendered pages, config.json): revalidate on every use. */
export const CACHE_REVALIDATE = 'no-cache';

export const cacheControlFor = (file: string): string => (HASHED_ASSET.test(file) ? CACHE_IMMUTABLE : CACHE_REVALIDATE);

/**
 * Validators and range support that an immutable file never uses: the browser does not revalidate it
 * and a script is fetched whole. ~100 bytes of headers on every script of a first visit for nothing.
 */
export const NOT_ON_IMMUTABLE = ['etag', 'last-modified', 'accept-ranges'] as const;

/**
 * The security headers (server/http/headers.ts) and compression for every reply, then the built
 * console when there is one.
 * - Dynamic replies (JSON over 1 KB) are compressed on the fly: brotli at a fast level, or gzip.
 * - Static files are sent as the `.br` / `.gz` siblings written at build time (scripts/compress.mjs),
 *   picked by Accept-Encoding, with `Vary: Accept-Encoding` and the cache policy above; a hashed
 *   (immutable) file without ETag, Last-Modified or Accept-Ranges.
 * Must be registered before the routes, so @fastify/compress sees every route as it is added.
 */
export async function registerStatic(app: FastifyInstance, staticDir: string | null): Promise<void> {
  registerSecurityHeaders(app, staticDir);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // on-the-fly brotli at its default level 11 costs far more CPU than it saves for JSON
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  if (!staticDir) return;
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', cacheControlFor(file));
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.getHeader('cache-control') === CACHE_IMMUTABLE) for (const name of NOT_ON_IMMUTABLE) reply.removeHeader(name);
    return payload;
  });
  // a route prerendered at build time paints before any script; the others get index.html (routes.ts)
  for (const route of PRERENDERED_ROUTES) {
    const file = `${route.slice(1)}.html`;
    if (!existsSync(path.join(staticDir, file))) continue;
    app.get(route, (_request, reply) => reply.type('text/html; charset=utf-8').sendFile(file));
  }
}
