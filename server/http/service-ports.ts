import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { endpointNames, endpoints, type Service } from '#contract/endpoints';
import { feedNames, feeds } from '#contract/feeds';
import { CODE, envelope } from './envelope';
import { langOf, message } from './messages';

/** The services that may listen on a port of their own (main keeps the server's own port). */
export type OwnPortService = Exclude<Service, 'main'>;
export const OWN_PORT_SERVICES: readonly OwnPortService[] = ['task', 'order', 'change'];

/** Which service a path belongs to: its call or socket in the contract (contract/endpoints.ts, contract/feeds.ts); files and the rest are main's. */
const serviceByPath = new Map<string, Service>([
  ...endpointNames.map((name) => [endpoints[name].path, endpoints[name].service] as const),
  ...feedNames.map((name) => [feeds[name].path, feeds[name].service] as const),
]);
export const serviceOfPath = (url: string): Service => serviceByPath.get(url.split('?')[0]!) ?? 'main';

/**
 * Starts the services given a port of their own (0 = any free one), as a deployment with a host per service
 * has them: each port answers only its service's calls and sockets, and the server's own port no longer
 * answers those (it answers main and the files). Every port is the same application: a request is handed to
 * it, and one hook refuses a path that arrived on another service's port with the envelope's 404. Answers
 * the ports bound and how to close them.
 */
export async function listenServices(app: FastifyInstance, ports: Partial<Record<OwnPortService, number>>, host: string) {
  const wanted = OWN_PORT_SERVICES.filter((service) => ports[service] !== undefined);
  const servers = new Map<OwnPortService, Server>();
  for (const service of wanted) {
    const server = createServer((req, res) => app.server.emit('request', req, res));
    server.on('upgrade', (req, socket, head) => app.server.emit('upgrade', req, socket, head));
    servers.set(service, server);
  }
  /** local port → the service it is for; a port not here is the server's own (main, and the services without a port of their own). */
  const portService = new Map<number, OwnPortService>();
  app.addHook('onRequest', async (request, reply) => {
    const arrivedFor = portService.get(request.socket.localPort ?? -1) ?? 'main';
    const belongs = serviceOfPath(request.url);
    const ownPort = belongs !== 'main' && servers.has(belongs);
    if (arrivedFor === belongs || (arrivedFor === 'main' && !ownPort)) return;
    const call = `${request.method} ${request.url.split('?')[0]}`;
    await reply.code(200).send(envelope(CODE.notFound, message(langOf(request.headers['accept-language']), 'err.unknownCall', { call })));
  });
  const bound = {} as Partial<Record<OwnPortService, number>>;
  for (const [service, server] of servers) {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports[service], host, () => resolve());
    });
    bound[service] = (server.address() as AddressInfo).port;
    portService.set(bound[service]!, service);
  }
  return {
    ports: bound,
    close: async () => {
      for (const server of servers.values()) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
