import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * The security headers of every reply: a Content-Security-Policy built from the console being served
 * (the sha256 of each inline script the prerender wrote, and connect-src from its config.json), no
 * MIME sniffing, no referrer, never inside a frame. Read once at start: a changed config.json takes
 * effect at the next start.
 */

/** Inline `<script>` bodies (no `src`), exactly as the browser hashes them. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/i.test(match[1] ?? '')) found.push(match[2] ?? '');
  }
  return found.filter((body) => body.trim() !== '');
}

export const sha256Source = (body: string): string => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

/** The hash source of every inline script in the served folder's pages, each once. */
export function inlineScriptHashes(staticDir: string | null): string[] {
  if (!staticDir) return [];
  const pages = readdirSync(staticDir).filter((name) => name.endsWith('.html'));
  const hashes = pages.flatMap((page) => inlineScripts(readFileSync(path.join(staticDir, page), 'utf8')).map(sha256Source));
  return [...new Set(hashes)].sort();
}

interface RuntimeConfig {
  services?: Record<string, unknown>;
  websocket?: unknown;
}

/** The origins of the configured services and of their websockets (`""` = the console's own origin, covered by 'self'). */
export function connectSources(config: RuntimeConfig): string[] {
  const bases = [...Object.values(config.services ?? {}), config.websocket].filter((value): value is string => typeof value === 'string' && value !== '');
  const origins = new Set<string>();
  for (const base of bases) {
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      continue;
    }
    origins.add(url.origin);
    // the feeds of a service live on the same host under ws: / wss:
    const twin = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'http:', 'wss:': 'https:' }[url.protocol];
    if (twin) origins.add(`${twin}//${url.host}`);
  }
  return [...origins].sort();
}

function readConfig(staticDir: string | null): RuntimeConfig {
  const file = staticDir ? path.join(staticDir, 'config.json') : null;
  if (!file || !existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RuntimeConfig;
  } catch {
    return {};
  }
}

/** The origins of the services and websockets in the served console's config.json (the feeds accept sockets from them). */
export const configuredOrigins = (staticDir: string | null): string[] => connectSources(readConfig(staticDir));

export function contentSecurityPolicy(scriptHashes: readonly string[], connect: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(' ')}`,
    // antd writes its styles at run time (CSS-in-JS) and the prerendered pages carry them inline
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connect].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(staticDir: string | null): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(inlineScriptHashes(staticDir), connectSources(readConfig(staticDir))),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
}

/**
 * What a reply that is not a page carries (scripts, JSON, files): a browser applies a policy to
 * documents only, so the page's long one would be ~0.5 KB of header on every script of a first visit
 * for nothing; this one still forbids running or framing such a reply if it is opened as a document.
 */
export const NON_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Browsers keep to https for this long once they have seen it over https (2 years, as deploy/nginx.conf). */
export const HSTS = 'max-age=63072000';

/**
 * Puts the headers on every reply: the page policy on HTML, the short one on files, JSON envelopes and errors;
 * HSTS on a request that came over https (itself, or through a trusted proxy's X-Forwarded-Proto: trustProxy).
 */
export function registerSecurityHeaders(app: FastifyInstance, staticDir: string | null): void {
  const page = securityHeaders(staticDir);
  app.addHook('onSend', async (request, reply, payload) => {
    const isPage = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    reply.headers(isPage ? page : NON_PAGE_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}

/** `npx tsx server/http/headers.ts dist`: the Content-Security-Policy of that build, for a proxy in front (deploy/nginx.conf). */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(securityHeaders(path.resolve(process.argv[2] ?? 'dist'))['content-security-policy']);
}
