// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock/clock';

describe('ManualClock', () => {
  it('runs due timers in time order, each at its own time, and nothing early', () => {
    const clock = new ManualClock(1000);
    const seen: string[] = [];
    clock.after(30, () => seen.push(`c@${clock.now()}`));
    clock.after(10, () => seen.push(`a@${clock.now()}`));
    clock.after(10, () => seen.push(`b@${clock.now()}`));
    clock.tick(9);
    expect(seen).toEqual([]);
    expect(clock.pending()).toBe(3);
    clock.tick(100);
    expect(seen).toEqual(['a@1010', 'b@1010', 'c@1030']);
    expect(clock.now()).toBe(1109);
    expect(clock.pending()).toBe(0);
  });

  it('repeats `every` timers, interleaved with one-shots, until cancelled', () => {
    const clock = new ManualClock(0);
    const seen: string[] = [];
    const cancel = clock.every(10, () => seen.push(`tick@${clock.now()}`));
    clock.after(15, () => seen.push(`once@${clock.now()}`));
    clock.tick(30);
    expect(seen).toEqual(['tick@10', 'once@15', 'tick@20', 'tick@30']);
    cancel();
    clock.tick(100);
    expect(seen).toHaveLength(4);
    expect(clock.pending()).toBe(0);
  });

  it('runs a timer set by another timer when it falls due within the same tick', () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    clock.after(5, () => clock.after(5, () => seen.push(clock.now())));
    clock.tick(20);
    expect(seen).toEqual([10]);
  });

  it('sleep resolves after the clock moves; a cancelled timer never runs; set moves time without running timers', async () => {
    const clock = new ManualClock(0);
    let woke = false;
    const sleeping = clock.sleep(50).then(() => {
      woke = true;
    });
    const cancel = clock.after(10, () => {
      throw new Error('cancelled timer ran');
    });
    cancel();
    clock.set(40);
    await Promise.resolve();
    expect(woke).toBe(false);
    clock.tick(10);
    await sleeping;
    expect(woke).toBe(true);
  });

  it('whenPending resolves once a timer is waiting', async () => {
    const clock = new ManualClock(0);
    const waiting = clock.whenPending();
    clock.after(1, () => undefined);
    await expect(waiting).resolves.toBeUndefined();
  });
});
