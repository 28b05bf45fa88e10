import { MarketBoardStore } from '../../src/pages/market/board-store';
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
});
