import zh from '#contract/locales/zh-CN/unilateral.json';
import {
  CYCLES,
  CYCLE_MS,
  CYCLE_WINDOW_DAYS,
  DAY_MS,
  FOLLOW_FORM_MESSAGES,
  MONITORING_DOT,
  STRATEGY_PRIORITY_MESSAGES,
  cycleWindow,
  followFormFields,
  followFormProblems,
  followStateLabelKey,
  isBuySignal,
  isUnilateralAccount,
  signalLabelKey,
  strategyPriorityProblem,
  trendLine,
} from '#contract/rules/unilateral';

const text = (key: string): string =>
  key
    .replace('unilateral:', '')
    .split('.')
    .reduce<any>((node, part) => node?.[part], zh);

describe('unilateral codes', () => {
  it('labels the follow states 1 auto, 0 stop, 2 hedge, 3 delay, 4 stop-loss', () => {
    expect([1, 0, 2, 3, 4].map((s) => text(followStateLabelKey(s)))).toEqual(['自动', '停止', '对冲', '延时', '止损']);
  });

  it('labels the signals 1 long open, 2 short close, -1 short open, -2 long close; buys are up markers', () => {
    expect([1, 2, -1, -2].map((s) => text(signalLabelKey(s)))).toEqual(['多开', '空平', '空开', '多平']);
    expect([1, 2, -1, -2].map(isBuySignal)).toEqual([true, true, false, false]);
  });

  it('has the cycles 1T 10T 1H 1D with the default windows 1, 3, 10 and 30 days', () => {
    expect(CYCLES).toEqual(['1T', '10T', '1H', '1D']);
    expect(CYCLES.map((c) => CYCLE_WINDOW_DAYS[c])).toEqual([1, 3, 10, 30]);
    expect(CYCLES.map((c) => CYCLE_MS[c] / 60_000)).toEqual([1, 10, 60, 1440]);
    expect(cycleWindow('10T', 10 * DAY_MS)).toEqual([7 * DAY_MS, 10 * DAY_MS]);
  });

  it('colours the monitoring dots 1 green, 2 red, 0 grey, each with a text label', () => {
    expect(MONITORING_DOT[1].color).not.toBe(MONITORING_DOT[2].color);
    expect([0, 1, 2].map((s) => text(MONITORING_DOT[s as 0 | 1 | 2].labelKey))).toEqual(['未运行', '正常', '异常']);
  });

  it('draws the last 180 trend points and appends 7 future daily dates', () => {
    const date = Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(2025, 0, 1) + i * 3600_000).toISOString().slice(0, 16).replace('T', ' '));
    const line = trendLine({ date, value: date.map((_, i) => i) });
    expect(line).toHaveLength(187);
    expect(line[0]).toEqual({ date: date[20], value: 20 });
    expect(line.slice(180).map((p) => p.value)).toEqual(Array(7).fill(null));
    // the last point is 2025-01-09 07:00 (the 200th hour)
    expect(line[180]!.date).toBe('2025-01-10 07:00');
    expect(line[186]!.date).toBe('2025-01-16 07:00');
    expect(trendLine({ date: [], value: [] })).toEqual([]);
  });

  it('signs in unilateral accounts only: not the super user, a pes of 1 or more', () => {
    expect(isUnilateralAccount({ isSuper: false, pes: 2 })).toBe(true);
    expect(isUnilateralAccount({ isSuper: false, pes: 1 })).toBe(true);
    expect(isUnilateralAccount({ isSuper: true, pes: 1 })).toBe(false);
    expect(isUnilateralAccount({ isSuper: false, pes: 0 })).toBe(false);
  });
});

describe('follow task form rules (§5)', () => {
  const valid = { apiId: 1, strategyId: 2, priority: 3, stopLoss: 10, positiveLeverage: 2, negativeLeverage: 1, isBuy: 1, isSell: 0 };

  it('keeps every message verbatim', () => {
    expect(Object.values(FOLLOW_FORM_MESSAGES).map(text)).toEqual(
      expect.arrayContaining([
        'API不能为空！',
        '杠杆倍数不能为空!',
        '止损百分数不能为空!',
        '值大小在0~100之间!',
        '优先级不能为空!',
        '值大小在0~5之间!',
        '是否做多必选！',
        '是否开空必选！',
      ]),
    );
    expect(Object.values(STRATEGY_PRIORITY_MESSAGES).map(text)).toEqual(['优先级不能为空！', '请输入数字!', '请输入0~5之间的数字!']);
  });

  it('accepts a complete form; the optional fields may stay empty', () => {
    expect(followFormProblems(valid, 1)).toEqual({});
    expect(followFormProblems({ ...valid, archiveCurrency: '', calculateCost: '', initialCost: null }, 1)).toEqual({});
  });

  it.each([
    [{ apiId: '' }, 'apiId', 'API不能为空！'],
    [{ positiveLeverage: null }, 'positiveLeverage', '杠杆倍数不能为空!'],
    [{ negativeLeverage: ' ' }, 'negativeLeverage', '杠杆倍数不能为空!'],
    [{ stopLoss: undefined }, 'stopLoss', '止损百分数不能为空!'],
    [{ stopLoss: '100.5' }, 'stopLoss', '值大小在0~100之间!'],
    [{ stopLoss: -1 }, 'stopLoss', '值大小在0~100之间!'],
    [{ priority: '' }, 'priority', '优先级不能为空!'],
    [{ priority: 6 }, 'priority', '值大小在0~5之间!'],
    [{ isBuy: null }, 'isBuy', '是否做多必选！'],
    [{ isSell: '' }, 'isSell', '是否开空必选！'],
  ])('%o → %s: %s', (change, field, message) => {
    const problems = followFormProblems({ ...valid, ...change }, 1);
    expect(Object.keys(problems)).toEqual([field]);
    expect(text(problems[field as keyof typeof problems]!)).toBe(message);
  });

  it('asks for the priority only at userLevel 1', () => {
    expect(followFormFields(1)).toContain('priority');
    expect(followFormFields(2)).not.toContain('priority');
    expect(followFormProblems({ ...valid, priority: '' }, 2)).toEqual({});
  });

  it("checks the strategy dialog's priority with its own messages", () => {
    expect(text(strategyPriorityProblem('')!)).toBe('优先级不能为空！');
    expect(text(strategyPriorityProblem('abc')!)).toBe('请输入数字!');
    expect(text(strategyPriorityProblem(9)!)).toBe('请输入0~5之间的数字!');
    expect(strategyPriorityProblem('5')).toBeUndefined();
  });
});
