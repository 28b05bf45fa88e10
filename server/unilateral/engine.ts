/**
 * The unilateral engine, pure: no clock, no database. A strategy trades one coin on bars of its own
 * length with a moving-average cross (fast over slow: long; under: short), its whole equity at
 * leverage 1, no fees. Follow tasks copy its signals with their own equity × their leverage, and
 * leave a position their stop-loss reaches. The runner (runner.ts) feeds it prices and stores what it
 * returns; the statistics (indicators) are computed from the stored rows by `indicators`.
 */
import { FOLLOW_STATE, SIGNAL, isBuySignal, isOpening, signalSide, type Signal } from '#contract/rules/unilateral';

export interface StrategyRule {
  barMs: number;
  /** moving-average lengths in bars, fast < slow. */
  fast: number;
  slow: number;
}

/** A strategy's book: cash and a signed coin quantity (negative = short; a short's proceeds are in cash). */
export interface Book {
  cash: number;
  qty: number;
  /** average entry price of the open position (0 when flat). */
  entry: number;
}

export interface TradeRow {
  at: number;
  price: number;
  /** always positive: the side is the type's. */
  qty: number;
  type: Signal;
  /** realised P/L of a closing trade; 0 when opening. */
  winLost: number;
}

export interface EquityRow {
  at: number;
  price: number;
  /** the position's value at the price, |qty| × price. */
  capital: number;
  cash: number;
  /** cash + qty × price. */
  equity: number;
  /** percent against the row before (0 for the first). */
  pctChg: number;
  position: number;
}

const round = (value: number, digits: number): number => Number(value.toFixed(digits));
export const equityOf = (book: Book, price: number): number => book.cash + book.qty * price;

/** Closes the whole position at `price`: the trade, or null when flat. */
export function closePosition(book: Book, price: number, at: number): TradeRow | null {
  if (book.qty === 0) return null;
  const winLost = book.qty * (price - book.entry);
  const trade: TradeRow = { at, price, qty: Math.abs(book.qty), type: book.qty > 0 ? SIGNAL.longClose : SIGNAL.shortClose, winLost: round(winLost, 8) };
  book.cash += book.qty * price;
  book.qty = 0;
  book.entry = 0;
  return trade;
}

/** Opens `side` (1 long, −1 short) for `qty` coins at `price`. */
export function openPosition(book: Book, side: 1 | -1, qty: number, price: number, at: number): TradeRow {
  book.cash -= side * qty * price;
  book.qty = side * qty;
  book.entry = price;
  return { at, price, qty, type: side === 1 ? SIGNAL.longOpen : SIGNAL.shortOpen, winLost: 0 };
}

/**
 * Runs bars `firstBar`, `firstBar + barMs`, … up to `lastBar` (inclusive). `prices[i]` is the price at
 * `firstBar − (slow) × barMs + i × barMs`: `slow` bars of history before the first bar, then one per bar.
 * `prevEquity` is the equity of the row before the first (for pct_chg). Mutates `book`.
 */
export function runBars(
  rule: StrategyRule,
  book: Book,
  firstBar: number,
  prices: readonly number[],
  prevEquity: number,
): { trades: TradeRow[]; equity: EquityRow[] } {
  const trades: TradeRow[] = [];
  const equity: EquityRow[] = [];
  const { fast, slow, barMs } = rule;
  // rolling sums over the windows ending at index i (exclusive of i + 1)
  const sum = (from: number, to: number) => {
    let s = 0;
    for (let i = from; i < to; i += 1) s += prices[i]!;
    return s;
  };
  let fastSum = sum(slow - fast, slow);
  let slowSum = sum(0, slow);
  let before = Math.sign(fastSum / fast - slowSum / slow);
  let last = prevEquity;
  for (let i = slow; i < prices.length; i += 1) {
    const price = prices[i]!;
    const at = firstBar + (i - slow) * barMs;
    fastSum += price - prices[i - fast]!;
    slowSum += price - prices[i - slow]!;
    const now = Math.sign(fastSum / fast - slowSum / slow);
    if (now !== 0 && now !== before) {
      const side = now as 1 | -1;
      if (book.qty * side <= 0) {
        const closed = closePosition(book, price, at);
        if (closed) trades.push(closed);
        const qty = round(equityOf(book, price) / price, 8);
        if (qty > 0) trades.push(openPosition(book, side, qty, price, at));
      }
    }
    if (now !== 0) before = now;
    const value = equityOf(book, price);
    equity.push({
      at,
      price,
      capital: round(Math.abs(book.qty) * price, 4),
      cash: round(book.cash, 4),
      equity: round(value, 4),
      pctChg: last > 0 ? round((value / last - 1) * 100, 6) : 0,
      position: book.qty,
    });
    last = value;
  }
  return { trades, equity };
}

// ── Follow tasks ──────────────────────────────────────────────────────────────────────

export interface FollowBook extends Book {
  state: number;
  isBuy: boolean;
  isSell: boolean;
  positiveLeverage: number;
  negativeLeverage: number;
  /** percent of the position's entry value lost that closes it (0 = none). */
  stopLoss: number;
}

export interface FollowOrderRow {
  at: number;
  price: number;
  qty: number;
  type: Signal;
}

/** The quantity a task opens on `side` at `price`: its equity × that side's leverage. */
export function followQty(task: FollowBook, side: 1 | -1, price: number): number {
  const leverage = side === 1 ? task.positiveLeverage : task.negativeLeverage;
  const equity = equityOf(task, price);
  return equity > 0 ? round((equity * leverage) / price, 8) : 0;
}

const mayOpen = (task: FollowBook, side: 1 | -1) => (side === 1 ? task.isBuy : task.isSell);

function toOrder(trade: TradeRow | null): FollowOrderRow | null {
  return trade && { at: trade.at, price: trade.price, qty: trade.qty, type: trade.type };
}

/**
 * A strategy's trade as one task sees it: a following task (1 auto, or 3 delay, which waits for an opening
 * signal and then follows) closes its position on a closing signal and opens its own size on an opening one
 * the task allows (is_buy, is_sell). Returns the orders placed; mutates the task.
 */
export function followSignal(task: FollowBook, trade: TradeRow): FollowOrderRow[] {
  if (task.state === FOLLOW_STATE.delay) {
    if (!isOpening(trade.type)) return [];
    task.state = FOLLOW_STATE.auto;
  }
  if (task.state !== FOLLOW_STATE.auto) return [];
  const side = signalSide(trade.type);
  if (!isOpening(trade.type)) {
    // a close of the side the task holds
    return task.qty * side > 0 ? [toOrder(closePosition(task, trade.price, trade.at))!] : [];
  }
  const orders: FollowOrderRow[] = [];
  if (task.qty * side < 0) orders.push(toOrder(closePosition(task, trade.price, trade.at))!);
  if (task.qty === 0 && mayOpen(task, side)) {
    const qty = followQty(task, side, trade.price);
    if (qty > 0) orders.push(toOrder(openPosition(task, side, qty, trade.price, trade.at))!);
  }
  return orders;
}

/** The loss of the open position in percent of its entry value × leverage (its margin). */
export function positionLossPercent(task: FollowBook, price: number): number {
  if (task.qty === 0 || task.entry <= 0) return 0;
  const side = Math.sign(task.qty);
  const leverage = side > 0 ? task.positiveLeverage : task.negativeLeverage;
  return ((task.entry - price) / task.entry) * side * leverage * 100;
}

/** At a bar's price: a position whose loss reached the stop-loss is closed and the task stops (4). */
export function checkStopLoss(task: FollowBook, price: number, at: number): FollowOrderRow | null {
  if (task.stopLoss <= 0 || task.qty === 0 || positionLossPercent(task, price) < task.stopLoss) return null;
  const order = toOrder(closePosition(task, price, at));
  task.state = FOLLOW_STATE.stopLoss;
  return order;
}

/**
 * A follow order on an exchange ended: the book, moved when it was placed as if it had filled its whole `size` at
 * `price` without fee, moves to what the exchange filled — `filled` coins at `priceAvg`, `fee` paid (USDT). A
 * refused order (nothing filled) takes its move back whole. The entry of what is left is the caller's (a flat book's is 0).
 */
export function settleFollowFill(
  task: Book,
  order: { type: number; size: number; price: number },
  fill: { filled: number; priceAvg: number; fee: number },
): void {
  const direction = isBuySignal(order.type) ? 1 : -1;
  task.cash = round(task.cash + direction * (order.size * order.price - fill.filled * fill.priceAvg) - fill.fee, 8);
  task.qty = round(task.qty + direction * (fill.filled - order.size), 8);
  if (task.qty === 0) task.entry = 0;
}

/** "Start now": a task asked to follow (1) while its strategy holds a position joins it at once. */
export function joinPosition(task: FollowBook, strategyQty: number, price: number, at: number): FollowOrderRow | null {
  const side = Math.sign(strategyQty) as 1 | -1 | 0;
  if (side === 0 || task.qty !== 0 || !mayOpen(task, side)) return null;
  const qty = followQty(task, side, price);
  return qty > 0 ? toOrder(openPosition(task, side, qty, price, at)) : null;
}

// ── Indicators ────────────────────────────────────────────────────────────────────────

export interface IndicatorInput {
  initialMoney: number;
  barMs: number;
  /** the equity rows in time order. */
  equity: readonly { at: number; capital: number; cash: number; equity: number; pctChg: number }[];
  /** every trade (any order). */
  trades: readonly { at: number; type: number; winLost: number }[];
}

export const YEAR_MS = 365 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

/**
 * §3 Indicators from the stored rows: capital, cash, equity of the last row; max_drawdown the largest
 * fall from a running peak of the equity series (percent); win_rate the share of closing trades with a
 * profit (percent); win_lose_rate the average win over the average loss (0 without both); accumulated
 * earnings = final equity − initial money; len_days whole days from the first trade to the last row;
 * return_volatility the annualised standard deviation of the rows' pct_chg (percent).
 */
export function indicators(input: IndicatorInput) {
  const last = input.equity.at(-1);
  let peak = -Infinity;
  let maxDrawdown = 0;
  let mean = 0;
  for (const row of input.equity) {
    peak = Math.max(peak, row.equity);
    if (peak > 0) maxDrawdown = Math.max(maxDrawdown, ((peak - row.equity) / peak) * 100);
    mean += row.pctChg;
  }
  const n = input.equity.length;
  mean = n ? mean / n : 0;
  const variance = n > 1 ? input.equity.reduce((s, row) => s + (row.pctChg - mean) ** 2, 0) / (n - 1) : 0;
  const closing = input.trades.filter((t) => !isOpening(t.type));
  const wins = closing.filter((t) => t.winLost > 0);
  const losses = closing.filter((t) => t.winLost < 0);
  const avg = (rows: typeof closing) => rows.reduce((s, t) => s + t.winLost, 0) / rows.length;
  const firstTrade = input.trades.reduce((min, t) => Math.min(min, t.at), Infinity);
  const lastTrade = input.trades.reduce((max, t) => Math.max(max, t.at), -Infinity);
  const equity = last?.equity ?? input.initialMoney;
  return {
    capital: last?.capital ?? 0,
    cash: last?.cash ?? input.initialMoney,
    equity,
    initial_money: input.initialMoney,
    win_rate: closing.length ? round((wins.length / closing.length) * 100, 2) : 0,
    win_lose_rate: wins.length && losses.length ? round(avg(wins) / Math.abs(avg(losses)), 4) : 0,
    accumulated_earnings: round(equity - input.initialMoney, 4),
    len_days: Number.isFinite(firstTrade) && last ? Math.max(0, Math.floor((last.at - firstTrade) / DAY_MS)) : 0,
    max_drawdown: round(maxDrawdown, 4),
    return_volatility: round(Math.sqrt(variance) * Math.sqrt(YEAR_MS / input.barMs), 4),
    lastTradeAt: Number.isFinite(lastTrade) ? lastTrade : null,
  };
}
