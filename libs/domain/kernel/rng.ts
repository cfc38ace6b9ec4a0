import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

/**
 * A seeded, deterministic random source (pure-rand's xoroshiro128+). The same seed string
 * always gives the same sequence, so a seeded pairing or draw can be replayed exactly.
 */
export interface Rng {
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A new array in seeded Fisher–Yates order. */
  shuffle<T>(items: readonly T[]): T[];
}

export function seedFromString(seed: string): number {
  // FNV-1a 32-bit over UTF-16 code units: a stable seed from a human-readable string.
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h | 0;
}

export function createRng(seed: string | number): Rng {
  const gen = xoroshiro128plus(typeof seed === 'number' ? seed | 0 : seedFromString(seed));
  const int = (min: number, max: number) => uniformInt(gen, min, max);
  return {
    int,
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
