/** The miner tool pages (/main/mill, /main/mill1, /main/mill2): the user's miner models and the network's figures. */

/** A miner model of the user's table: name, hash rate (TH/s), power (W). */
export interface MinerModel {
  id: number;
  name: string;
  hashrate: number;
  power: number;
}
export type MinerModelSave = Omit<MinerModel, 'id'> & { id?: number };

/** The calculator's defaults from the server (GET /miner/network). */
export interface MinerNetwork {
  difficulty: number;
  /** BTC per block */
  blockReward: number;
  /** USDT per BTC: the market engine's price. */
  coinPrice: number;
}
