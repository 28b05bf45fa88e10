import { BLOCK_REWARD_BTC, MODEL_NAME_MAX, modelProblems } from '#contract/rules/miner';
import type { MinerModel } from '#contract/types/miner';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import { id as idOf, has } from '../http/validate';
import {
  DEMO_DIFFICULTY,
  DEMO_MINER_MODELS,
  deleteModel,
  findModel,
  findModelNamed,
  insertModel,
  listModels,
  startModelTable,
  updateModel,
} from '../store/miner';

/** Exchange 1's BTC at contract type 1: the price the market page shows first. */
const PRICE_SOURCE = { exchange: 1, currency: 'btc', type: 1 } as const;

/** The model of the payload, checked by the shared rule (contract/rules/miner.ts) with its messages. */
function modelOf(call: CallContext): Omit<MinerModel, 'id'> {
  const problems = modelProblems(call.payload);
  for (const field of ['name', 'hashrate', 'power'] as const) {
    const problem = problems[field];
    if (problem) throw invalid(`miner:problems.${problem}`, { field: call.t(`miner:fields.${field}`), max: MODEL_NAME_MAX });
  }
  return { name: String(call.payload.name).trim(), hashrate: Number(call.payload.hashrate), power: Number(call.payload.power) };
}

/** /main/mill, /main/mill1, /main/mill2: the user's miner models and the calculator's network defaults. */
export const minerHandlers: HandlerMap = {
  minerNetwork(call) {
    signedIn(call);
    const { market, clock } = call.app;
    const quote = market.prices.quote(PRICE_SOURCE.exchange, PRICE_SOURCE.currency, PRICE_SOURCE.type, clock.now());
    return call.ok({ difficulty: DEMO_DIFFICULTY, blockReward: BLOCK_REWARD_BTC, coinPrice: quote.last });
  },

  async minerModels(call) {
    const user = signedIn(call);
    return call.ok(
      await call.app.db.transaction(async (tx) => {
        await startModelTable(tx, user.id, DEMO_MINER_MODELS);
        return listModels(tx, user.id);
      }),
    );
  },

  /** adds a model, or changes the one `id` names; names are unique per user. */
  async minerModelSave(call) {
    const user = signedIn(call);
    const model = modelOf(call);
    const id = has(call.payload, 'id') ? idOf(call.payload, 'id') : undefined;
    const saved = await call.app.db.transaction(async (tx) => {
      await startModelTable(tx, user.id, DEMO_MINER_MODELS);
      if (id !== undefined && !(await findModel(tx, user.id, id))) throw fail(CODE.notFound, 'miner:problems.notFound');
      if (await findModelNamed(tx, user.id, model.name, id)) throw invalid('miner:problems.duplicate', { name: model.name });
      if (id === undefined) return insertModel(tx, user.id, model);
      await updateModel(tx, user.id, { id, ...model });
      return { id, ...model };
    });
    return call.ok(saved, id === undefined ? 'ok.add' : 'ok.update');
  },

  async minerModelDelete(call) {
    const user = signedIn(call);
    const id = idOf(call.payload, 'id');
    await call.app.db.transaction(async (tx) => {
      await startModelTable(tx, user.id, DEMO_MINER_MODELS);
      if (!(await deleteModel(tx, user.id, id))) throw fail(CODE.notFound, 'miner:problems.notFound');
    });
    return call.ok(null, 'ok.delete');
  },
};
