/**
 * The corpus generator's only source of randomness: mulberry32, a tiny seeded 32-bit PRNG, plus the
 * few draws the generator needs (int, pick, sample, chance). Same seed, same sequence, on every
 * machine and Node version, which is what makes the corpus byte-identical.
 * Reads: nothing. Writes: nothing.
 */

/** A seeded random source; every method advances the same stream. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** `count` distinct elements of `list`, in draw order (partial Fisher–Yates on a copy). */
  sample<T>(list: readonly T[], count: number): T[];
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/** Creates a mulberry32 stream from a 32-bit seed. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[Math.floor(next() * list.length)],
    sample: (list, count) => {
      const copy = list.slice();
      const n = Math.min(count, copy.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, n);
    },
    chance: (p) => next() < p,
  };
}
