// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointNames, endpoints } from '../../src/api/endpoints';
import { feedNames, feeds } from '../../src/live/feeds';

/**
 * deploy/nginx.conf sends every call and every socket of the contract to its service (the `service`
 * of src/api/endpoints.ts and src/live/feeds.ts): nginx picks the longest matching prefix location;
 * `/` (files first, then the main service) takes what no other names.
 */
const conf = readFileSync(path.resolve(__dirname, '../../deploy/nginx.conf'), 'utf8');
const prefixes = [...conf.matchAll(/location (\/[^\s{]*) \{ proxy_pass http:\/\/console_(\w+); \}/g)].map(([, prefix, service]) => ({ prefix: prefix!, service: service! }));

const serviceOf = (url: string): string =>
  prefixes.filter(({ prefix }) => url.startsWith(prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0]?.service ?? 'main';

describe('deploy/nginx.conf', () => {
  it('names a location for each service other than main, and main serves the rest', () => {
    expect(new Set(prefixes.map((p) => p.service))).toEqual(new Set(['task', 'order', 'change']));
    expect(conf).toMatch(/location @console_main \{[^}]*\{[^}]*\}\s*proxy_pass http:\/\/console_main;/);
  });

  it('routes every call of the contract to its service', () => {
    const wrong = endpointNames.filter((name) => serviceOf(endpoints[name].path) !== endpoints[name].service).map((name) => `${name} ${endpoints[name].path}`);
    expect(wrong).toEqual([]);
  });

  it('routes every socket to its service', () => {
    const wrong = feedNames.filter((name) => serviceOf(feeds[name].path) !== feeds[name].service).map((name) => `${name} ${feeds[name].path}`);
    expect(wrong).toEqual([]);
  });
});
