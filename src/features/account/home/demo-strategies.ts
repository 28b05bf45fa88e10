/** Fixed demo numbers for the landing page's strategy showcase (spec §1: fixed demo numbers). */
export const DEMO_STRATEGIES = [
  {
    key: 'hedgeBasis',
    annualized: 18.42,
    maxDrawdown: 2.31,
    runningDays: 412,
    curve: [100, 101.2, 101.9, 103.1, 102.8, 104.6, 105.9, 106.4, 108.2, 109.7, 110.3, 112.8],
  },
  {
    key: 'crossPeriod',
    annualized: 12.75,
    maxDrawdown: 1.64,
    runningDays: 286,
    curve: [100, 100.6, 101.8, 101.5, 102.9, 103.4, 104.8, 105.1, 105.9, 107.2, 107.8, 108.9],
  },
  {
    key: 'crossExchange',
    annualized: 24.08,
    maxDrawdown: 3.92,
    runningDays: 198,
    curve: [100, 102.4, 101.7, 104.9, 106.3, 105.8, 109.2, 111.6, 110.9, 114.3, 116.8, 119.5],
  },
] as const;
