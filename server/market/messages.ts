/**
 * The reply texts the market engine's errors need, zh-CN then English, in the shape of
 * server/http/messages.ts's table (the lead spreads this object into it). `{name}` placeholders are filled
 * from `MarketError.params`.
 */
export const MARKET_MESSAGES = {
  'err.market.exchange': ['交易所 {exchange} 不存在', 'exchange {exchange} does not exist'],
  'err.market.currency': ['不支持的币种：{currency}', 'unsupported currency: {currency}'],
  'err.market.contractType': ['交易所 {exchange} 不支持合约类型 {type}', 'exchange {exchange} does not support contract type {type}'],
  'err.market.sameLeg': ['A、B 两边不能是同一交易所的同一合约', 'legs A and B must not be the same contract on the same exchange'],
  'err.market.table': ['行情表配置应为 [A交易所, B交易所, A类型, B类型]', 'a market table is [exchange A, exchange B, type A, type B]'],
  'err.kline.exchange': ['K线只支持交易所 {supported}，不支持 {exchange}', 'K-lines are available for exchanges {supported} only, not {exchange}'],
  'err.kline.legs': [
    'excheng 与 types 应各为一个或两个（以逗号分隔），且个数相同',
    'excheng and types take one or two comma-separated values each, the same number of both',
  ],
  'err.kline.granularity': ['K线周期只能是 {values}', 'the K-line granularity must be one of {values}'],
  'err.kline.field': ['field 只能是 {values}', 'field must be one of {values}'],
  'err.kline.time': ['{field} 不是有效的时间（YYYY-MM-DD HH:mm:ss 或毫秒时间戳）', '{field} is not a valid time (YYYY-MM-DD HH:mm:ss or milliseconds)'],
  'err.kline.order': ['开始时间必须早于结束时间', 'the start time must be before the end time'],
  'err.kline.earliest': ['最早只能查询 {earliest} 之后的数据', 'data starts at {earliest}'],
  'err.kline.future': ['开始时间不能晚于当前时间', 'the start time must not be in the future'],
  'err.kline.tooMany': ['时间范围过大：{granularity} 周期最多 {max} 根K线', 'the window is too long: at most {max} candles at {granularity}'],
  'err.kline.distance': ['distanceDays 必须是整数天数', 'distanceDays must be a whole number of days'],
  'market.simulated': ['模拟', 'simulated'],
} as const satisfies Record<string, readonly [string, string]>;

export type MarketMessageKey = keyof typeof MARKET_MESSAGES;

/** A bad market request: the handler answers it as code 400 with the message of `key`. */
export class MarketError extends Error {
  constructor(
    readonly key: MarketMessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'MarketError';
  }
}
