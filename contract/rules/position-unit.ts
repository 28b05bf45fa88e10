/**
 * §9 position unit divisor: 100 for BTC, 10 otherwise. It is a contract's face value in USD, so a
 * position turns between contracts and coins (or USD) by it; the one source for the console and the
 * reference server's engine.
 */
export const positionUnitDivisor = (currency: string): number => (currency.toLowerCase() === 'btc' ? 100 : 10);

/** Contracts → coins at a price (USD per coin). */
export const contractsToCoin = (contracts: number, currency: string, price: number): number => (contracts * positionUnitDivisor(currency)) / price;

/** Coins → contracts at a price (USD per coin). */
export const coinToContracts = (coin: number, currency: string, price: number): number => (coin * price) / positionUnitDivisor(currency);

/** USD notional → contracts (what a position counts in units). */
export const notionalToContracts = (notional: number, currency: string): number => notional / positionUnitDivisor(currency);
