import { MarketBoardStore } from '../../src/features/market/board-store';
import { marketRow } from './market-feed';

const row = marketRow;
const update = (store: MarketBoardStore, ...rows: ReturnType<typeof marketRow>[]) => store.update(new Map([['1-2-4-1', rows]]));

describe('the market board store', () => {
  it('keeps a cell the same object until it changes, and notifies only when something changed', () => {
    const store = new MarketBoardStore();
    const listener = vi.fn();
    store.subscribe(listener);
    update(store, row('eth', 3000), row('btc', 60000));
    expect(store.currenciesOf('1-2-4-1')).toEqual(['btc', 'eth']);
    const btc = store.cell('1-2-4-1', 'btc', 'a_buy');
    expect(btc).toEqual({ value: '60000/1.5', source: undefined });
    update(store, row('eth', 3000), row('btc', 60000));
    expect(store.cell('1-2-4-1', 'btc', 'a_buy')).toBe(btc);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('flashes a moved cell up or down until the next update, without a timer', () => {
    const store = new MarketBoardStore();
    update(store, row('btc', 60000, { positive: '10/0.01%' }));
    expect(store.cell('1-2-4-1', 'btc', 'a_buy')?.flash).toBeUndefined();
    update(store, row('btc', 60010, { positive: '5/0.005%' }));
    expect(store.cell('1-2-4-1', 'btc', 'a_buy')?.flash).toBe('up');
    expect(store.cell('1-2-4-1', 'btc', 'positive')?.flash).toBe('down');
    // validity changes, it never flashes
    update(store, row('btc', 60010, { positive: '5/0.005%', a_validity: 2 }));
    expect(store.cell('1-2-4-1', 'btc', 'a_buy')?.flash).toBeUndefined();
    expect(store.cell('1-2-4-1', 'btc', 'positive')?.flash).toBeUndefined();
    expect(store.cell('1-2-4-1', 'btc', 'a_validity')).toEqual({ value: 2, source: undefined });
  });

  it('reads live mode from the rows’ sources', () => {
    const store = new MarketBoardStore();
    update(store, row('btc', 60000, { a_source: 'sim', b_source: 'sim' }));
    expect(store.liveMode()).toBe(false);
    update(store, row('btc', 60000, { a_source: 'live', b_source: 'sim' }));
    expect(store.liveMode()).toBe(true);
    expect(store.cell('1-2-4-1', 'btc', 'b_sell')?.source).toBe('sim');
  });

  it('applies a pushed message one table per frame, a table waiting taking the newer rows, and notifies only that table', () => {
    const frames: (() => void)[] = [];
    const store = new MarketBoardStore((callback) => {
      frames.push(callback);
      return () => frames.splice(frames.indexOf(callback), 1);
    });
    const [first, second] = [vi.fn(), vi.fn()];
    store.subscribeTable('1-2-4-1', first);
    store.subscribeTable('2-3-1-1', second);
    store.push(
      new Map([
        ['1-2-4-1', [row('btc', 60000)]],
        ['2-3-1-1', [row('btc', 61000)]],
      ]),
    );
    store.push(new Map([['2-3-1-1', [row('btc', 61005)]]]));
    expect(store.cell('1-2-4-1', 'btc', 'a_buy')).toBeUndefined();
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(store.cell('1-2-4-1', 'btc', 'a_buy')?.value).toBe('60000/1.5');
    expect(store.cell('2-3-1-1', 'btc', 'a_buy')).toBeUndefined();
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 0]);
    frames.shift()!();
    expect(store.cell('2-3-1-1', 'btc', 'a_buy')?.value).toBe('61005/1.5');
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
    expect(frames).toHaveLength(0);
  });

  it('ends a flash at its own table’s next update, not at another table’s', () => {
    const store = new MarketBoardStore();
    store.update(new Map([['1-2-4-1', [row('btc', 60000)]]]));
    store.update(new Map([['1-2-4-1', [row('btc', 60010)]]]));
    store.update(new Map([['2-3-1-1', [row('btc', 61000)]]]));
    expect(store.cell('1-2-4-1', 'btc', 'a_buy')?.flash).toBe('up');
  });

  it('stops its frames when disposed', () => {
    const cancel = vi.fn();
    const store = new MarketBoardStore(() => cancel);
    store.push(new Map([['1-2-4-1', [row('btc', 60000)]]]));
    store.dispose();
    expect(cancel).toHaveBeenCalledTimes(1);
  });
});
