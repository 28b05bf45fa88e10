import type { GlobalConfig } from '../../src/api/types';
import { requireSuper, signedIn, type CallContext, type HandlerMap } from '../context';
import { DEFAULT_GLOBAL_CONFIG } from '../seed';
import { optBool, optNum } from '../validate';

const PERCENT_FIELDS = Object.keys(DEFAULT_GLOBAL_CONFIG).filter((key) => key.startsWith('maxBorrow')) as (keyof GlobalConfig)[];
const INTEGER_FIELDS: (keyof GlobalConfig)[] = ['depthMarket'];
const NUMBER_FIELDS = (Object.keys(DEFAULT_GLOBAL_CONFIG) as (keyof GlobalConfig)[]).filter(
  (key) => key !== 'isBorrow' && !PERCENT_FIELDS.includes(key),
);

async function readConfig(call: CallContext): Promise<GlobalConfig> {
  const row = await call.app.db.get<{ value: string }>('SELECT value FROM global_config WHERE id = 1');
  return { ...DEFAULT_GLOBAL_CONFIG, ...(row ? (JSON.parse(row.value) as Partial<GlobalConfig>) : {}) };
}

export const globalConfigHandlers: HandlerMap = {
  async globalConfigGet(call) {
    signedIn(call);
    return call.ok(await readConfig(call));
  },

  /** Super only. Fields left out keep their value; numbers are non-negative, maxBorrow* are percents. */
  async globalConfigUpdate(call) {
    requireSuper(call);
    const next: GlobalConfig = await readConfig(call);
    const values = next as unknown as Record<string, number | boolean>;
    for (const field of NUMBER_FIELDS) {
      const value = optNum(call.payload, field, { nonNegative: true, integer: INTEGER_FIELDS.includes(field) });
      if (value !== undefined) values[field] = value;
    }
    for (const field of PERCENT_FIELDS) {
      const value = optNum(call.payload, field, { min: 0, max: 100 });
      if (value !== undefined) values[field] = value;
    }
    next.isBorrow = optBool(call.payload, 'isBorrow') ?? next.isBorrow;
    await call.app.db.run('INSERT OR REPLACE INTO global_config (id, value) VALUES (1, ?)', [JSON.stringify(next)]);
    return call.ok(next, 'ok.save');
  },
};
