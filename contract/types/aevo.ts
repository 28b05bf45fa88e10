/** The Aevo tool page (/aveo): the user's fills and their sync. */

export interface AevoTrade {
  id: number;
  time: string;
  instrument: string;
  side: 'buy' | 'sell';
  price: number;
  amount: number;
  fee: number;
}
export interface AevoTradePage {
  list: AevoTrade[];
  total: number;
  /** when the fills were last pulled ('' never). */
  syncedAt: string;
}
export interface AevoSync {
  added: number;
  syncedAt: string;
}
