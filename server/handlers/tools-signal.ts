/**
 * /signal: the strategies' latest signals, from the trades the unilateral runner wrote, and
 * each follow task's follow-signal switch (is/follow/signal). A task whose switch is off copies no new
 * signal of its strategy (server/unilateral/runner.ts reads it through server/store/signal-coins.ts).
 */
import type { SignalRow } from '#contract/types/signal-coins';
import type { Signal } from '#contract/rules/unilateral';
import { signedIn, type HandlerMap } from '../context';
import { formatSecond } from '../clock/time';
import { id, oneOf } from '../http/validate';
import { latestTrades, readFollowSignal, writeFollowSignal } from '../store/signal-coins';
import { listUStrategies } from '../store/unilateral';
import { followTaskOr404, isUnilateralAdmin } from './unilateral-access';

/** How many of the newest signals /signal shows. */
export const SIGNAL_LIST_SIZE = 50;

export const toolsSignalHandlers: HandlerMap = {
  async signalList(call) {
    const user = signedIn(call);
    const admin = isUnilateralAdmin(user);
    const strategies = (await listUStrategies(call.app.db)).filter((row) => admin || row.target === 1);
    const byId = new Map(strategies.map((s) => [s.id, s]));
    const trades = await latestTrades(call.app.db, [...byId.keys()], SIGNAL_LIST_SIZE);
    const rows: SignalRow[] = trades.map((trade) => {
      const strategy = byId.get(trade.strategy_id)!;
      return {
        id: trade.id,
        strategyId: strategy.id,
        names: strategy.names,
        coin: strategy.coin,
        type: trade.type as Signal,
        price: trade.price,
        qty: trade.qty,
        createtime: formatSecond(trade.at),
      };
    });
    return call.ok(rows);
  },

  async followSignalGet(call) {
    const task = await followTaskOr404(call.app.db, id(call.payload, 'apiId'), signedIn(call));
    return call.ok({ apiId: task.api_id, follow: await readFollowSignal(call.app.db, task) });
  },

  async followSignalSave(call) {
    const task = await followTaskOr404(call.app.db, id(call.payload, 'apiId'), signedIn(call));
    const follow = oneOf(call.payload, 'follow', [0, 1] as const);
    await writeFollowSignal(call.app.db, task, follow);
    return call.ok({ apiId: task.api_id, follow }, 'ok.update');
  },
};
