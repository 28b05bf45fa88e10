// Task engine cost: 1,000 running tasks with 2 children each, ticked at 1 Hz for 60 simulated seconds
// with a scripted price source whose premium swings open and back (so children open, close and
// their orders move through every status). Measures the process's CPU time (user + system) spent in
// stepTask; budget: under half of one core, i.e. < 500 ms of CPU per simulated second.
// Run: npx tsx bench/engine.ts   (TASKS=… SECONDS=… to vary; exit 1 when over budget)
import { newTaskState, seededRng, stepTask, type EngineInputs, type PriceSource, type TaskState } from '../server/engine';

const TASKS = Number(process.env.TASKS ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 60);
const BUDGET_MS_PER_SECOND = 500;
const T0 = Date.UTC(2025, 0, 6);
const FEES = { ssHangCharges: 0.0008, ssEatCharges: 0.001, fuHangCharges: 0.0002, fuEatCharges: 0.0005, csHangCharges: 0.0002, csEatCharges: 0.0005 };
const CURRENCIES = ['btc', 'eth', 'bch', 'eos', 'etc', 'xrp', 'ltc', 'trx'];
const PAIRS: [number, number][] = [[1, 4], [2, 4], [1, 2], [3, 4], [4, 5], [1, 5], [2, 3], [4, 10]];

const inputs: EngineInputs = {
  global: { depthMarket: 5, priceSlippage: 0.001, tradingIntervalTime: 1 },
  fees: {},
  bourses: { 1: 'OKEx', 2: 'Huobi' },
  expiry: (_leg, now) => now + 30 * 86_400_000,
};

const tasks: TaskState[] = [];
for (let i = 0; i < TASKS; i++) {
  const [a, b] = PAIRS[i % PAIRS.length];
  const children = [1, 2].map((k) => {
    const id = i * 2 + k;
    inputs.fees[id * 10 + 1] = FEES;
    inputs.fees[id * 10 + 2] = FEES;
    return { task_children_id: id, id: i + 1, status: 2 as const, weight: k, link_api_id: [id * 10 + 1, id * 10 + 2] as [number, number], task_children_info: [{ name: 'a' }, { name: 'b' }] as [{ name: string }, { name: string }] };
  });
  const params = {
    currency_type: CURRENCIES[i % CURRENCIES.length],
    a_bourse: 1,
    a_transaction_type: a,
    b_bourse: 2,
    b_transaction_type: b,
    fund_occupy: '50%',
    virtual_initial_capital: 10000,
    is_borrow: false,
    depth: 5,
    slip: 0.0005,
    price_limit: 'no',
    dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 },
    m: { CW: 1, NW: 1, CQ: 2, NQ: 2 },
    close_dlt: 0.001,
    open_count: 20,
  };
  tasks.push(newTaskState({ id: i + 1, name: `bench-${i}`, strategy_name: 'arbitrage 2', status: 2, createtime: T0, params }, children));
}

/** Leg A at 10000; leg B's premium swings ±1.5 % over 40 s, each currency and pair in its own phase. */
const prices: PriceSource = (leg, now) => {
  const phase = leg.currency.charCodeAt(0) + leg.contractType;
  const p = leg.exchange === 1 ? 0 : 0.015 * Math.sin((2 * Math.PI * (now - T0)) / 40_000 + phase);
  const mid = 10000 * (1 + p);
  return { bid: mid * 0.9999, ask: mid * 1.0001, bidDepth: 1, askDepth: 1 };
};

const rng = seededRng(1);
let orders = 0;
let fills = 0;
const start = process.cpuUsage();
const wall = performance.now();
for (let s = 0; s < SECONDS; s++) {
  const now = T0 + s * 1000;
  for (let i = 0; i < tasks.length; i++) {
    const out = stepTask(tasks[i], inputs, prices, now, rng);
    tasks[i] = out.state;
    orders += out.orders.length;
    fills += out.fills.length;
  }
}
const used = process.cpuUsage(start);
const cpuMs = (used.user + used.system) / 1000;
const perSecond = cpuMs / SECONDS;
console.log(`tasks ${TASKS} × 2 children, ${SECONDS} simulated s at 1 Hz: ${orders} order updates, ${fills} fills`);
console.log(`CPU ${cpuMs.toFixed(0)} ms total (wall ${(performance.now() - wall).toFixed(0)} ms), ${perSecond.toFixed(1)} ms CPU per simulated second; budget ${BUDGET_MS_PER_SECOND} ms`);
if (perSecond >= BUDGET_MS_PER_SECOND) {
  console.error('over budget');
  process.exit(1);
}
