// @vitest-environment node
/** contract/rules/leg-health.ts: a child's and a task's leg health, worked by hand. */
import { describe, expect, it } from 'vitest';
import { childLegHealth, legHealthOf, taskLegHealth } from '#contract/rules/leg-health';

/** [[price, qty], [price, qty]] per direction, as §3 position data holds them. */
const position = (f: [number, number], r: [number, number] = [0, 0]) => ({
  f: [
    [50_000, f[0]],
    [50_100, f[1]],
  ] as const,
  r: [
    [50_000, r[0]],
    [50_100, r[1]],
  ] as const,
});

describe('leg health', () => {
  // child 1 (BTC, leg A mid 40 000): f holds 0.05 on A and 0.03 on B → A − B = 0.02 BTC
  //   = 0.02 × 40 000 / 100 = 8 contracts; exposure 0.02 × 40 000 = 800 USDT; unbalanced.
  // child 2: f 0.01 / 0.01 and r 0.004 on B only → A 0.01, B 0.014: −0.004 BTC = −1.6 contracts, 160 USDT;
  //   one abnormal order in the hour → abnormal.
  const c1 = childLegHealth(position([0.05, 0.03]), 'btc', 40_000, [1000, 900], 0);
  const c2 = childLegHealth(position([0.01, 0.01], [0, 0.004]), 'btc', 40_000, [null, 2000], 1);

  it('a child: held per leg, imbalance in contracts, exposure in USDT, state', () => {
    expect(c1.filled).toEqual([0.05, 0.03]);
    expect(c1.imbalance).toBeCloseTo(8, 9);
    expect(c1.exposure).toBeCloseTo(800, 9);
    expect(c1.state).toBe('unbalanced');
    expect(c2.filled[1]).toBeCloseTo(0.014, 12);
    expect(c2.imbalance).toBeCloseTo(-1.6, 9);
    expect(c2.exposure).toBeCloseTo(160, 9);
    expect(c2.state).toBe('abnormal');
  });

  it('half a contract apart is unbalanced, less is balanced (ETH: 10 USD a contract)', () => {
    // 0.0025 ETH × 2000 = 5 USD = 0.5 contract; 0.002 ETH = 0.4 contract
    expect(childLegHealth(position([0.0125, 0.01]), 'eth', 2000, [null, null], 0).state).toBe('unbalanced');
    expect(childLegHealth(position([0.012, 0.01]), 'eth', 2000, [null, null], 0).state).toBe('balanced');
  });

  it('a task: the sum of its children (imbalance signed, exposure each child’s), the latest fill per leg', () => {
    const task = taskLegHealth({ 1: c1, 2: c2 });
    expect(task.filled[0]).toBeCloseTo(0.06, 12);
    expect(task.filled[1]).toBeCloseTo(0.044, 12);
    expect(task.imbalance).toBeCloseTo(6.4, 9); // 8 − 1.6
    expect(task.exposure).toBeCloseTo(960, 9); // 800 + 160
    expect(task.lastFill).toEqual([1000, 2000]);
    expect(task.abnormal).toBe(1);
    expect(task.state).toBe('abnormal');
    expect(taskLegHealth({ 1: c1 }).state).toBe('unbalanced');
    expect(taskLegHealth({}).state).toBe('balanced');
  });

  it('reads what the socket sent, and nothing malformed', () => {
    const task = JSON.parse(JSON.stringify(taskLegHealth({ 1: c1, 2: c2 })));
    expect(legHealthOf(task)).toEqual(task);
    expect(legHealthOf({ ...task, state: 'fine' })).toBeUndefined();
    expect(legHealthOf({ ...task, filled: [1] })).toBeUndefined();
    expect(legHealthOf(undefined)).toBeUndefined();
    expect(legHealthOf({ ...task, children: { 1: task.children[1], 2: { state: 'x' } } })?.children).toEqual({ 1: task.children[1] });
  });
});
