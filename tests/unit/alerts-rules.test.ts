import { FRESH_SUBJECT, isBeyond, maySpeak, spreadPercent, step, wouldSend, type SubjectState } from '#contract/rules/alerts';

/** Runs `step` over (time, beyond) pairs and answers the times it fired. */
function fires(samples: readonly [number, boolean][], holdMs: number, cooldownMs: number): number[] {
  let state: SubjectState = FRESH_SUBJECT;
  const fired: number[] = [];
  for (const [at, beyond] of samples) {
    const out = step(state, beyond, at, holdMs, cooldownMs);
    state = out.state;
    if (out.fire) fired.push(at);
  }
  return fired;
}

describe('alert rules (contract/rules/alerts.ts)', () => {
  it('reads the percent of a board spread field', () => {
    expect(spreadPercent('12.3/0.0205%')).toBe(0.0205);
    expect(spreadPercent('-1.5/-0.0025%')).toBe(-0.0025);
    expect(spreadPercent('12.3')).toBeNaN();
    expect([isBeyond(0.2, 'above', 0.1), isBeyond(0.1, 'above', 0.1), isBeyond(-0.2, 'below', -0.1)]).toEqual([true, false, true]);
  });

  it('a crossing fires once (edge, not level); a threshold already crossed fires at the first look', () => {
    expect(
      fires(
        [
          [0, true],
          [1000, true],
          [2000, true],
        ],
        0,
        0,
      ),
    ).toEqual([0]);
    expect(
      fires(
        [
          [0, false],
          [1000, true],
          [2000, true],
          [3000, false],
          [4000, true],
        ],
        0,
        0,
      ),
    ).toEqual([1000, 4000]);
  });

  it('a crossing within the cooldown after the last fire is swallowed, not fired later', () => {
    const flips: [number, boolean][] = [
      [0, true],
      [10_000, false],
      [20_000, true],
      [59_000, false],
      [59_500, true],
      [65_000, true],
      [70_000, false],
      [71_000, true],
    ];
    expect(fires(flips, 0, 60_000)).toEqual([0, 71_000]);
  });

  it('a duration rule fires once the condition has held N, once per episode', () => {
    const samples: [number, boolean][] = [
      [0, true],
      [9_000, true],
      [10_000, true],
      [30_000, true],
      [31_000, false],
      [32_000, true],
      [41_000, true],
      [42_000, true],
    ];
    expect(fires(samples, 10_000, 1000)).toEqual([10_000, 42_000]);
  });

  it('the message channel sends one per interval; speech speaks one per interval', () => {
    expect([wouldSend(null, 0, 300), wouldSend(0, 299_999, 300), wouldSend(0, 300_000, 300)]).toEqual([true, false, true]);
    expect([maySpeak(null, 0, 60), maySpeak(0, 59_999, 60), maySpeak(0, 60_000, 60)]).toEqual([true, false, true]);
  });
});
