import type {
  AssetFeedMessage,
  DemandFeedMessage,
  DemandRow,
  MarketFeedMessage,
  MarketTableConfig,
  Parsed,
  StatisticsFeedMessage,
  TaskFeedMessage,
  TaskLive,
  UnilateralFeedMessage,
  UnilateralStrategyLive,
} from './types/feeds';
import type { MarketRow } from './types/market';
import type { OrderStatisticRow, StatisticGroup } from './types/orders';
import type { AlertItem } from './rules/alerts';
import type { AlertFeedMessage } from './types/feeds';
import { HOLDING_PARTS, type AssetFeedData, type ExchangeReading, type HoldingPart } from './types/assets';
import type { TaskCounter } from './types/tasks';

/**
 * `parse` of every feed: JSON already decoded → the typed message, or `{ok: false, error}` naming the
 * first field that is wrong. Errors never quote values (a payload may carry account data).
 */

type Record_ = Record<string, unknown>;

/** Thrown inside a parser, turned into `{ok: false}` by `parser()`. */
class Malformed extends Error {}

const isRecord = (value: unknown): value is Record_ => typeof value === 'object' && value !== null && !Array.isArray(value);

function record(value: unknown, where: string): Record_ {
  if (!isRecord(value)) throw new Malformed(`${where} is not an object`);
  return value;
}

function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Malformed(`${where} is not a list`);
  return value;
}

function number(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Malformed(`${where} is not a number`);
  return value;
}

function string(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new Malformed(`${where} is not text`);
  return value;
}

function optional<T>(value: unknown, check: (value: unknown, where: string) => T, where: string): T | undefined {
  return value === undefined || value === null ? undefined : check(value, where);
}

/** A reply with a code other than 200 carries no data (code 3 is handled by the manager before this). */
function envelope(raw: unknown): Record_ {
  const reply = record(raw, 'message');
  if (reply.code !== undefined && reply.code !== 200) throw new Malformed(`message has code ${String(reply.code)}`);
  return reply;
}

function parser<M>(read: (raw: unknown) => M): (raw: unknown) => Parsed<M> {
  return (raw) => {
    try {
      return { ok: true, message: read(raw) };
    } catch (error) {
      if (error instanceof Malformed) return { ok: false, error: error.message };
      throw error;
    }
  };
}

const MARKET_ROW_TEXTS = ['currency_type', 'a_buy', 'b_sell', 'positive', 'negative'] as const;

const source = (value: unknown, where: string): 'live' | 'sim' | undefined => {
  if (value === undefined || value === 'live' || value === 'sim') return value;
  throw new Malformed(`${where} is not live or sim`);
};

/** A validity: seconds, as a number or its text. */
const seconds = (value: unknown, where: string): number => number(typeof value === 'string' && value.trim() !== '' ? Number(value) : value, where);

function marketRow(value: unknown, where: string): MarketRow {
  const row = record(value, where);
  const text = (field: (typeof MARKET_ROW_TEXTS)[number]) => {
    const cell = row[field];
    return typeof cell === 'number' ? String(cell) : string(cell, `${where}.${field}`);
  };
  const out: MarketRow = {
    currency_type: text('currency_type'),
    a_buy: text('a_buy'),
    b_sell: text('b_sell'),
    a_validity: seconds(row.a_validity, `${where}.a_validity`),
    b_validity: seconds(row.b_validity, `${where}.b_validity`),
    positive: text('positive'),
    negative: text('negative'),
  };
  const [a, b] = [source(row.a_source, `${where}.a_source`), source(row.b_source, `${where}.b_source`)];
  if (a) out.a_source = a;
  if (b) out.b_source = b;
  return out;
}

function marketTable(value: unknown, where: string): MarketTableConfig {
  const table = array(value, where);
  if (table.length !== 4) throw new Malformed(`${where} is not [exchange A, exchange B, type A, type B]`);
  return table.map((cell, i) => number(cell, `${where}[${i}]`)) as unknown as MarketTableConfig;
}

export const parseMarket = parser<MarketFeedMessage>((raw) => ({
  data: array(envelope(raw).data, 'data').map((value, i) => {
    const entry = record(value, `data[${i}]`);
    return {
      table: marketTable(entry.table, `data[${i}].table`),
      rows: array(entry.rows, `data[${i}].rows`).map((row, j) => marketRow(row, `data[${i}].rows[${j}]`)),
    };
  }),
}));

function scalarRecord(value: unknown, where: string): Record<string, number | string> {
  const out = record(value, where);
  for (const [key, cell] of Object.entries(out)) {
    if (typeof cell !== 'number' && typeof cell !== 'string') throw new Malformed(`${where}.${key} is not a number or text`);
  }
  return out as Record<string, number | string>;
}

function assetInfo(value: unknown, where: string): AssetFeedData['asset_info'] {
  const info = record(value, where);
  return {
    statistics: scalarRecord(info.statistics, `${where}.statistics`),
    list: array(info.list, `${where}.list`).map((row, i) => record(row, `${where}.list[${i}]`) as Record<string, number | string | null>),
  };
}

function exchangeReading(value: unknown, where: string): ExchangeReading {
  const entry = record(value, where);
  if (typeof entry.stale !== 'boolean') throw new Malformed(`${where}.stale is not true or false`);
  const unavailable = array(entry.unavailable ?? [], `${where}.unavailable`).map((part, i) => string(part, `${where}.unavailable[${i}]`));
  return {
    readAt: optional(entry.readAt, number, `${where}.readAt`) ?? null,
    stale: entry.stale,
    unavailable: unavailable.filter((part): part is HoldingPart => (HOLDING_PARTS as readonly string[]).includes(part)),
    error: optional(entry.error, string, `${where}.error`) ?? null,
  };
}

export const parseAsset = parser<AssetFeedMessage>((raw) => {
  const data = record(envelope(raw).data, 'data');
  const exchange = optional(data.exchange, exchangeReading, 'data.exchange');
  return {
    data: {
      apiId: number(data.apiId, 'data.apiId'),
      asset_info: assetInfo(data.asset_info, 'data.asset_info'),
      ledger: optional(data.ledger, array, 'data.ledger') ?? [],
      borrow: optional(data.borrow, array, 'data.borrow') ?? [],
      ...(exchange ? { exchange } : {}),
    },
  };
});

const TASK_LIVE_FIELDS = ['position', 'muldata', 'changeable', 'analysis', 'leg_health'] as const;

function taskLive(value: unknown, where: string): TaskLive {
  const entry = record(value, where);
  const task: TaskLive = { id: number(entry.id, `${where}.id`) };
  const status = optional(entry.status, number, `${where}.status`);
  if (status !== undefined) task.status = status;
  for (const field of TASK_LIVE_FIELDS) if (entry[field] !== undefined) task[field] = entry[field];
  return task;
}

function taskCounter(value: unknown, where: string): TaskCounter {
  const counter = record(value, where);
  return { running: number(counter.running, `${where}.running`), total: number(counter.total, `${where}.total`) };
}

export const parseTask = parser<TaskFeedMessage>((raw) => {
  const reply = envelope(raw);
  const counter = optional(reply.counter, taskCounter, 'counter');
  return { data: array(reply.data, 'data').map((entry, i) => taskLive(entry, `data[${i}]`)), ...(counter ? { counter } : {}) };
});

const STATISTIC_FIELDS = ['pool', 'pool_accounted', 'more', 'empty', 'fu_more', 'fu_empty', 'ss_buy', 'ss_sell'] as const;

function statisticGroup(value: unknown, where: string): StatisticGroup {
  const entry = record(value, where);
  const group = { currency: string(entry.currency, `${where}.currency`), minutes: number(entry.minutes, `${where}.minutes`) } as StatisticGroup;
  for (const field of STATISTIC_FIELDS) group[field] = number(entry[field], `${where}.${field}`);
  return group;
}

export const parseStatistics = parser<StatisticsFeedMessage>((raw) => {
  const data = record(envelope(raw).data, 'data');
  return {
    data: {
      automatic: array(data.automatic, 'data.automatic').map((g, i) => statisticGroup(g, `data.automatic[${i}]`)),
      manual: array(data.manual, 'data.manual').map((g, i) => statisticGroup(g, `data.manual[${i}]`)),
      order: array(data.order, 'data.order').map((row, i) => scalarRecord(row, `data.order[${i}]`) as OrderStatisticRow),
    },
  };
});

export const parseDemand = parser<DemandFeedMessage>((raw) =>
  array(Array.isArray(raw) ? raw : envelope(raw).data, 'data').map((value, i): DemandRow => {
    const row = scalarRecord(value, `[${i}]`);
    string(row.currency, `[${i}].currency`);
    return row as DemandRow;
  }),
);

function unilateralStrategy(value: unknown, where: string): UnilateralStrategyLive {
  const entry = record(value, where);
  number(entry.id, `${where}.id`);
  return entry as unknown as UnilateralStrategyLive;
}

const strategies = (value: unknown, where: string) => array(value, where).map((s, i) => unilateralStrategy(s, `${where}[${i}]`));

const partial = (reply: Record<string, unknown>): { partial?: true } => (reply.partial === true ? { partial: true } : {});

export const parseUnilateral = parser<UnilateralFeedMessage>((raw) => {
  const reply = envelope(raw);
  if (reply.data !== undefined) {
    // {code, data: {strategy}, task}
    const data = record(reply.data, 'data');
    return { ...partial(reply), strategy: strategies(data.strategy, 'data.strategy'), task: reply.task };
  }
  // {strategy: {strategy, monitoring: {strategy, api, kline}}, api}
  const outer = record(reply.strategy, 'strategy');
  const monitoring = optional(outer.monitoring, record, 'strategy.monitoring');
  const message: UnilateralFeedMessage = { ...partial(reply), strategy: strategies(outer.strategy, 'strategy.strategy') };
  if (monitoring) message.monitoring = { strategy: monitoring.strategy, api: monitoring.api, kline: monitoring.kline };
  if (reply.api !== undefined) message.api = reply.api;
  return message;
});

const ALERT_KIND_NAMES: readonly string[] = ['spread', 'unbalanced', 'abnormal', 'feed'];

function alertItem(value: unknown, where: string): AlertItem {
  const item = record(value, where);
  const kind = string(item.kind, `${where}.kind`);
  if (!ALERT_KIND_NAMES.includes(kind)) throw new Malformed(`${where}.kind is not a known kind`);
  const params = record(item.params, `${where}.params`);
  for (const [key, param] of Object.entries(params))
    if (typeof param !== 'string' && typeof param !== 'number') throw new Malformed(`${where}.params.${key} is not text or a number`);
  const link = item.link === null ? null : record(item.link, `${where}.link`);
  return {
    id: number(item.id, `${where}.id`),
    ruleId: number(item.ruleId, `${where}.ruleId`),
    kind: kind as AlertItem['kind'],
    params: params as AlertItem['params'],
    at: number(item.at, `${where}.at`),
    read: item.read === true,
    sent: item.sent === true,
    link: link as AlertItem['link'],
  };
}

/** The alert feed: `{code: 200, data: {unread, latest: [alert…], voiceIntervalTime}}`. */
export const parseAlert = parser<AlertFeedMessage>((raw) => {
  const data = record(envelope(raw).data, 'data');
  return {
    data: {
      unread: number(data.unread, 'data.unread'),
      latest: array(data.latest, 'data.latest').map((item, i) => alertItem(item, `data.latest[${i}]`)),
      voiceIntervalTime: number(data.voiceIntervalTime, 'data.voiceIntervalTime'),
    },
  };
});
