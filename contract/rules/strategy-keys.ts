/** Per-action keys of the unilateral strategy list, checked against the user's strategy list (spec §6). */
export const STRATEGY_KEYS = [
  'strategy_start',
  'strategy_stop',
  'strategy_update',
  'strategy_all_preserve',
  'strategy_details',
  'strategy_add_task',
  'strategy_hide',
  'strategy_show',
] as const;

export type StrategyKey = (typeof STRATEGY_KEYS)[number];
