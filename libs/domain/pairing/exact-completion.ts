import { minCostPerfectMatching } from './weighted-matching.js';

/**
 * The polynomial-time exact draw, used when the depth-first search's budget runs out
 * (pairing-search.ts). Same answer as the search: the top unpaired player takes the
 * highest-placed partner that still leaves the rest a pairing of the lowest total cost.
 *
 * Method: keep a witness — a minimum-cost perfect pairing M of the unpaired players, of cost C.
 * For the top player t and each candidate q in order, (t, q) is taken exactly when
 * cost(t, q) + (the least cost of pairing everyone else) = C. That is checked cheaply first:
 * - cost(t, q) > C: impossible, skip;
 * - q is t's partner in M, or M re-paired as (t, q), (t', q') — t', q' their partners in M — or
 *   with one more pair (a, b) of M swapped in, costs C: proven, take q, and that is the new M;
 * - otherwise a minimum-cost perfect matching (weighted blossom, weighted-matching.ts) of the
 *   players other than t and q decides, and becomes the new M if q is taken.
 * The first witness is the greedy-and-swap pairing when that costs 0 (nothing can cost less),
 * else a blossom matching of the whole field. Every step is polynomial (at most n²/4 blossom
 * runs of O(n³) each, in practice a handful near the bottom of the field).
 */
export interface Completion {
  readonly pairs: Array<[number, number]>;
  readonly cost: number;
  /** Blossom matchings computed (0 when every check was settled by the cheap tests). */
  readonly matchings: number;
}

export function exactCompletion(n: number, penalties: ReadonlyArray<ReadonlyMap<number, number>>): Completion {
  const c = (a: number, b: number) => penalties[a].get(b) ?? 0;
  const mate = new Int32Array(n).fill(-1);
  let matchings = 0;
  const start = repair(greedy(n, penalties).pairs, penalties);
  let C: number;
  if (start.cost === 0) {
    for (const [a, b] of start.pairs) [mate[a], mate[b]] = [b, a];
    C = 0;
  } else {
    const all = Array.from({ length: n }, (_, i) => i);
    for (const [a, b] of start.pairs) [mate[a], mate[b]] = [b, a];
    C = optimum(all, penalties, mate);
    matchings++;
  }
  const alive = new Uint8Array(n).fill(1);
  const pairs: Array<[number, number]> = [];
  let total = 0;
  for (let t = 0; t < n; t++) {
    if (!alive[t]) continue;
    alive[t] = 0;
    let taken = -1;
    for (let q = t + 1; q < n && taken < 0; q++) {
      if (!alive[q]) continue;
      const ctq = c(t, q);
      if (ctq > C) continue;
      if (mate[t] === q) {
        taken = q;
        break;
      }
      const t2 = mate[t];
      const q2 = mate[q];
      const rest = C - c(t, t2) - c(q, q2) + ctq;
      if (rest + c(t2, q2) === C) {
        [mate[t2], mate[q2]] = [q2, t2];
        taken = q;
        break;
      }
      for (let a = 0; a < n && taken < 0; a++) {
        const b = mate[a];
        if (!alive[a] || b < a || a === q || a === t2 || a === q2 || b === q) continue;
        const base = rest - c(a, b);
        if (base + c(t2, a) + c(q2, b) === C) {
          [mate[t2], mate[a], mate[q2], mate[b]] = [a, t2, b, q2];
          taken = q;
        } else if (base + c(t2, b) + c(q2, a) === C) {
          [mate[t2], mate[b], mate[q2], mate[a]] = [b, t2, a, q2];
          taken = q;
        }
      }
      if (taken >= 0) break;
      const others: number[] = [];
      for (let x = 0; x < n; x++) if (alive[x] && x !== q) others.push(x);
      const trial = mate.slice();
      matchings++;
      if (ctq + optimum(others, penalties, trial) === C) {
        for (const x of others) mate[x] = trial[x];
        taken = q;
      }
    }
    // Some partner always qualifies: t's partner in the witness does.
    alive[taken] = 0;
    const ct = c(t, taken);
    pairs.push([t, taken]);
    total += ct;
    C -= ct;
  }
  return { pairs, cost: total, matchings };
}

/**
 * Minimum-cost perfect matching of `players`, seeded with the pairs of `mate` inside `players`
 * (the witness: it only saves work); writes the partners into mate (global indices), returns the cost.
 */
function optimum(players: readonly number[], penalties: ReadonlyArray<ReadonlyMap<number, number>>, mate: Int32Array): number {
  const c = (a: number, b: number) => penalties[a].get(b) ?? 0;
  const local = new Int32Array(mate.length).fill(-1);
  players.forEach((p, i) => (local[p] = i));
  const seed = new Int32Array(players.length).fill(-1);
  players.forEach((p, i) => {
    const q = mate[p];
    if (q >= 0 && local[q] >= 0) seed[i] = local[q];
  });
  let top = 0;
  for (const p of players) for (const q of penalties[p].values()) if (q > top) top = q;
  let zeroPair = false;
  for (let i = 0; i < seed.length && !zeroPair; i++) if (seed[i] > i && c(players[i], players[seed[i]]) === 0) zeroPair = true;
  const res = minCostPerfectMatching(players.length, (i, j) => c(players[i], players[j]), seed, { top, zeroPair });
  players.forEach((p, i) => (mate[p] = players[res.mate[i]]));
  return res.cost;
}

/** Each top unpaired player takes the cheapest partner, ties to the highest-placed. */
function greedy(n: number, penalties: ReadonlyArray<ReadonlyMap<number, number>>) {
  const taken = new Uint8Array(n);
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    if (taken[i]) continue;
    taken[i] = 1;
    let best = -1;
    let bestCost = Infinity;
    for (let j = i + 1; j < n; j++) {
      if (taken[j]) continue;
      const c = penalties[i].get(j) ?? 0;
      if (c < bestCost) {
        best = j;
        bestCost = c;
        if (c === 0) break;
      }
    }
    taken[best] = 1;
    pairs.push([i, best]);
  }
  return { pairs };
}

/**
 * Bounded 2-swap repair of a complete pairing: for each penalised pair, look for another pair
 * whose re-pairing with it lowers the total cost; at most 4 passes. Only a cheap first witness.
 */
function repair(start: ReadonlyArray<readonly [number, number]>, penalties: ReadonlyArray<ReadonlyMap<number, number>>) {
  const pairs = start.map(([a, b]) => [a, b] as [number, number]);
  const c = (a: number, b: number) => penalties[a].get(b) ?? 0;
  for (let pass = 0; pass < 4; pass++) {
    let improved = false;
    for (let x = 0; x < pairs.length; x++) {
      if (c(pairs[x][0], pairs[x][1]) === 0) continue;
      for (let y = 0; y < pairs.length; y++) {
        if (y === x) continue;
        const [a, b] = pairs[x];
        const [d, e] = pairs[y];
        const now = c(a, b) + c(d, e);
        if (c(a, d) + c(b, e) < now) {
          pairs[x] = [a, d];
          pairs[y] = [b, e];
          improved = true;
        } else if (c(a, e) + c(b, d) < now) {
          pairs[x] = [a, e];
          pairs[y] = [b, d];
          improved = true;
        } else continue;
        if (c(pairs[x][0], pairs[x][1]) === 0) break;
      }
    }
    if (!improved) break;
  }
  let cost = 0;
  for (const [a, b] of pairs) cost += c(a, b);
  return { pairs, cost };
}
