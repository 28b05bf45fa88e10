/** The stored unilateral rows as the contract shows them (contract/types/unilateral.ts, follow-tasks.ts). */
import type { Indicators, StrategyAssetRow, StrategyTrade, UnilateralPosition, UnilateralStrategy } from '#contract/types/unilateral';
import type { FollowOrder, FollowTask, FollowTaskSave } from '#contract/types/follow-tasks';
import { TREND_POINTS, type TrendData } from '#contract/rules/unilateral';
import { formatMinute, formatSecond } from '../clock/time';
import type { Queryable } from '../store/queryable';
import {
  equityOf as equityRows,
  lastEquity,
  lastTradeAt,
  tradesOf,
  type EquityRecord,
  type FollowOrderRecord,
  type FollowTaskView,
  type StrategyRow,
  type TradeRecord,
} from '../store/unilateral';
import { indicators } from '../unilateral/engine';

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** The open position as §3 shows it: coin, signed quantity, entry price (cost), share of the equity (percent), type 1 long / −1 short. */
export function positionRows(coin: string, qty: number, entry: number, price: number, equity: number): UnilateralPosition[] {
  if (qty === 0) return [];
  return [
    {
      coin_names: coin.toUpperCase(),
      position: round(qty, 6),
      cost: round(entry, 2),
      ratio: equity > 0 ? round(((Math.abs(qty) * price) / equity) * 100, 2) : 0,
      type: qty > 0 ? 1 : -1,
    },
  ];
}

/** chart_data's points (§9): the strategy's cumulative return in percent at each of these equity rows. */
export const trendOf = (row: StrategyRow, points: readonly { at: number; equity: number }[]): TrendData => ({
  date: points.map((p) => formatMinute(p.at)),
  value: points.map((p) => round((p.equity / row.initial_money - 1) * 100, 2)),
});

/** §3 unilateral strategy but its trend line; `hasTrend`: it has equity rows (its position is priced at its last bar). */
export function strategyFields(row: StrategyRow, taskIds: number[], lastDeal: number | null, hasTrend: boolean): Omit<UnilateralStrategy, 'chart_data'> {
  const lastPrice = hasTrend && row.qty !== 0 ? (row.last_equity - row.cash) / row.qty : 0;
  return {
    id: row.id,
    names: row.names,
    status: row.status === 1 ? 1 : 0,
    target: row.target === 1 ? 1 : 0,
    total_eq: round((row.last_equity / row.initial_money - 1) * 100, 2),
    position: positionRows(row.coin, row.qty, row.entry, lastPrice, row.last_equity),
    update_time: formatSecond(row.update_time),
    last_deal: lastDeal === null ? '' : formatSecond(lastDeal),
    task_ids: taskIds,
  };
}

export async function strategyView(db: Queryable, row: StrategyRow, taskIds: number[]): Promise<UnilateralStrategy> {
  const trend = await lastEquity(db, row.id, TREND_POINTS);
  return { ...strategyFields(row, taskIds, await lastTradeAt(db, row.id), trend.length > 0), chart_data: JSON.stringify(trendOf(row, trend)) };
}

export const tradeView = (t: TradeRecord): StrategyTrade => ({
  id: t.id,
  create_time: formatSecond(t.at),
  price: t.price,
  trade_num: round(t.qty, 6),
  type: t.type,
  win_lost: round(t.win_lost, 2),
});

export const assetView = (r: EquityRecord): StrategyAssetRow => ({
  id: r.id,
  capital: round(r.capital, 2),
  cash: round(r.cash, 2),
  equity: round(r.equity, 2),
  pct_chg: round(r.pct_chg, 4),
  time: formatSecond(r.at),
});

/** §3 Indicators of a strategy, from all its stored equity rows and trades. */
export async function strategyIndicators(db: Queryable, row: StrategyRow): Promise<Indicators> {
  const equity = await equityRows(db, row.id);
  const trades = await tradesOf(db, row.id);
  const { lastTradeAt: last, ...figures } = indicators({
    initialMoney: row.initial_money,
    barMs: row.bar_ms,
    equity: equity.map((r) => ({ at: r.at, capital: r.capital, cash: r.cash, equity: r.equity, pctChg: r.pct_chg })),
    trades: trades.map((t) => ({ at: t.at, type: t.type, winLost: t.win_lost })),
  });
  return { ...figures, last_trading_time: last === null ? '' : formatSecond(last) };
}

/** §3 Follow task (API item): ratio the task's long leverage, strategy_ratio its short leverage, qty its position. */
export const followTaskItem = (t: FollowTaskView): FollowTask => ({
  id: t.api_id,
  names: t.strategy_names ?? '',
  user: t.username,
  bourse: t.bourse_name ?? '',
  ratio: t.positive_leverage,
  strategy_ratio: t.negative_leverage,
  qty: round(t.qty, 6),
  createtime: formatSecond(t.created_at),
  status: t.status,
  strategy_id: t.strategy_id,
  name: t.api_name,
  username: t.username,
});

export const followFormView = (t: FollowTaskView): FollowTaskSave => ({
  apiId: t.api_id,
  strategyId: t.strategy_id,
  priority: t.priority,
  stopLoss: t.stop_loss,
  archiveCurrency: t.archive_currency,
  positiveLeverage: t.positive_leverage,
  negativeLeverage: t.negative_leverage,
  isBuy: t.is_buy === 1 ? 1 : 0,
  isSell: t.is_sell === 1 ? 1 : 0,
  calculateCost: t.calculate_cost ?? 0,
  initialCost: t.initial_cost ?? 0,
  unit: t.unit,
});

export const followOrderView = (o: FollowOrderRecord, strategyName: string, bourse: string): FollowOrder => ({
  id: o.id,
  createtime: formatSecond(o.at),
  strategy_name: strategyName,
  instrument_id: o.instrument_id,
  order_id: `U${String(o.id).padStart(8, '0')}`,
  bourse,
  size: round(o.size, 6),
  filled_qty: round(o.filled_qty, 6),
  price: o.price,
  price_avg: o.price_avg,
  type: o.type,
  state: o.state,
});
