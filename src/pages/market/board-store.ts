import { useSyncExternalStore } from 'react';
import { leadingNumber, sortByCurrency, type MarketRow } from '../../domain/market';

/** The fields of a row that flash when they change. */
export const FLASHING_FIELDS = ['a_buy', 'b_sell', 'positive', 'negative'] as const;
export type FlashingField = (typeof FLASHING_FIELDS)[number];
/** Every field a cell of the board shows. */
export type CellField = FlashingField | 'a_validity' | 'b_validity';
const CELL_FIELDS: readonly CellField[] = [...FLASHING_FIELDS, 'a_validity', 'b_validity'];

/** Which leg's source a field carries (the 'simulated' mark). */
const SOURCE_OF: Partial<Record<CellField, 'a_source' | 'b_source'>> = { a_buy: 'a_source', b_sell: 'b_source' };

/** One cell as its component reads it: the same object until the cell changes. */
export interface Cell {
  value: string | number | undefined;
  /** the leg's price source, for a_buy / b_sell */
  source?: 'live' | 'sim';
  /** set while the cell flashes: it moved in the board's last update, up or down */
  flash?: 'up' | 'down';
}

const cellKey = (table: string, currency: string, field: CellField) => `${table}|${currency}|${field}`;

/** The cell after a new row, or undefined when it did not change. */
function nextCell(before: Cell | undefined, row: MarketRow, field: CellField): Cell | undefined {
  const value = row[field];
  const sourceField = SOURCE_OF[field];
  const source = sourceField ? row[sourceField] : undefined;
  if (before && before.value === value && before.source === source) return undefined;
  let flash: Cell['flash'];
  if (before && (FLASHING_FIELDS as readonly string[]).includes(field)) {
    const [was, now] = [leadingNumber(before.value), leadingNumber(value)];
    if (Number.isFinite(was) && Number.isFinite(now) && was !== now) flash = now > was ? 'up' : 'down';
  }
  return flash ? { value, source, flash } : { value, source };
}

/**
 * The rows of every table of the board, kept outside React so that a push re-renders only the cells
 * whose value changed (not the tables): 12 tables × 9 currencies at 2 Hz stay within a frame.
 * A cell that moved flashes until the board's next update (one push: 1 s at the server's default
 * rate), with no timer and no animation: hundreds of CSS animations started at every push cost
 * more than a frame on a modest machine (bench/market-frames.ts).
 */
export class MarketBoardStore {
  private cells = new Map<string, Cell>();
  private currencies = new Map<string, readonly string[]>();
  private live = false;
  /** the cells that flash since the last update */
  private flashing = new Set<string>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The rows of one message, by table key (readMarketMessage). */
  update(byTable: ReadonlyMap<string, readonly MarketRow[]>): void {
    let changed = false;
    const flashing = new Set<string>();
    byTable.forEach((rows, table) => {
      const sorted = sortByCurrency(rows, (row) => row.currency_type);
      const names = sorted.map((row) => row.currency_type);
      if (names.join() !== this.currencies.get(table)?.join()) {
        this.currencies.set(table, names);
        changed = true;
      }
      for (const row of sorted) {
        this.live ||= row.a_source === 'live' || row.b_source === 'live';
        for (const field of CELL_FIELDS) {
          const key = cellKey(table, row.currency_type, field);
          const next = nextCell(this.cells.get(key), row, field);
          if (!next) continue;
          this.cells.set(key, next);
          if (next.flash) flashing.add(key);
          changed = true;
        }
      }
    });
    // the flashes of the previous update end now
    this.flashing.forEach((key) => {
      const cell = this.cells.get(key);
      if (flashing.has(key) || !cell?.flash) return;
      this.cells.set(key, { value: cell.value, source: cell.source });
      changed = true;
    });
    this.flashing = flashing;
    if (changed) this.listeners.forEach((listener) => listener());
  }

  /** The currencies of a table in §9 order; undefined before its first rows. */
  currenciesOf(table: string): readonly string[] | undefined {
    return this.currencies.get(table);
  }

  cell(table: string, currency: string, field: CellField): Cell | undefined {
    return this.cells.get(cellKey(table, currency, field));
  }

  /** Some leg is priced live (MARKET_SOURCE=live): simulated legs then carry a mark. */
  liveMode(): boolean {
    return this.live;
  }
}

export const useBoardCurrencies = (store: MarketBoardStore, table: string) =>
  useSyncExternalStore(store.subscribe, () => store.currenciesOf(table));

export const useBoardCell = (store: MarketBoardStore, table: string, currency: string, field: CellField) =>
  useSyncExternalStore(store.subscribe, () => store.cell(table, currency, field));

export const useBoardLiveMode = (store: MarketBoardStore) => useSyncExternalStore(store.subscribe, () => store.liveMode());
