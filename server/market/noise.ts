/**
 * Deterministic noise: every value is a pure function of (seed, stream, time), computed directly at
 * any instant, so a price in December 2018 costs the same as one now (no stepping through history).
 */

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/** 32-bit mix of up to four integers (murmur3 finaliser on a running combine). */
export function hash32(a: number, b = 0, c = 0, d = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ c, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ d, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a of a string: turns a seed or a stream name into an integer. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Uniform in (0, 1]. */
export const uniform = (h: number): number => (h + 1) / 4294967296;

/** A standard normal drawn from a hash (Box–Muller). */
export function gauss(h: number): number {
  const u1 = uniform(h);
  const u2 = uniform(hash32(h, 0x5bd1e995));
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** Splits a large integer index into two 32-bit halves for hashing. */
const hi = (n: number): number => Math.floor(n / 4294967296);

/**
 * Smooth, stationary, mean-zero noise with unit-scale amplitude: a normal value per `periodMs` bucket,
 * eased between neighbours. It crosses zero every few periods, which makes spreads open and close.
 */
export function smoothNoise(stream: number, t: number, periodMs: number): number {
  const x = t / periodMs;
  const i = Math.floor(x);
  const f = x - i;
  const e = f * f * (3 - 2 * f);
  const v0 = gauss(hash32(stream, i >>> 0, hi(i), periodMs | 0));
  const v1 = gauss(hash32(stream, (i + 1) >>> 0, hi(i + 1), periodMs | 0));
  return v0 + (v1 - v0) * e;
}

/** Start of the Brownian paths (a month before the earliest K-line, December 2018). */
export const PATH_ORIGIN = Date.UTC(2018, 10, 1);
const PATH_LEVELS = 31; // 2^31 s ≈ 68 years of 1-second resolution
const STEP_MS = 1000;
/** Above this scale the walk is damped, so prices wander like a crypto asset but stay in a plausible band over years. */
const FREE_SCALE_MS = 32 * 24 * 3600 * 1000;

/**
 * Where a stream's path was last evaluated: at the start of each level, the interval's start and the path's values at
 * its two ends (index PATH_LEVELS: after the last level). Nearby times take the same first levels (a second later,
 * ~30 of 31; the next minute, ~25), so a call resumes at the first level where its time parts from the last one's:
 * the same arithmetic on the same values, so the same result, bit for bit.
 */
interface PathMemo {
  at: number;
  lo: Float64Array;
  bLo: Float64Array;
  bHi: Float64Array;
}
const memos = new Map<number, PathMemo>();
const newMemo = (): PathMemo => ({
  at: -1,
  lo: new Float64Array(PATH_LEVELS + 1),
  bLo: new Float64Array(PATH_LEVELS + 1),
  bHi: new Float64Array(PATH_LEVELS + 1),
});

/** The first level whose interval the whole seconds `a` and `b` (both under 2^PATH_LEVELS) do not share. */
const partingLevel = (a: number, b: number): number => {
  const apart = (a ^ b) >>> 0;
  return apart === 0 ? PATH_LEVELS : Math.clz32(apart) - (32 - PATH_LEVELS);
};

/**
 * A Brownian path (variance 1 per year up to a month, damped beyond) evaluated at any time by the
 * Lévy midpoint construction: ~31 hashed normals for a time far from the stream's last one, a few for a near one
 * (PathMemo), linear between whole seconds.
 */
export function brownian(stream: number, t: number): number {
  const u = Math.max(0, (t - PATH_ORIGIN) / STEP_MS);
  let memo = memos.get(stream);
  if (!memo) {
    memo = newMemo();
    memos.set(stream, memo);
  }
  const whole = Math.floor(u);
  const inRange = whole < 2 ** PATH_LEVELS;
  const from = inRange && memo.at >= 0 ? partingLevel(whole, memo.at) : 0;
  // level 0 always starts at 0 with the path 0 at both ends (a new memo's zeros, and what the loop writes there)
  let lo = memo.lo[from]!;
  let span = 2 ** (PATH_LEVELS - from);
  let bLo = memo.bLo[from]!;
  let bHi = memo.bHi[from]!;
  for (let level = from; level < PATH_LEVELS; level++) {
    memo.lo[level] = lo;
    memo.bLo[level] = bLo;
    memo.bHi[level] = bHi;
    const half = span / 2;
    const mid = lo + half;
    const lengthMs = span * STEP_MS;
    const damp = lengthMs > FREE_SCALE_MS ? Math.sqrt(FREE_SCALE_MS / lengthMs) : 1;
    const sd = (Math.sqrt(lengthMs / YEAR_MS) / 2) * damp;
    const bMid = (bLo + bHi) / 2 + sd * gauss(hash32(stream, level, mid >>> 0, hi(mid)));
    if (u < mid) {
      bHi = bMid;
    } else {
      lo = mid;
      bLo = bMid;
    }
    span = half;
  }
  memo.lo[PATH_LEVELS] = lo;
  memo.bLo[PATH_LEVELS] = bLo;
  memo.bHi[PATH_LEVELS] = bHi;
  memo.at = inRange ? whole : -1;
  const f = Math.min(1, u - lo);
  return bLo + (bHi - bLo) * f;
}
