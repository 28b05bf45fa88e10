/** Delays that exist for realism, and push rates: real values by default, short ones in tests. */
export interface ServerSettings {
  /** how long /api/init takes (the console shows its spinner meanwhile). */
  initDelayMs: number;
  /** how long a task takes to move from one status to the next (used by the task engine). */
  statusChangeDelayMs: number;
  /** market pushes per second ('market.tick' on the bus); 0 = none. */
  marketPushHz: number;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  initDelayMs: 1000,
  statusChangeDelayMs: 2000,
  marketPushHz: 1,
};

export const resolveSettings = (overrides: Partial<ServerSettings> = {}): ServerSettings => ({ ...DEFAULT_SETTINGS, ...overrides });
