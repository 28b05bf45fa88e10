/** Delays that exist for realism, and push rates: real values by default, short ones in tests. */
export interface ServerSettings {
  /** how long /api/init takes (the console shows its spinner meanwhile). */
  initDelayMs: number;
  /** how long a task takes to move from one status to the next (used by the task engine). */
  statusChangeDelayMs: number;
  /** market pushes per second ('market.tick' on the bus); 0 = none. */
  marketPushHz: number;
  /** seed the demo tasks with a day of history on a data folder's first start (tests turn it off). */
  demoTasks: boolean;
  /** seed the unilateral demo (strategies with months of history, one-sided accounts, follow tasks in every state) on a first start (server tests turn it off unless they read it). */
  unilateralDemo: boolean;
  /**
   * the task engine's settings over its defaults (EngineSettings by name, server/engine DEFAULT_SETTINGS), for the demo seed and
   * the runner alike: tests make the failure modes certain (e.g. legPartialRate 1) or absent. Not a call.
   */
  engine?: Readonly<Record<string, number>>;
  /** leading zero bits the sign-in slider's proof of work must find (src/domain/captcha.ts): 2^N hashes on average. */
  captchaDifficulty: number;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  initDelayMs: 1000,
  statusChangeDelayMs: 2000,
  marketPushHz: 1,
  demoTasks: true,
  unilateralDemo: true,
  captchaDifficulty: 16,
};

export const resolveSettings = (overrides: Partial<ServerSettings> = {}): ServerSettings => ({ ...DEFAULT_SETTINGS, ...overrides });
