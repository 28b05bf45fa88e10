// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../server/clock/clock';
import { clockLoop, type Overlap } from '../../server/clock/loop';

/** The one scheduling primitive (server/clock/loop.ts): lazy, never overlapping itself, one error log, clean stop. */
const START = Date.UTC(2026, 10, 23);

/** A loop whose runs wait until released, recording the time each started at. */
function slowLoop(overlap: Overlap) {
  const clock = new ManualClock(START);
  const started: number[] = [];
  const waiting: (() => void)[] = [];
  const loop = clockLoop(clock, {
    name: 'test job',
    everyMs: 1000,
    overlap,
    run: (at) => {
      started.push(at - START);
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
  });
  const releaseAll = async () => {
    for (let i = 0; i < 10 && waiting.length; i++) {
      waiting.splice(0).forEach((resolve) => {
        resolve();
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { clock, loop, started, releaseAll };
}

describe('clockLoop', () => {
  it('holds no timer until started, and none once paused', () => {
    const { clock, loop } = slowLoop('queue');
    expect(clock.pending()).toBe(0);
    loop.start();
    loop.start();
    expect([clock.pending(), loop.ticking]).toEqual([1, true]);
    loop.pause();
    expect([clock.pending(), loop.ticking]).toEqual([0, false]);
  });

  it("'queue': a tick that finds a run going runs after it, at the time it fell due", async () => {
    const { clock, loop, started, releaseAll } = slowLoop('queue');
    loop.start();
    clock.tick(3000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1000]);
    await releaseAll();
    await loop.idle();
    expect(started).toEqual([1000, 2000, 3000]);
  });

  it("'again': ticks during a run ask for one more run, at the time it starts", async () => {
    const { clock, loop, started, releaseAll } = slowLoop('again');
    loop.start();
    clock.tick(1000);
    clock.tick(2000);
    expect(started).toEqual([1000]);
    await releaseAll();
    await loop.idle();
    expect(started).toEqual([1000, 3000]);
  });

  it("'skip': ticks during a run do nothing; a run that returns no promise is done within its tick", async () => {
    const { clock, loop, started, releaseAll } = slowLoop('skip');
    loop.start();
    clock.tick(3000);
    expect(started).toEqual([1000]);
    await releaseAll();
    await loop.idle();
    clock.tick(1000);
    expect(started).toEqual([1000, 4000]);

    const sync: number[] = [];
    const ticker = clockLoop(clock, { name: 'ticker', everyMs: 500, overlap: 'skip', run: (at) => void sync.push(at - START) });
    ticker.start();
    clock.tick(1000);
    expect(sync).toEqual([4500, 5000]);
  });

  it('logs a failed run under its name and goes on', async () => {
    const clock = new ManualClock(START);
    const errors: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    let runs = 0;
    const loop = clockLoop(clock, {
      name: 'failing job',
      everyMs: 1000,
      overlap: 'queue',
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('boom');
      },
    });
    loop.start();
    clock.tick(2000);
    await loop.idle();
    spy.mockRestore();
    expect(runs).toBe(2);
    expect(errors.map(([label]) => label)).toEqual(['[server] failing job:']);
  });
});
