// every chart of the console keeps a text alternative: its name, and its figures (period, how many
// points, first, last, lowest, highest) as its accessible description, in the page's language.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Sparkline } from '../../src/components/sparkline';
import { TrendChart } from '../../src/components/charts';
import { EarningsChart } from '../../src/components/earnings-chart';
import { RatioChart, ShareChart } from '../../src/components/ratio-chart';
import { KlinePanel } from '../../src/components/kline-chart';
import i18n from '../../src/providers/i18n';
import { envelope, onCall, server } from './msw';
import { renderPage, TestAntd, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const draw = (ui: React.ReactElement) => render(<TestAntd>{ui}</TestAntd>);

describe('charts are described by their figures', () => {
  it('a sparkline: its first, last, lowest and highest value, under its label', () => {
    draw(<Sparkline values={[1, 3, null, 2]} label="BTC 权益" />);
    expect(screen.getByRole('img', { name: 'BTC 权益' })).toHaveAccessibleDescription('BTC 权益：从 1 到 2，最低 1，最高 3。');
  });

  it('a trend line: the period of its drawn points (the future dates left out), how many, its figures formatted', async () => {
    const data = [
      { time: '2024-05-01 00:00', value: 10 },
      { time: '2024-05-01 00:01', value: 12.5 },
      { time: '2024-05-02 00:01', value: null },
    ];
    draw(<TrendChart data={data} label="main 走势" valueName="权益" formatValue={(v) => `${String(v)} USDT`} />);
    expect(screen.getByRole('img', { name: 'main 走势' })).toHaveAccessibleDescription(
      '共 2 个点，从 2024-05-01 00:00 到 2024-05-01 00:01。 权益：从 10 USDT 到 12.5 USDT，最低 10 USDT，最高 12.5 USDT。',
    );
    await act(() => i18n.changeLanguage('en'));
    try {
      expect(screen.getByRole('img', { name: 'main 走势' })).toHaveAccessibleDescription(
        '2 points, from 2024-05-01 00:00 to 2024-05-01 00:01. 权益: from 10 USDT to 12.5 USDT, low 10 USDT, high 12.5 USDT.',
      );
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  it('an earnings curve and a ratio chart: period, count and every series', () => {
    const earnings = [
      { dateTime: '2026-11-24 08:00', earningsVal: 5 },
      { dateTime: '2026-11-24 09:00', earningsVal: -2 },
      { dateTime: '2026-11-24 10:00', earningsVal: 7 },
    ];
    draw(<EarningsChart label="收益曲线" data={earnings} timeName="时间" valueName="收益" />);
    expect(screen.getByRole('img', { name: '收益曲线' })).toHaveAccessibleDescription(
      '共 3 个点，从 2026-11-24 08:00 到 2026-11-24 10:00。 收益：从 5 到 7，最低 -2，最高 7。',
    );

    const ratio = [
      { time: '11-24', price: 100, ratio: 0.5 },
      { time: '11-25', price: 90, ratio: 0.7 },
    ];
    draw(
      <RatioChart
        label="比例"
        data={ratio}
        series={[
          { field: 'price', name: '价格' },
          { field: 'ratio', name: '比例', right: true },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: '比例' })).toHaveAccessibleDescription(
      '共 2 个点，从 11-24 到 11-25。 价格：从 100 到 90，最低 90，最高 100。 比例：从 0.5 到 0.7，最低 0.5，最高 0.7。',
    );

    draw(
      <ShareChart
        label="分布"
        valueName="金额"
        data={[
          { name: 'OKEx', value: 3 },
          { name: 'Huobi', value: 4 },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: '分布' })).toHaveAccessibleDescription('OKEx 3, Huobi 4');
  });

  it('nothing drawn, nothing said', () => {
    draw(<Sparkline values={[null, null]} label="空" />);
    expect(screen.getByRole('img', { name: '空' })).not.toHaveAttribute('aria-describedby');
  });
});

describe('the K-line panel', () => {
  it("ends each window at its clock's time when the panel opens or a frame is chosen (no wall clock), and says its candles' figures", async () => {
    const queries: Record<string, unknown>[] = [];
    server.use(
      onCall('klineData', ({ payload }) => {
        queries.push(payload);
        const candle = (i: number, open: number, close: number) => ({
          time: `2026-11-25 08:0${i}`,
          ts: i,
          open,
          high: Math.max(open, close) + 1,
          low: Math.min(open, close) - 1,
          close,
        });
        return envelope({ granularity: payload.granularity, field: 'price', timezone: 'UTC+8', candles: [candle(0, 10, 12), candle(1, 12, 11)] });
      }),
    );
    let now = Date.UTC(2026, 10, 25, 8, 0);
    renderPage(<KlinePanel legs={[{ exchange: 1, type: 1 }]} currency="btc" colors={{ up: 'red', down: 'green' }} now={() => now} />);
    const chart = await screen.findByRole('img', { name: 'BTC K线（1分钟）' });
    expect(queries[0]).toMatchObject({ granularity: '1T', endtime: String(now), starttime: String(now - 86_400_000) });
    expect(chart).toHaveAccessibleDescription('共 2 个点，从 2026-11-25 08:00 到 2026-11-25 08:01。 价格：从 10.0000 到 11.0000，最低 9.0000，最高 13.0000。');

    now += 60_000;
    await userEvent.click(within(screen.getByTestId('kline-frames')).getByText('1H'));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]).toMatchObject({ granularity: '1H', endtime: String(now) });
  });
});
