/**
 * The market engine's errors. Their texts are keys of contract/locales/<lng>/server.json (`err.market.*`,
 * `err.kline.*`), answered in the caller's language by server/http/messages.ts; `{{name}}` placeholders are
 * filled from `MarketError.params`.
 */
import type zhServer from '#contract/locales/zh-CN/server.json';

type Texts = typeof zhServer.err;
export type MarketMessageKey = `err.market.${keyof Texts['market'] & string}` | `err.kline.${keyof Texts['kline'] & string}`;

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
