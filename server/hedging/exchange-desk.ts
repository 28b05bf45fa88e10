/**
 * What the task runner needs beside the engine when a task trades on an exchange (testnet or live accounts):
 * the exchange venue, each account's order gateway (asked once, its updates fed to the venue), the live books a
 * task decides on, the outbox rows of the orders a step made (written in its transaction), and the work done after
 * the transaction has committed — sending those orders, cancelling the ones open past ORDER_TIMEOUT_MS, looking up
 * the ones whose fate the gateway could not say. Inside a transaction nothing here waits on an exchange (the rows are
 * its only work there), and nothing here blocks a tick: an exchange that answers slowly delays only its own orders.
 */
import { ORDER_TIMEOUT_MS } from '#contract/rules/exchange-trading';
import type { Clock } from '../clock/clock';
import { legsOf, type Leg, type OrderRecord, type PriceSource, type TaskState } from '../engine';
import { isDeliveryLeg } from '../engine/ledger';
import type { OrderGateway, OrderRequest, OrderUpdate } from '../gateway/gateway';
import type { Queryable } from '../store/queryable';
import { isFresh, orderBooks, type BookClient } from './books';
import { liveSymbol, type ContractCode, type Currency } from '../market';
import type { ApiRow } from '../store/api-accounts';
import { exchangeVenue, type ExchangeVenue } from './exchange-venue';

/** How the runner reaches the exchanges (server/main.ts wires them from the accounts' ccxt clients). */
export interface ExchangeSide {
  /** the order gateway of a testnet or live account (server/gateway/exchange.ts); asked again each send, subscribed once per object */
  gatewayFor(account: ApiRow): OrderGateway;
  /** the ccxt pro client whose order books the account's tasks decide on (its network: testnet or live) */
  bookClientFor(account: ApiRow): BookClient;
}

/** An order a step made, to send once its transaction committed; `intended`: its outbox row is in that transaction. */
export interface Send {
  request: OrderRequest;
  intended: boolean;
}

/** An order to cancel: its client id and the account it is on. */
export interface OpenOrder {
  clientId: string;
  account: ApiRow;
}

export interface ExchangeDesk {
  readonly venue: ExchangeVenue;
  /** the accounts as the step read them */
  setAccounts(accounts: Map<number, ApiRow>): void;
  /**
   * The prices a task trading in `mode` decides on (its legs' live books; the server's market while a book has
   * not arrived) and whether both books are fresh at `now`. Starts reading the books.
   */
  pricesOf(state: TaskState, mode: 'testnet' | 'live', now: number): { prices: PriceSource; fresh: boolean };
  /** the tasks whose books were asked for on this network (`<mode>:<exchange id>`) and symbol */
  tasksOn(network: string, symbol: string): readonly number[];
  /** a book arrived */
  onBook(listener: (network: string, symbol: string) => void): () => void;
  /**
   * Inside a step's transaction, once its records are written: takes the orders the step made and writes their
   * outbox rows in it (OrderGateway.intend), so they commit together; answers what `afterStep` sends.
   */
  intend(db: Queryable): Promise<Send[]>;
  /** A step's transaction rolled back: the orders it made are dropped, never sent. */
  discard(): void;
  /**
   * After a step's transaction committed: `stepped` are the exchange tasks it stepped (as written), `ended` the
   * client ids whose final status it wrote, `sends` what `intend` answered. Sends those orders, cancels timed-out
   * ones, looks up unknown ones.
   */
  afterStep(stepped: readonly TaskState[], ended: readonly string[], now: number, sends: readonly Send[]): void;
  /** cancels the orders through their gateways (each once its send is done); answers how many the exchanges cancelled */
  cancel(orders: readonly OpenOrder[]): Promise<number>;
  /** resolves when every send, cancel and look-up under way has been answered */
  idle(): Promise<void>;
  stop(): void;
}

/** What pricesOf keeps of a task between steps (seatOf). */
interface Seat {
  params: TaskState['task']['params'];
  mode: 'testnet' | 'live';
  apis: readonly number[] | undefined;
  accounts: Map<number, ApiRow>;
  /** a leg is a delivery contract: its symbol depends on the time */
  dated: boolean;
  legs: Leg[];
  symbols: string[];
  networks: string[];
}

const log = (what: string, error: unknown) => console.error(`[server] exchange orders: ${what}:`, error instanceof Error ? error.message : error);

/**
 * `market`: the server's market, the marks of a task whose book has not arrived (it decides nothing meanwhile);
 * `depth`: the global config's depthMarket, the levels a book is read to.
 */
export function exchangeDesk(side: ExchangeSide, options: { clock: Clock; market: PriceSource; depth: () => number }): ExchangeDesk {
  const { clock, market, depth } = options;
  let accounts = new Map<number, ApiRow>();
  const venue = exchangeVenue((id) => accounts.get(id));
  const books = orderBooks({ clock, depth });
  const subscribed = new Map<number, { gateway: OrderGateway; off: () => void }>();
  /** the work under way per client id: a send, a cancel or a look-up (one at a time) */
  const busy = new Map<string, Promise<void>>();
  const cancelled = new Set<string>();
  const tasksByBook = new Map<string, Set<number>>();
  const bookKey = (network: string, symbol: string) => `${network}|${symbol}`;
  const seats = new Map<number, Seat>();

  const gatewayOf = (account: ApiRow): OrderGateway => {
    const gateway = side.gatewayFor(account);
    const was = subscribed.get(account.id);
    if (was?.gateway !== gateway) {
      was?.off();
      subscribed.set(account.id, { gateway, off: gateway.onUpdate((update) => venue.report(update)) });
    }
    return gateway;
  };

  const track = (clientId: string, work: () => Promise<void>) => {
    const done = (busy.get(clientId) ?? Promise.resolve()).then(work).finally(() => {
      if (busy.get(clientId) === done) busy.delete(clientId);
    });
    busy.set(clientId, done);
    return done;
  };

  const cancelOne = (clientId: string, account: ApiRow): Promise<OrderUpdate | undefined> => {
    let answer: OrderUpdate | undefined;
    return track(clientId, async () => {
      try {
        answer = await gatewayOf(account).cancel(clientId);
        cancelled.add(clientId);
        venue.reportEnded(clientId, answer);
      } catch (error) {
        log(`cancel ${clientId}`, error);
      }
    }).then(() => answer);
  };

  /** a book is the exchange's on one network: its test network's books are not its live ones */
  const networkOf = (mode: 'testnet' | 'live', leg: Leg) => `${mode}:${leg.exchange}`;
  const symbolOf = (leg: Leg, now: number) => liveSymbol(leg.currency as Currency, leg.contractType as ContractCode, now);

  return {
    venue,
    setAccounts(next) {
      accounts = next;
    },

    pricesOf(state, mode, now) {
      const { legs, symbols, networks } = seatOf(state, mode, now);
      const prices: PriceSource = (leg, at) => {
        const i = legs.findIndex((l) => l.exchange === leg.exchange && l.contractType === leg.contractType && l.currency === leg.currency);
        const book = books.book(networkOf(mode, leg), i >= 0 && at === now ? symbols[i]! : symbolOf(leg, at));
        return book?.quote ?? market(leg, at);
      };
      return { prices, fresh: networks.every((network, i) => isFresh(books.book(network, symbols[i]!), now)) };
    },

    tasksOn: (network, symbol) => [...(tasksByBook.get(bookKey(network, symbol)) ?? [])],
    onBook: (listener) => books.onUpdate(listener),

    async intend(db) {
      const sends: Send[] = [];
      for (const { request } of venue.take()) sends.push({ request, intended: (await gatewayOf(request.account).intend?.(db, request)) ?? false });
      return sends;
    },

    discard() {
      venue.forget(venue.take().map(({ request }) => request.clientId));
    },

    afterStep(stepped, ended, now, sends) {
      venue.forget(ended);
      for (const id of ended) cancelled.delete(id);
      for (const { request, intended } of sends) {
        track(request.clientId, async () => {
          try {
            venue.report(await gatewayOf(request.account).place(request, intended));
          } catch (error) {
            log(`place ${request.clientId}`, error);
            venue.reportUnknown(request.clientId);
          }
        });
      }
      for (const state of stepped) for (const order of state.open_orders) settle(order, now);
    },

    async cancel(orders) {
      const answers = await Promise.all(orders.map((o) => cancelOne(o.clientId, o.account)));
      return answers.filter((a) => a?.state === 'cancelled').length;
    },

    async idle() {
      while (busy.size) await Promise.all(busy.values());
    },

    stop() {
      books.close();
      for (const { off } of subscribed.values()) off();
      subscribed.clear();
    },
  };

  /**
   * A task's legs, their symbols and networks, its books watched and the task noted on them: once per task while its
   * params and accounts stay (a delivery leg's symbol changes with the time: asked again each time).
   */
  function seatOf(state: TaskState, mode: 'testnet' | 'live', now: number): Seat {
    const known = seats.get(state.task.id);
    const apis = state.children[0]?.child.link_api_id;
    if (known?.params === state.task.params && known.mode === mode && known.apis === apis && known.accounts === accounts && !known.dated) return known;
    const legs = legsOf(state.task.params);
    const seat: Seat = {
      params: state.task.params,
      mode,
      apis,
      accounts,
      dated: legs.some(isDeliveryLeg),
      legs,
      symbols: legs.map((leg) => symbolOf(leg, now)),
      networks: legs.map((leg) => networkOf(mode, leg)),
    };
    legs.forEach((_, i) => {
      const [network, symbol] = [seat.networks[i]!, seat.symbols[i]!];
      const account = apis && accounts.get(apis[i]!);
      if (account) books.watch(network, symbol, () => side.bookClientFor(account));
      const key = bookKey(network, symbol);
      if (!tasksByBook.has(key)) tasksByBook.set(key, new Set());
      tasksByBook.get(key)!.add(state.task.id);
    });
    seats.set(state.task.id, seat);
    return seat;
  }

  /** An open order of a stepped task: tracked (read back after a restart), cancelled once timed out, looked up when unknown. */
  function settle(order: OrderRecord, now: number) {
    const id = order.client_id;
    venue.track(id);
    if (busy.has(id)) return;
    const account = accounts.get(order.cparam.apiid);
    if (!account) return;
    const report = venue.reportOf(id);
    if (report?.state === 'unknown') {
      track(id, async () => {
        try {
          const found = await gatewayOf(account).lookup(id);
          if (found) venue.report(found);
          else venue.reportEnded(id, undefined);
        } catch (error) {
          log(`look up ${id}`, error);
        }
      });
    } else if (report && !report.ended && !cancelled.has(id) && now - order.createtime >= ORDER_TIMEOUT_MS) {
      void cancelOne(id, account);
    }
  }
}
