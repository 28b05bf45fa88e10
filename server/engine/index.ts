/** The task engine: pure functions over plain task state (see README.md). */
export * from './types';
export { stepTask, premiumsOf, newTaskState, requestStatus, requestManual, endManual, DEFAULT_SETTINGS, DEFAULT_CLOSE_DLT, DEFAULT_OPEN_COUNT } from './step';
export {
  applyFill,
  realisedPnl,
  unrealisedPnl,
  taskPnl,
  earningsPoint,
  sumPositions,
  virtualPosition,
  taskCapital,
  childCapital,
  perDelivery,
  emptyLedger,
  emptyPosition,
  withUsage,
  isFlat,
} from './ledger';
export { seededRng, type Rng } from '../clock/random';
export type { Venue } from './venue';
export { paperVenue } from './paper-venue';
export { legsOf, contractOf, deliveryExpiry, defaultExpiry, instrumentId, deliveryKeyOf } from './calendar';
export { execute, takerFee, premium, mid } from './pricing';
export { ledgerLegHealth, type LegHistory } from './leg-health';
