/**
 * The market page's parameters on the server (PUT /market/put, GET /market/param/get; §7 does not
 * show their fields, §2: "market parameters are pushed to the server whenever they change"), and the
 * delivery codes of its tables' legs (get_delivery_code).
 */
import { DELIVERY_TYPES, type DeliveryCodes, type DeliveryType } from './calendar';
import { tradeTypeOf } from './codes';
import { TABLE_SPANS, type SpanChoice } from './market';

/**
 * What the page stores: the table width choice (§2: 8, 12 or 24, or by the browser's width) and whether
 * the spread colouring follows the net spreads; other keys are kept as they come.
 */
export interface MarketParams {
  span?: SpanChoice;
  netColouring?: boolean;
  [key: string]: unknown;
}

/** The stored width choice, or 'auto' when there is none (or it is not one of 8, 12, 24). */
export function spanOf(params: unknown): SpanChoice {
  const span = params && typeof params === 'object' ? (params as MarketParams).span : undefined;
  return (TABLE_SPANS as readonly unknown[]).includes(span) ? (span as SpanChoice) : 'auto';
}

/** Whether the open-spread colouring follows the net figure (stored true); the gross one otherwise. */
export const netColouringOf = (params: unknown): boolean => Boolean(params && typeof params === 'object' && (params as MarketParams).netColouring === true);

/** The params to push after a choice: the stored ones with the changed keys. */
export function withParams(params: unknown, changed: Partial<MarketParams>): MarketParams {
  const stored = params && typeof params === 'object' && !Array.isArray(params) ? (params as MarketParams) : {};
  return { ...stored, ...changed };
}

/** The delivery code (YYMMDD) of a contract type from get_delivery_code's reply; none for spot and perpetual. */
export function deliveryCodeOf(codes: Partial<DeliveryCodes> | undefined, contractCode: number): string | undefined {
  const type = tradeTypeOf(contractCode);
  if (!codes || !type || !(DELIVERY_TYPES as readonly string[]).includes(type)) return undefined;
  const code = codes[type as DeliveryType];
  return typeof code === 'string' && code !== '' ? code : undefined;
}
