import { ALERT_DEFAULTS, ALERT_KINDS, ALERT_LIMITS, DIRECTIONS, SPREAD_FIELDS, type AlertKind, type AlertRuleParams } from '#contract/rules/alerts';
import { signedIn, type CallContext, type HandlerMap } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import { has, id as idOf, jsonList, num, optNum, str } from '../http/validate';
import { checkTable, isCurrency, MarketError } from '../market';
import { countRules, deleteRule, findRule, insertRule, listAlerts, listRules, markRead, updateRule } from '../store/alerts';
import { rulesChanged } from '../alerts/engine';

const PAGE_SIZE = { default: 10, max: 100 };

function oneOfText<T extends string>(call: CallContext, field: string, values: readonly T[]): T {
  const value = str(call.payload, field, 32);
  if (!(values as readonly string[]).includes(value)) throw invalid('err.oneOf', { field, values: values.join(' / ') });
  return value as T;
}

const seconds = (call: CallContext, field: string) => num(call.payload, field, { integer: true, ...ALERT_LIMITS.seconds });

/** The rule a save call describes, checked field by field (a 400 naming the field otherwise). */
function ruleOf(call: CallContext): AlertRuleParams {
  const kind = oneOfText<AlertKind>(call, 'kind', ALERT_KINDS);
  if (kind === 'abnormal') return { kind };
  if (kind === 'unbalanced' || kind === 'feed') return { kind, seconds: seconds(call, 'seconds') };
  let table: ReturnType<typeof checkTable>;
  try {
    table = checkTable(jsonList(call.payload, 'table'));
  } catch (error) {
    if (error instanceof MarketError) throw invalid('err.paramValue', { field: 'table' });
    throw error;
  }
  const currency = str(call.payload, 'currency', 8).toLowerCase();
  if (!isCurrency(currency)) throw invalid('err.currency', { currency });
  return {
    kind,
    table,
    currency,
    field: oneOfText(call, 'field', SPREAD_FIELDS),
    direction: oneOfText(call, 'direction', DIRECTIONS),
    threshold: num(call.payload, 'threshold', ALERT_LIMITS.threshold),
  };
}

/**
 * The header bell's calls (paths assumed): every signed-in user, for their own alerts and
 * rules only — another user's id is "not found", never theirs to read or change.
 */
export const alertHandlers: HandlerMap = {
  /** a page of the user's alert log, newest first: `{list, total, unread}`. */
  async alertList(call) {
    const user = signedIn(call);
    const page = optNum(call.payload, 'page', { integer: true, positive: true }) ?? 1;
    const size = optNum(call.payload, 'size', { integer: true, min: 1, max: PAGE_SIZE.max }) ?? PAGE_SIZE.default;
    return call.ok(await listAlerts(call.app.db, user.id, page, size));
  },

  /** marks the alerts `ids` read, or all of the user's when none are named; answers the unread count. */
  async alertRead(call) {
    const user = signedIn(call);
    const ids = has(call.payload, 'ids') ? jsonList(call.payload, 'ids').map(Number) : undefined;
    if (ids?.some((value) => !Number.isInteger(value) || value <= 0)) throw invalid('err.integer', { field: 'ids' });
    await markRead(call.app.db, user.id, ids);
    const { unread } = await listAlerts(call.app.db, user.id, 1, 1);
    return call.ok({ unread });
  },

  /** the user's rules, each with `beyond`: the condition holds now for some subject (a crossed threshold). */
  async alertRuleList(call) {
    const user = signedIn(call);
    const rules = await listRules(call.app.db, user.id);
    return call.ok(rules.map(({ rule, state }) => ({ ...rule, beyond: Object.values(state).some((s) => s.beyond) })));
  },

  /**
   * adds a rule, or changes the one `id` names (its cooldown memory stays); the task and feed rules are
   * one of each kind per user, so saving one without an id changes the one there is.
   */
  async alertRuleSave(call) {
    const user = signedIn(call);
    const rule = ruleOf(call);
    // a cooldown not given: the rule's own (when it changes one), else the default
    const given = optNum(call.payload, 'cooldownSeconds', { integer: true, ...ALERT_LIMITS.seconds });
    const { db, clock } = call.app;
    const saved = await db.transaction(async (tx) => {
      let id = has(call.payload, 'id') ? idOf(call.payload, 'id') : undefined;
      if (id === undefined && rule.kind !== 'spread') id = (await listRules(tx, user.id)).find((s) => s.rule.kind === rule.kind)?.rule.id;
      if (id !== undefined) {
        const existing = await findRule(tx, user.id, id);
        if (!existing) throw fail(CODE.notFound, 'alerts:problems.notFound');
        const cooldownSeconds = given ?? existing.rule.cooldownSeconds;
        await updateRule(tx, user.id, id, rule, cooldownSeconds);
        return { id, cooldownSeconds };
      }
      if ((await countRules(tx, user.id)) >= ALERT_LIMITS.rulesPerUser) throw invalid('alerts:problems.tooMany', { max: ALERT_LIMITS.rulesPerUser });
      const cooldownSeconds = given ?? ALERT_DEFAULTS.cooldownSeconds;
      return { id: await insertRule(tx, user.id, rule, cooldownSeconds, clock.now()), cooldownSeconds };
    });
    rulesChanged(call.app);
    return call.ok({ ...rule, ...saved }, 'ok.save');
  },

  async alertRuleDelete(call) {
    const user = signedIn(call);
    if (!(await deleteRule(call.app.db, user.id, idOf(call.payload, 'id')))) throw fail(CODE.notFound, 'alerts:problems.notFound');
    rulesChanged(call.app);
    return call.ok(null, 'ok.delete');
  },
};
