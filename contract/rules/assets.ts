/** Assets (spec §3 Asset statistics, §7 Assets): the statistics keys as the server names them, and the ratio ranges (layouts) of the asset charts. */

/** §3 asset statistics keys, as the server names them. "x_used/surplus" values are "used/surplus" (or a number = used). */
export const STATISTIC_KEYS = {
  totalEquity: 'total_equity(USDT)',
  principal: 'principal/surplus(USDT)',
  totalPosition: 'total_position',
  total: 'total_used/surplus(USDT)',
  futures: 'futures_used/surplus(USDT)',
  swap: 'swap_used/surplus(USDT)',
  borrowPledge: 'borrow_pledge_used/surplus(USDT)',
  borrow: 'borrow_used/surplus(USDT)',
} as const;

/** §2 time ranges of the ratio curve; `layout` is what /asset/imaging/get is sent (default 3 = 1 day). */
export const RATIO_RANGES = [
  { key: '10m', layout: 1 },
  { key: '1h', layout: 2 },
  { key: '1d', layout: 3 },
  { key: '1w', layout: 4 },
  { key: '1M', layout: 5 },
] as const;
export type RatioRangeKey = (typeof RATIO_RANGES)[number]['key'];
