/**
 * ccxt as every module of the server (and its tests) takes it: its CommonJS bundle, loaded once. Its ES modules are
 * ~360 files, each a trip through tsx's loader: ~2.5 s of CPU and ~180 MB of RSS at every server's start, where the
 * bundle costs ~1 s and ~60 MB (measured under tsx, 2026-11-29). One copy for everyone: a second (an `import … from
 * 'ccxt'` beside this) would have error classes of its own, and `instanceof` would tell a network error from an
 * exchange's refusal wrongly on the order path. Types are imported from 'ccxt' as usual (`import type`).
 */
import { createRequire } from 'node:module';
import type * as Ccxt from 'ccxt';

const ccxt = createRequire(import.meta.url)('ccxt') as typeof Ccxt;
export default ccxt;
/** The error classes the server tells apart (`instanceof`) or raises. */
export const { DDoSProtection, ExchangeNotAvailable, InvalidNonce, NetworkError, OrderNotFound, RateLimitExceeded, RequestTimeout } = ccxt;
