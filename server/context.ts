import type { ReplyOf } from '#contract/calls';
import type { EndpointName } from '#contract/endpoints';
import type { Auth, SessionUser } from './http/auth';
import type { EventBus } from './bus';
import type { Clock } from './clock/clock';
import type { Db } from './store/queryable';
import { CODE, fail, type Envelope } from './http/envelope';
import type { ServerMarket } from './market/source';
import type { Lang, MessageKey, MessageParams } from './http/messages';
import type { ServerSettings } from './settings';
import type { Payload } from './http/validate';
import type { SecretBox } from './store/secret-box';
import type { OrderGateway } from './gateway/gateway';
import type { Queryable } from './store/queryable';
import type { ExchangeClients } from './exchange/clients';
import type { Holdings } from './exchange/holdings';
import type { ApiRow } from './store/api-accounts';

/** What one running server shares with its handlers and feeds (no module-level state: tests run several). */
export interface AppContext {
  db: Db;
  auth: Auth;
  dataDir: string;
  /** drives everything that changes by itself; tests inject a ManualClock. */
  clock: Clock;
  settings: ServerSettings;
  /** what changed; feeds push to their subscribers when it fires. */
  bus: EventBus;
  /** the one market of this server: prices for rows and demand, the simulation for K-lines. */
  market: ServerMarket;
  /** seals and opens the API accounts' secrets (server/store/secret-box.ts; the key lives outside the database). */
  secrets: SecretBox;
  /**
   * Where the account's orders leave (server/gateway/): a paper account's fill at once at the server's market,
   * inside the caller's transaction `tx`; a testnet or live account's go to its exchange (gateway/exchange.ts),
   * which must be called outside any transaction (its outbox row is committed before the order leaves): pass `db`.
   */
  gateway(tx: Queryable, account: ApiRow): OrderGateway;
  /** the trading clients of the testnet and live accounts (server/exchange/clients.ts): `exchanges.clientFor(apiRow)`. */
  exchanges: ExchangeClients;
  /** the assets of the testnet and live accounts as read from their exchanges, on a schedule (server/exchange/holdings.ts). */
  holdings: Holdings;
}

export interface UploadedFile {
  field: string;
  /** the name the client gave; never used as a path. */
  filename: string;
  mimetype: string;
  data: Buffer;
  /** true when the file was cut at the size limit. */
  truncated: boolean;
}

/** `ok`'s arguments for call N: its reply (contract/calls.ts), optional when the reply may be null. */
type OkArgs<N extends EndpointName> =
  null extends ReplyOf<N>
    ? [data?: ReplyOf<N>, info?: MessageKey, extra?: Record<string, unknown>]
    : [data: ReplyOf<N>, info?: MessageKey, extra?: Record<string, unknown>];

/** One call of the contract, as its handler sees it: `ok` takes only that call's reply type. */
export interface CallContext<N extends EndpointName = EndpointName> {
  app: AppContext;
  name: N;
  /** query, JSON body, form body or multipart fields, merged (body wins). */
  payload: Payload;
  files: UploadedFile[];
  /** the signed-in user; always set for endpoints with `auth: true`. */
  user: SessionUser | null;
  token: string | undefined;
  /** the client's address (request.ip): failed sign-ins are counted per address too. */
  address: string;
  lang: Lang;
  t(key: MessageKey, params?: MessageParams): string;
  ok(...args: OkArgs<N>): Envelope;
  /** set while the call runs in its user's lane (http/lanes.ts): see `awayFromLane` */
  away?: <T>(outside: () => Promise<T>) => Promise<T>;
}

/** Waits for an exchange's reply with the caller's lane free: their other calls are not held up to its timeout. */
export const awayFromLane = <T>(call: CallContext, outside: () => Promise<T>): Promise<T> => (call.away ? call.away(outside) : outside());

export type Handler<N extends EndpointName = EndpointName> = (call: CallContext<N>) => Promise<Envelope> | Envelope;
/** Each call's handler, typed by its call. */
export type HandlerMap = { [N in EndpointName]?: Handler<N> };

export function signedIn(call: CallContext): SessionUser {
  if (!call.user) throw fail(CODE.session, 'err.tokenMissing');
  return call.user;
}

export function requireSuper(call: CallContext): SessionUser {
  const user = signedIn(call);
  if (!user.isSuper) throw fail(CODE.forbidden, 'err.superOnly');
  return user;
}
