import { useCallback, useSyncExternalStore } from 'react';
import { requestAnimationFrameOrTimeout, type RequestFrame } from '../../live/manager';
import { leadingNumber, sortByCurrency } from '../../domain/market';
import type { MarketRow } from '#contract/types/market';

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
 * A cell that moved flashes until its table's next update (one push: 1 s at the server's default
 * rate), with no timer and no animation: hundreds of CSS animations started at every push cost
 * more than a frame on a modest machine (bench/market-frames.ts).
 * A message is applied one table per animation frame (`push`): applied at once, its cells' render,
 * style and layout made one task of 50–100 ms on a loaded 2-core machine (bench/README.md).
 */
export class MarketBoardStore {
  private cells = new Map<string, Cell>();
  private currencies = new Map<string, readonly string[]>();
  private live = false;
  /** per table, the cells that flash since its last update */
  private flashing = new Map<string, Set<string>>();
  private readonly listeners = new Set<() => void>();
  private readonly tableListeners = new Map<string, Set<() => void>>();
  /** the rows waiting for their frame, by table (a newer message replaces a table's older rows) */
  private readonly pending = new Map<string, readonly MarketRow[]>();
  private cancelFrame: (() => void) | null = null;

  constructor(private readonly requestFrame: RequestFrame = requestAnimationFrameOrTimeout) {}

  /** Called after every change of the board. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Called after every change of one table. */
  subscribeTable(table: string, listener: () => void): () => void {
    let set = this.tableListeners.get(table);
    if (!set) {
      set = new Set();
      this.tableListeners.set(table, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** The rows of one message, by table key (readMarketMessage), applied one table per animation frame. */
  push(byTable: ReadonlyMap<string, readonly MarketRow[]>): void {
    byTable.forEach((rows, table) => {
      // a table still waiting keeps its place in the queue and takes the newer rows
      this.pending.set(table, rows);
    });
    this.scheduleFrame();
  }

  /** Stops the frames still scheduled (the page leaves). */
  dispose(): void {
    this.cancelFrame?.();
    this.cancelFrame = null;
    this.pending.clear();
  }

  private scheduleFrame(): void {
    if (this.cancelFrame || this.pending.size === 0) return;
    this.cancelFrame = this.requestFrame(() => {
      this.cancelFrame = null;
      const [table, rows] = this.pending.entries().next().value!;
      this.pending.delete(table);
      this.update(new Map([[table, rows]]));
      this.scheduleFrame();
    });
  }

  /** The rows of one message, by table key (readMarketMessage), applied now. */
  update(byTable: ReadonlyMap<string, readonly MarketRow[]>): void {
    let changedAny = false;
    byTable.forEach((rows, table) => {
      if (!this.updateTable(table, rows)) return;
      changedAny = true;
      this.tableListeners.get(table)?.forEach((listener) => {
        listener();
      });
    });
    if (changedAny)
      this.listeners.forEach((listener) => {
        listener();
      });
  }

  /** Applies one table's rows; true when a cell or its currencies changed. */
  private updateTable(table: string, rows: readonly MarketRow[]): boolean {
    let changed = false;
    const flashing = new Set<string>();
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
    // the flashes of the table's previous update end now
    this.flashing.get(table)?.forEach((key) => {
      const cell = this.cells.get(key);
      if (flashing.has(key) || !cell?.flash) return;
      this.cells.set(key, { value: cell.value, source: cell.source });
      changed = true;
    });
    this.flashing.set(table, flashing);
    return changed;
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

/** The store's changes of one table, as useSyncExternalStore subscribes to them. */
const useTableSubscription = (store: MarketBoardStore, table: string) =>
  useCallback((listener: () => void) => store.subscribeTable(table, listener), [store, table]);

export const useBoardCurrencies = (store: MarketBoardStore, table: string) =>
  useSyncExternalStore(useTableSubscription(store, table), () => store.currenciesOf(table));

export const useBoardCell = (store: MarketBoardStore, table: string, currency: string, field: CellField) =>
  useSyncExternalStore(useTableSubscription(store, table), () => store.cell(table, currency, field));

export const useBoardLiveMode = (store: MarketBoardStore) => useSyncExternalStore(store.subscribe, () => store.liveMode());
