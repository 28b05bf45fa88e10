/**
 * The transport half of a loopback exchange: one HTTP server on 127.0.0.1 (port 0) that answers REST and
 * upgrades websockets on the same port, records every request, and carries the failure modes a test
 * scripts (hold a reply until the test releases it, lose a request, fail every REST call with a status,
 * stop answering, drop or refuse the sockets). What a request means is the exchange's business (okx.ts): it hands in a
 * REST handler and a socket handler, so a second exchange can reuse this half.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocketServer, type WebSocket } from 'ws';

export interface RecordedRequest {
  transport: 'rest' | 'ws';
  /** GET, POST, DELETE… for REST; the websocket operation (login, subscribe, ping…) for a socket message */
  method: string;
  /** the path without its query (REST), or the socket's path (ws) */
  path: string;
  query: Record<string, string>;
  /** the parsed JSON body (REST POST), the form fields (a form-encoded body), or the parsed socket message */
  body: unknown;
  /** the API key the request carried, if any (never its secret or signature) */
  apiKey?: string;
  /** the exchange's clock when it arrived (ms) */
  time: number;
  /** performance.now() when it arrived, for latency measurements (bench) */
  at: number;
  /** false while the exchange was told to stop answering, and for a request it lost (`loseNext`) */
  answered: boolean;
}

/** A REST request as it came over the wire (signatures are computed on these). */
export interface RawRequest {
  headers: http.IncomingHttpHeaders;
  /** the path and query exactly as sent */
  url: string;
  body: string;
}

export interface RestReply {
  status: number;
  body: unknown;
}

/** Which requests a scripted failure applies to (all when omitted). */
export interface RequestMatch {
  method?: string;
  path?: string | RegExp;
}

/** A reply held back until the test releases it. */
export interface Hold {
  /** resolves with the request when it has arrived (and has been processed: its effects are in the state) */
  arrived: Promise<RecordedRequest>;
  /** sends the held reply */
  release(): void;
}

export interface HarnessControl {
  /** holds the next matching REST reply (the request is processed at once) until `release()` */
  holdNext(match?: RequestMatch): Hold;
  /**
   * loses the next matching REST request, as if it never reached the exchange: recorded (`answered: false`) but
   * never processed nor answered (its connection stays open until the client gives up); resolves with it once it came
   */
  loseNext(match?: RequestMatch): Promise<RecordedRequest>;
  /** every REST call answers this HTTP status until `failRest()` clears it */
  failRest(status?: number): void;
  /** accepts connections and requests but never answers (REST or socket) until resumeAnswering() */
  stopAnswering(): void;
  resumeAnswering(): void;
  /** closes every websocket abruptly (the client sees code 1006) */
  dropSockets(): void;
  /** refuses websocket upgrades (HTTP 503) until called with false: REST works, sockets do not */
  refuseSockets(refuse?: boolean): void;
  /** resolves with the next request (REST or socket) that matches */
  nextRequest(match?: RequestMatch | ((request: RecordedRequest) => boolean)): Promise<RecordedRequest>;
}

export interface SocketHandler {
  /** the upgrade paths this exchange serves (the query is ignored: OKX's demo adds ?brokerId=9999) */
  accepts(path: string): boolean;
  /** a socket was opened; `path` is its path without query */
  open(socket: WebSocket, path: string, query: URLSearchParams): void;
  /** a text message arrived on an open socket (not while stopped); answer through the socket */
  message(socket: WebSocket, text: string, record: RecordedRequest): void;
  close(socket: WebSocket): void;
  /** the key the socket has logged in with, recorded with each message it sends */
  keyOf?(socket: WebSocket): string | undefined;
}

export interface HarnessOptions {
  now: () => number;
  /** answers a REST request; effects on the exchange's state happen here */
  rest(request: RecordedRequest, raw: RawRequest): RestReply;
  /** the body of a REST reply failed by failRest(status), in the exchange's own error format */
  failBody(status: number): unknown;
  /** the API key header of this exchange (for the record) */
  apiKeyHeader: string;
  /** the socket message's operation name, for the record */
  wsMethod(message: unknown, text: string): string;
  sockets: SocketHandler;
}

export interface Harness {
  url: string;
  wsBase: string;
  requests: RecordedRequest[];
  control: HarnessControl;
  /** true while the exchange answers nothing */
  stopped(): boolean;
  close(): Promise<void>;
}

const matches = (match: RequestMatch | undefined, request: RecordedRequest): boolean =>
  !match ||
  ((!match.method || match.method.toUpperCase() === request.method.toUpperCase()) &&
    (!match.path || (typeof match.path === 'string' ? match.path === request.path : match.path.test(request.path))));

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (!raw) return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const requests: RecordedRequest[] = [];
  const holds: { match?: RequestMatch; hold: Hold; arrive(request: RecordedRequest): void; released: Promise<void> }[] = [];
  const losses: { match?: RequestMatch; lost(request: RecordedRequest): void }[] = [];
  const waiters: { match: (request: RecordedRequest) => boolean; resolve(request: RecordedRequest): void }[] = [];
  const sockets = new Set<WebSocket>();
  let failing: number | undefined;
  let stopped = false;
  let refusing = false;

  const record = (request: RecordedRequest): void => {
    requests.push(request);
    for (const waiter of waiters.filter((w) => w.match(request))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(request);
    }
  };

  const send = (res: http.ServerResponse, reply: RestReply): void => {
    if (res.destroyed) return;
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const key = req.headers[options.apiKeyHeader.toLowerCase()];
      const request: RecordedRequest = {
        transport: 'rest',
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: parseBody(raw, req.headers['content-type']),
        apiKey: typeof key === 'string' ? key : undefined,
        time: options.now(),
        at: performance.now(),
        answered: !stopped,
      };
      const loss = stopped ? undefined : losses.find((l) => matches(l.match, request));
      if (loss) {
        losses.splice(losses.indexOf(loss), 1);
        request.answered = false;
      }
      record(request);
      loss?.lost(request);
      if (stopped || loss) return; // the socket stays open, unanswered, until the client gives up or close()
      if (failing !== undefined) return send(res, { status: failing, body: options.failBody(failing) });
      const reply = options.rest(request, { headers: req.headers, url: req.url ?? '/', body: raw });
      const held = holds.find((h) => matches(h.match, request));
      if (!held) return send(res, reply);
      holds.splice(holds.indexOf(held), 1);
      held.arrive(request);
      void held.released.then(() => send(res, reply));
    });
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!options.sockets.accepts(url.pathname)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (refusing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => {
        sockets.delete(ws);
        options.sockets.close(ws);
      });
      ws.on('error', () => ws.terminate());
      ws.on('message', (data) => {
        const text = data.toString();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // 'ping' and malformed messages stay text
        }
        const request: RecordedRequest = {
          transport: 'ws',
          method: options.wsMethod(parsed, text),
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body: parsed,
          apiKey: options.sockets.keyOf?.(ws),
          time: options.now(),
          at: performance.now(),
          answered: !stopped,
        };
        record(request);
        if (!stopped) options.sockets.message(ws, text, request);
      });
      options.sockets.open(ws, url.pathname, url.searchParams);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const holdNext = (match?: RequestMatch): Hold => {
    let arrive!: (request: RecordedRequest) => void;
    let release!: () => void;
    const arrived = new Promise<RecordedRequest>((resolve) => {
      arrive = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold: Hold = { arrived, release };
    holds.push({ match, hold, arrive, released });
    return hold;
  };

  const control: HarnessControl = {
    holdNext,
    loseNext(match) {
      return new Promise((lost) => losses.push({ match, lost }));
    },
    failRest(status) {
      failing = status || undefined;
    },
    stopAnswering() {
      stopped = true;
    },
    resumeAnswering() {
      stopped = false;
    },
    dropSockets() {
      for (const ws of sockets) ws.terminate();
    },
    refuseSockets(refuse = true) {
      refusing = refuse;
    },
    nextRequest(match) {
      const test = typeof match === 'function' ? match : (request: RecordedRequest) => matches(match, request);
      return new Promise((resolve) => waiters.push({ match: test, resolve }));
    },
  };

  return {
    url: `http://127.0.0.1:${port}`,
    wsBase: `ws://127.0.0.1:${port}`,
    requests,
    control,
    stopped: () => stopped,
    async close() {
      for (const { hold } of holds) hold.release();
      for (const ws of sockets) ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
