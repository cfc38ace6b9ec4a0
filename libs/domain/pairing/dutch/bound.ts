/**
 * A lower bound on the colour and float criteria (C.10–C.17) the players still to pair in a bracket must
 * cost: the cheapest maximum matching among them, S1/S2 ignored (a relaxation), by one blossom matching
 * with the criteria weighed lexicographically. It also proves a subtree infeasible when too few pairs remain.
 */
import { maxWeightMatching } from '../weighted-matching.js';
import type { Compatible } from './completion.js';
import type { DutchPlayer } from './players.js';

/** The scalar criteria of one pair, in order: C.10, C.11, C.12, C.13, C.14, C.15, C.16, C.17. */
export type PairScalars = (a: DutchPlayer, b: DutchPlayer) => readonly number[];

export const SCALARS = 8;
/** Beyond this many players no bound is computed (a blossom run per search root is then too dear). */
export const BOUND_LIMIT = 250;

export interface Bound {
  /** The most pairs the players can still make. */
  readonly pairs: number;
  /** Lexicographically least scalar criteria over the maximum matchings (valid when exactly that many pairs are needed). */
  readonly scalars: readonly number[];
}

export function matchingBound(players: readonly DutchPlayer[], compatible: Compatible, scalars: PairScalars): Bound | null {
  const n = players.length;
  if (n > BOUND_LIMIT) return null;
  if (n < 2) return { pairs: 0, scalars: new Array<number>(SCALARS).fill(0) };
  const base = Math.floor(n / 2) + 1;
  // As many leading criteria as keep every weight sum an exact double; the later ones are bounded by 0.
  let used = SCALARS;
  while (used > 1 && base ** (used + 1) * base > Number.MAX_SAFE_INTEGER) used--;
  const big = base ** (used + 1);
  const encode = (v: readonly number[]): number => v.slice(0, used).reduce((s, x) => s * base + x, 0);
  const cost = new Map<number, number>();
  const w = (i: number, j: number): number => {
    const key = i < j ? i * n + j : j * n + i;
    let c = cost.get(key);
    if (c === undefined) {
      const a = players[i] as DutchPlayer;
      const b = players[j] as DutchPlayer;
      c = compatible(a, b) ? encode(scalars(a, b)) : -1;
      cost.set(key, c);
    }
    return c < 0 ? 0 : big - c;
  };
  const mate = maxWeightMatching(n, w, false);
  let pairs = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const j = mate[i] as number;
    if (j <= i || w(i, j) === 0) continue;
    pairs++;
    total += big - w(i, j);
  }
  const out = new Array<number>(SCALARS).fill(0);
  for (let k = used - 1; k >= 0; k--) {
    out[k] = total % base;
    total = Math.floor(total / base);
  }
  return { pairs, scalars: out };
}
