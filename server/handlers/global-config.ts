import type { GlobalConfig } from '#contract/rules/global-config-rules';
import { checkConfigNumber, MAX_BORROW_FIELDS, NUMBER_FIELDS, type NumberFieldRule } from '#contract/rules/global-config-rules';
import { requireSuper, signedIn, type CallContext, type HandlerMap } from '../context';
import { invalid } from '../http/envelope';
import { DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import { readGlobalConfig, saveGlobalConfig } from '../store/global-config';
import { has, optBool } from '../http/validate';

/** The field's name as the console's messages give it (its label; "BTC最大借贷比例" for a coin's percent). */
function fieldName(call: CallContext, rule: NumberFieldRule): string {
  const coin = MAX_BORROW_FIELDS.find((field) => field.name === rule.name)?.coin;
  return coin ? call.t('globalConfig:fields.maxBorrow', { coin }) : call.t(`globalConfig:fields.${rule.name}`);
}

/**
 * A number of the payload checked by the rule the console checks too (contract/rules/global-config-rules.ts) and
 * refused with the console's own message; undefined when the field is left out.
 */
function configNumber(call: CallContext, rule: NumberFieldRule): number | undefined {
  if (!has(call.payload, rule.name)) return undefined;
  const value = call.payload[rule.name];
  const problem = typeof value === 'boolean' ? 'notNumber' : checkConfigNumber(rule.kind, value);
  if (problem) throw invalid(`globalConfig:problems.${problem}`, { field: fieldName(call, rule) });
  return Number(value);
}

export const globalConfigHandlers: HandlerMap = {
  async globalConfigGet(call) {
    signedIn(call);
    return call.ok(await readGlobalConfig(call.app.db, DEFAULT_GLOBAL_CONFIG));
  },

  /** Super only. Fields left out keep their value. */
  async globalConfigUpdate(call) {
    requireSuper(call);
    const changes: Partial<GlobalConfig> = {};
    for (const rule of NUMBER_FIELDS) {
      const value = configNumber(call, rule);
      if (value !== undefined) changes[rule.name] = value;
    }
    const isBorrow = optBool(call.payload, 'isBorrow');
    if (isBorrow !== undefined) changes.isBorrow = isBorrow;
    const next = await call.app.db.transaction(async (tx) => {
      const saved = { ...(await readGlobalConfig(tx, DEFAULT_GLOBAL_CONFIG)), ...changes };
      await saveGlobalConfig(tx, saved);
      return saved;
    });
    return call.ok(next, 'ok.save');
  },
};
