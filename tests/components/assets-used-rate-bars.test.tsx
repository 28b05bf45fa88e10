import { render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import i18n from '../../src/providers/i18n';
import { UsedRateBar, UsedRateBars } from '../../src/components/account-assets/used-rate-bars';
import type { UsedRate } from '../../src/domain/assets';

const rate = (percent: number, key: UsedRate['key'] = 'net'): UsedRate => ({ key, used: percent, total: 100, percent });
const RED = theme.getDesignToken().colorError;
const bar = (key = 'net') => document.querySelector(`[data-rate="${key}"]`)!;
const fill = (key = 'net') => bar(key).querySelector<HTMLElement>('.ant-progress-bg')!;
const textOf = (key = 'net') => bar(key).querySelector('[data-percent-text]')!;

beforeEach(() => void i18n.changeLanguage('zh-CN'));

describe('used-rate bars (§9 progress bar)', () => {
  it.each([
    [0, false, false],
    [59.99, false, false],
    [60, true, false],
    [69.99, true, false],
    [70, true, true],
    [100, true, true],
  ])('%s %% used: red %s, text inside %s', (percent, red, inside) => {
    render(<UsedRateBar rate={rate(percent)} />);
    expect(fill().style.backgroundColor === RED).toBe(red);
    // the text sits inside the filled part of the bar only from 70 %
    expect(fill().contains(textOf())).toBe(inside);
    expect(textOf()).toHaveTextContent(`${percent.toFixed(2)}%`);
  });

  it('red is the theme error colour in dark mode too', () => {
    render(
      <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
        <UsedRateBar rate={rate(80)} />
      </ConfigProvider>,
    );
    expect(bar()).toHaveAttribute('data-danger', 'true');
  });

  it('names each bar in the spec order with used / total', () => {
    const keys: UsedRate['key'][] = ['futuresBorrowOverNet', 'net', 'futures', 'swap', 'borrowPledge', 'borrow'];
    render(<UsedRateBars rates={keys.map((key) => rate(10, key))} />);
    expect([...document.querySelectorAll('[data-rate]')].map((e) => e.getAttribute('data-rate'))).toEqual(keys);
    for (const label of ['期货+借币占用/总净值', '净值已用/闲置', '期货', '永续', '借币质押', '净借币']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getAllByText(/^10\.00 \/ 100\.00 USDT/)).toHaveLength(6);
  });
});
