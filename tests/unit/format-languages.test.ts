// Formats per language: each language's figures and times through src/domain/format.ts, with the
// "formats" its contract/locales/<lng>/language.json declares (handed over by src/providers/i18n.ts).
import dayjs from 'dayjs';
import i18next from 'i18next';
import {
  formatAmount,
  formatFileNumber,
  formatMinute,
  formatPercent,
  formatQuantity,
  formatStatistic,
  formatterOf,
  trendSeries,
} from '../../src/domain/format';
import { formatMarketField } from '../../src/domain/market';
import { i18nReady, PSEUDO_LANGUAGE } from '../../src/providers/i18n';

const at = new Date(2024, 2, 5, 8, 9, 30);

describe.each([
  // zh-CN: the spec's forms, no grouping
  { lng: 'zh-CN', amount: '1234567.1235', negative: '-1234.50', quantity: '1234.000001', percent: '12.35%', minute: '2024-03-05 08:09' },
  // en and zh-TW: grouping separators, the spec's time pattern
  { lng: 'en', amount: '1,234,567.1235', negative: '-1,234.50', quantity: '1,234.000001', percent: '12.35%', minute: '2024-03-05 08:09' },
  { lng: 'zh-TW', amount: '1,234,567.1235', negative: '-1,234.50', quantity: '1,234.000001', percent: '12.35%', minute: '2024-03-05 08:09' },
  // the pseudo-language: grouped, and the locale's own (longer) date order
  { lng: PSEUDO_LANGUAGE, amount: '1,234,567.1235', negative: '-1,234.50', quantity: '1,234.000001', percent: '12.35%', minute: '03/05/2024, 08:09' },
])('$lng', ({ lng, amount, negative, quantity, percent, minute }) => {
  const format = formatterOf(lng);

  it('keeps the §9 decimals with the language’s grouping', () => {
    expect(format.number(1234567.12345, 4)).toBe(amount);
    expect(format.number(-1234.5, 2)).toBe(negative);
    expect(format.number(1234.000001, 6)).toBe(quantity);
    expect(format.number('100', 4)).toBe('100.0000');
  });

  it('never shows -0 and shows - for what is not a number', () => {
    expect(format.number(-0.0001, 2)).toBe('0.00');
    expect(format.number(-0, 4)).toBe('0.0000');
    expect(format.number('abc', 2)).toBe('-');
    expect(format.percent(undefined, 2)).toBe('-');
  });

  it('puts the percent sign where the language does, around the §9 decimals', () => {
    expect(format.percent(12.345, 2)).toBe(percent);
  });

  it('shows times to the minute in the language’s pattern', () => {
    expect(format.minute(dayjs(at))).toBe(minute);
  });
});

describe('the functions follow the current language', () => {
  beforeAll(() => i18nReady);
  afterAll(() => i18next.changeLanguage('zh-CN'));

  /** The same values through each exported function. */
  const figures = () => [
    formatAmount(1234.5678),
    formatStatistic(-9876.5),
    formatQuantity(0.1234567),
    formatPercent(55.555),
    formatMinute('2024-03-05 08:09:59'),
  ];

  it('switching the language changes the next figures and times, with no other call', async () => {
    await i18next.changeLanguage('zh-CN');
    expect(figures()).toEqual(['1234.5678', '-9876.50', '0.123457', '55.56%', '2024-03-05 08:09']);
    await i18next.changeLanguage('en');
    expect(figures()).toEqual(['1,234.5678', '-9,876.50', '0.123457', '55.56%', '2024-03-05 08:09']);
    // the market board's '/'-split fields too, keeping a finer tick the server sends
    expect(formatMarketField('60000.1/2.12345')).toBe('60,000.1000/2.12345');
    // a file (the statistics CSV) keeps the plain figure a spreadsheet reads as a number
    expect(formatFileNumber(-1234567.12345, 'amount')).toBe('-1234567.1235');
    await i18next.changeLanguage(PSEUDO_LANGUAGE);
    expect(formatMinute('2024-03-05 08:09:59')).toBe('03/05/2024, 08:09');
    // the trend chart's future dates are counted from the time, not read back from its text
    expect(
      trendSeries(
        [{ t: '2024-02-28 23:59' }],
        (p) => p.t,
        () => 1,
      )
        .map((p) => p.time)
        .slice(0, 3),
    ).toEqual(['02/28/2024, 23:59', '02/29/2024, 23:59', '03/01/2024, 23:59']);
  });
});
