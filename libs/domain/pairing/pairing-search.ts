import { exactCompletion } from './exact-completion.js';

/**
 * The bounded search behind the Australian draw and the random draw.
 *
 * Input: players 0..n-1 in preference order (the standings for the Australian draw, a seeded
 * shuffle for the random draw) and a penalty for the pairs that should not meet (repeat-cost.ts:
 * a rematch costs more the more often and the more recently the pair met; a forbidden pairing
 * costs more than any set of rematches, so it is only ever allowed when no pairing without it
 * exists). Every other pair costs 0.
 *
 * Method: depth-first search in the Australian-draw order (the top unpaired player takes the
 * highest-placed unpaired player it may meet), wrapped in iterative deepening on the total
 * penalty (IDA*): first look for a pairing of cost 0; if that search space is exhausted, raise
 * the allowance to the smallest cost that was cut off and search again. The first pairing found
 * at the lowest feasible allowance therefore (a) has the lowest repeat cost and (b) among those is
 * the one the Australian draw order prefers (lexicographically first by rank). Backtracking
 * means a greedy dead end at the bottom of the field never causes a failure.
 *
 * Pruning: unpaired players are kept in a dancing-links list; for each player we keep how many
 * unpaired players it may not meet for free. Near the bottom of the field (only when fewer
 * players remain than the largest number of blocked partners anyone has) we count the players
 * with no free partner left: each needs a penalised pair, so ceil(z/2) × the cheapest penalty is an admissible lower
 * bound on the cost still to pay, and a branch that cannot be completed within the allowance is
 * cut at once instead of being discovered move by move.
 *
 * Bound: every tentative pair is one step, so is every candidate skipped because it would cost
 * too much, and each lower-bound scan is charged 1 step per 16 players scanned; the whole search
 * (all allowance levels together) stops after `budget` steps (default 200,000: well under a
 * second even for 5,000 players). On a well-ordered field the first descent rarely backtracks,
 * so 1,000 players need about 500 steps. The search alone is exponential in the worst case (a
 * clique of players who all met, deep in the field), so if the budget runs out the draw is
 * finished by exact-completion.ts instead: the same top-down choice, each candidate checked with
 * a minimum-cost perfect matching (blossom) — polynomial, and the same answer.
 */
/**
 * Mahjong seating's weight of a forbidden table-mate (mahjong-seating.ts). The 2-player draws
 * weigh a forbidden pairing with repeat-cost.ts instead, which scales it to the field.
 */
export const FORBIDDEN_COST = 1_000_000;
export const DEFAULT_NODE_BUDGET = 200_000;

export interface SearchInput {
  readonly n: number;
  /** penalties[i] maps j to the cost of pairing i with j (absent = 0); symmetric. */
  readonly penalties: ReadonlyArray<ReadonlyMap<number, number>>;
  readonly budget?: number;
}

export interface SearchOutcome {
  /** Pairs [i, j] with i < j (i is the player who chose). */
  readonly pairs: ReadonlyArray<readonly [number, number]>;
  readonly cost: number;
  readonly nodes: number;
  /** Work steps spent (tries plus charged bound scans), the quantity the budget bounds. */
  readonly steps: number;
  /** The budget the search ran under (in work steps: tries plus charged bound scans). */
  readonly budget: number;
  /**
   * How the minimum was proven (both are exact): 'exact' by the depth-first search within its
   * budget; 'matching' by the blossom-checked completion after the budget ran out.
   */
  readonly method: 'exact' | 'matching';
  /** Blossom matchings the 'matching' completion computed. */
  readonly matchings?: number;
}

export function searchPairing(input: SearchInput): SearchOutcome {
  const { n, penalties } = input;
  const budget = input.budget ?? DEFAULT_NODE_BUDGET;
  if (n % 2 !== 0) throw new RangeError(`searchPairing needs an even number of players, got ${n}`);
  const HEAD = n;
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  const alive = new Uint8Array(n);
  const blockedCount = new Int32Array(n);
  const blockedList: number[][] = penalties.map((m) => [...m.keys()]);
  let maxBlocked = 0;
  for (const l of blockedList) maxBlocked = Math.max(maxBlocked, l.length);
  // The cheapest penalty: each pair a player with no free partner left must take costs at least this.
  let cheapest = Infinity;
  for (const m of penalties) for (const v of m.values()) if (v > 0 && v < cheapest) cheapest = v;
  const match = new Int32Array(n).fill(-1);
  let unpaired = 0;
  let nodes = 0;
  let work = 0;

  const reset = () => {
    // Circular list HEAD → 0 → 1 → … → n-1 → HEAD, in preference order.
    let last = HEAD;
    for (let i = 0; i < n; i++) {
      next[last] = i;
      prev[i] = last;
      last = i;
    }
    next[last] = HEAD;
    prev[HEAD] = last;
    alive.fill(1);
    for (let i = 0; i < n; i++) blockedCount[i] = blockedList[i].length;
    unpaired = n;
  };
  const remove = (x: number) => {
    next[prev[x]] = next[x];
    prev[next[x]] = prev[x];
    alive[x] = 0;
    unpaired--;
    for (const y of blockedList[x]) if (alive[y]) blockedCount[y]--;
  };
  const restore = (x: number) => {
    unpaired++;
    alive[x] = 1;
    for (const y of blockedList[x]) if (alive[y]) blockedCount[y]++;
    next[prev[x]] = x;
    prev[next[x]] = x;
  };
  const lowerBound = (): number => {
    if (unpaired === 0 || unpaired - 1 > maxBlocked) return 0;
    let z = 0;
    for (let x = next[HEAD]; x !== HEAD; x = next[x]) if (unpaired - 1 - blockedCount[x] === 0) z++;
    work += unpaired >> 4; // the scan is charged to the budget too, so the bound is on work, not just tries
    return Math.ceil(z / 2) * cheapest;
  };

  let allowance = 0;
  let cutOff = Infinity;
  let exhausted = false;
  const dfs = (spent: number): boolean => {
    const top = next[HEAD];
    if (top === HEAD) return true;
    remove(top);
    const pen = penalties[top];
    for (let q = next[HEAD]; q !== HEAD; q = next[q]) {
      const c = spent + (pen.get(q) ?? 0);
      if (c > allowance) {
        if (c < cutOff) cutOff = c;
        if (++work > budget) {
          exhausted = true;
          break;
        }
        continue;
      }
      nodes++;
      if (++work > budget) {
        exhausted = true;
        break;
      }
      remove(q);
      const bound = c + lowerBound();
      if (bound <= allowance) {
        match[top] = q;
        match[q] = top;
        if (dfs(c)) return true;
      } else if (bound < cutOff) cutOff = bound;
      restore(q);
      if (exhausted) break;
    }
    restore(top);
    return false;
  };

  for (;;) {
    reset();
    cutOff = Infinity;
    if (dfs(0)) return { ...collect(match, penalties), nodes, steps: work, budget, method: 'exact' };
    if (exhausted || cutOff === Infinity) break;
    allowance = cutOff;
  }
  // Budget spent: finish exactly in polynomial time instead (exact-completion.ts).
  const exact = exactCompletion(n, penalties);
  return { pairs: exact.pairs, cost: exact.cost, nodes, steps: work, budget, method: 'matching', matchings: exact.matchings };
}

function collect(match: Int32Array, penalties: ReadonlyArray<ReadonlyMap<number, number>>) {
  const pairs: Array<[number, number]> = [];
  let cost = 0;
  for (let i = 0; i < match.length; i++) {
    const j = match[i];
    if (j > i) {
      pairs.push([i, j]);
      cost += penalties[i].get(j) ?? 0;
    }
  }
  return { pairs, cost };
}
