// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { endpointNames, endpoints, type EndpointName } from '#contract/endpoints';
import { feeds } from '#contract/feeds';
import { ManualClock } from '../../server/clock/clock';
import { startServer, type RunningServer } from '../../server/main';
import { OWN_PORT_SERVICES, serviceOfPath } from '../../server/http/service-ports';
import { TEST_SETTINGS, TEST_START } from './helpers';

/**
 * production topology: the reference server started with a port per service (servicePorts), as
 * deploy/nginx.conf's upstreams expect a host per service. Each port answers its own service's calls and
 * sockets only; the server's own port answers main (and the files) only.
 */
let server: RunningServer;
let dataDir = '';
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-ports-'));
  server = await startServer({
    port: 0,
    dataDir,
    staticDir: null,
    clock: new ManualClock(TEST_START),
    settings: TEST_SETTINGS,
    servicePorts: { task: 0, order: 0, change: 0 },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const base = (service: string) => (service === 'main' ? server.url : `http://127.0.0.1:${server.servicePorts[service as 'task']}`);
/** The envelope code of a call sent to a service's port (no token: a known call says "signed out", code 3, an unknown one 404). */
async function codeAt(service: string, name: EndpointName): Promise<number> {
  const { method, path: url } = endpoints[name];
  const reply = await fetch(base(service) + url, {
    method,
    ...(method === 'GET' || method === 'DELETE' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
  });
  return ((await reply.json()) as { code: number }).code;
}
/** Whether a socket opens at a service's port (closed at once). */
function opens(service: string, feedPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(base(service).replace(/^http/, 'ws') + feedPath);
    socket.once('open', () => {
      socket.close();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('unexpected-response', () => resolve(false));
  });
}

describe('a port per service', () => {
  it('binds a port for each service asked, apart from the main one', () => {
    const ports = OWN_PORT_SERVICES.map((service) => server.servicePorts[service]);
    for (const port of ports) expect(port).toBeGreaterThan(0);
    expect(new Set([server.port, ...ports]).size).toBe(4);
  });

  it("answers every call of the contract at its own service's port only", async () => {
    const wrong: string[] = [];
    for (const name of endpointNames) {
      const own = endpoints[name].service;
      if ((await codeAt(own, name)) === 404) wrong.push(`${name}: refused at its own ${own} port`);
      const other = own === 'main' ? 'task' : 'main';
      if ((await codeAt(other, name)) !== 404) wrong.push(`${name}: answered at the ${other} port`);
    }
    expect(wrong).toEqual([]);
  });

  it("opens each socket at its own service's port only", async () => {
    for (const feed of [feeds.market, feeds.task, feeds.demand, feeds.statistics]) {
      expect(await opens(feed.service, feed.path), feed.path).toBe(true);
      expect(await opens(feed.service === 'main' ? 'order' : 'main', feed.path), feed.path).toBe(false);
    }
  });

  it("reads the service of a path from the contract; files and unknown paths are main's", () => {
    expect(serviceOfPath('/ts/req?token=x')).toBe('task');
    expect(serviceOfPath(endpoints.orderNewest.path)).toBe('order');
    expect(serviceOfPath('/assets/index-abc.js')).toBe('main');
  });
});
