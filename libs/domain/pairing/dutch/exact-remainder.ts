/**
 * The remainder of a score bracket paired exactly, with no search budget (C.04.3 B.3, D.1, D.2). Every pairing of the
 * remainder is some candidate of the Handbook's order (exchanges reach every split into S1 and S2), so the least cost
 * over all of them is one minimum-cost perfect matching; the chosen candidate is then the first of that cost in the
 * order: the first split (D.2) whose S1 × S2 assignment reaches it, and in that split the first transposition of S2
 * (D.1), found greedily over the assignment's tight edges (complementary slackness: every perfect matching of tight
 * edges is optimal, and only those are). Costs are integers that weigh the criteria lexicographically. Pure.
 */
import { minCostPerfectMatching } from '../weighted-matching.js';

export interface RemainderProblem {
  /** Players of the remainder in BSN order (0-based indices below). */
  readonly size: number;
  /** S1 is the first `p` players; the rest is S2 (B.3). */
  readonly p: number;
  /** The cost of pairing i and j, or null when they may not meet (C.1, C.3). */
  readonly pairCost: (i: number, j: number) => number | null;
  /** The cost of i floating (an odd remainder leaves one player), or null when i may not float (C.4, C.2). */
  readonly floatCost: (i: number) => number | null;
  /** The exchanges of D.2 in their order (BSNs 1-based over S1 then S2), after the original split. */
  readonly exchanges: ReadonlyArray<{ readonly out: readonly number[]; readonly in: readonly number[] }>;
  /** A cost no pairing can go below (optional): when the original split reaches it, no blossom run is needed. */
  readonly lowerBound?: number;
}

export interface RemainderChoice {
  readonly pairs: ReadonlyArray<readonly [number, number]>;
  readonly floater: number | null;
  /** Players exchanged between S1 and S2 (D.2) in the chosen split; 0 for the original one. */
  readonly exchanged: number;
  readonly cost: number;
}

/**
 * The first candidate of least cost, or null when the remainder cannot be paired (or needs a split beyond the
 * exchanges given).
 */
export function exactRemainder(pr: RemainderProblem): RemainderChoice | null {
  const n = pr.size;
  const odd = n % 2 === 1;
  const m = odd ? n + 1 : n;
  const raw = (i: number, j: number): number | null => (i === n ? pr.floatCost(j) : j === n ? pr.floatCost(i) : pr.pairCost(i, j));
  let top = 0;
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) top = Math.max(top, raw(i, j) ?? 0);
  // An impossible pair costs more than any pairing made of possible ones.
  const inf = (top + 1) * (m / 2 + 1);
  const cost = (i: number, j: number): number => raw(i, j) ?? inf;
  // The original split reaching the caller's lower bound is optimal: the blossom run is saved (large brackets).
  const first = splitOf(pr, { out: [], in: [] }, odd);
  if (first && pr.lowerBound !== undefined && assignmentCost(first.rows, first.cols, cost) <= pr.lowerBound)
    return firstOptimal(first.rows, first.cols, cost, inf, 0, n);
  const optimum = minCostPerfectMatching(m, cost, undefined, { top: inf, zeroPair: false }).cost;
  if (optimum >= inf) return null;
  let fallback: { rows: number[]; cols: number[]; exchanged: number; cost: number } | null = null;
  const splits = [{ out: [] as readonly number[], in: [] as readonly number[] }, ...pr.exchanges];
  for (const x of splits) {
    const split = splitOf(pr, x, odd);
    if (!split) continue;
    const { rows, cols } = split;
    const total = assignmentCost(rows, cols, cost);
    if (total === optimum) return firstOptimal(rows, cols, cost, inf, x.out.length, n);
    if (total < inf && (fallback === null || total < fallback.cost)) fallback = { rows, cols, exchanged: x.out.length, cost: total };
  }
  return fallback && firstOptimal(fallback.rows, fallback.cols, cost, inf, fallback.exchanged, n);
}

/** The rows (S1, then the floating row when odd) and columns (S2) of one split (D.2 exchange). */
function splitOf(
  pr: RemainderProblem,
  x: { readonly out: readonly number[]; readonly in: readonly number[] },
  odd: boolean,
): { rows: number[]; cols: number[] } | null {
  const out = new Set(x.out.map((b) => b - 1));
  const moveIn = new Set(x.in.map((b) => b - 1));
  const idx = [...Array(pr.size).keys()];
  const rows = idx.filter((i) => (i < pr.p && !out.has(i)) || moveIn.has(i));
  const cols = idx.filter((i) => (i >= pr.p && !moveIn.has(i)) || out.has(i));
  if (cols.length !== rows.length + (odd ? 1 : 0)) return null;
  // The floating player is a last S1 row of its own (it takes the S2 player a transposition leaves last).
  if (odd) rows.push(pr.size);
  return { rows, cols };
}

interface Assignment {
  readonly total: number;
  readonly rowMate: Int32Array;
  readonly u: Float64Array;
  readonly v: Float64Array;
}

/** Minimum-cost assignment of the rows to the columns (square), by the Hungarian method with potentials (O(k³)). */
function hungarian(rows: readonly number[], cols: readonly number[], cost: (i: number, j: number) => number): Assignment {
  const k = rows.length;
  const u = new Float64Array(k + 1);
  const v = new Float64Array(k + 1);
  const colRow = new Int32Array(k + 1);
  const way = new Int32Array(k + 1);
  const a = (r: number, c: number): number => cost(rows[r - 1] as number, cols[c - 1] as number);
  for (let r = 1; r <= k; r++) {
    colRow[0] = r;
    let c0 = 0;
    const minv = new Float64Array(k + 1).fill(Infinity);
    const used = new Uint8Array(k + 1);
    do {
      used[c0] = 1;
      const r0 = colRow[c0] as number;
      let delta = Infinity;
      let c1 = 0;
      for (let c = 1; c <= k; c++) {
        if (used[c]) continue;
        const cur = a(r0, c) - (u[r0] as number) - (v[c] as number);
        if (cur < (minv[c] as number)) {
          minv[c] = cur;
          way[c] = c0;
        }
        if ((minv[c] as number) < delta) {
          delta = minv[c] as number;
          c1 = c;
        }
      }
      for (let c = 0; c <= k; c++) {
        if (used[c]) {
          u[colRow[c] as number]! += delta;
          v[c]! -= delta;
        } else minv[c]! -= delta;
      }
      c0 = c1;
    } while (colRow[c0] !== 0);
    do {
      const c1 = way[c0] as number;
      colRow[c0] = colRow[c1] as number;
      c0 = c1;
    } while (c0 !== 0);
  }
  const rowMate = new Int32Array(k).fill(-1);
  let total = 0;
  for (let c = 1; c <= k; c++) {
    const r = (colRow[c] as number) - 1;
    rowMate[r] = c - 1;
    total += a(r + 1, c);
  }
  return { total, rowMate, u, v };
}

const cache = new WeakMap<readonly number[], Assignment>();
function assignmentCost(rows: number[], cols: number[], cost: (i: number, j: number) => number): number {
  const res = hungarian(rows, cols, cost);
  cache.set(rows, res);
  return res.total;
}

/** The lexicographically first optimal assignment: each row in order takes the first column that keeps one. */
function firstOptimal(
  rows: number[],
  cols: number[],
  cost: (i: number, j: number) => number,
  inf: number,
  exchanged: number,
  floatIndex: number,
): RemainderChoice {
  const res = cache.get(rows) ?? hungarian(rows, cols, cost);
  const k = rows.length;
  const tight = (r: number, c: number): boolean => {
    const w = cost(rows[r] as number, cols[c] as number);
    return w < inf && w - (res.u[r + 1] as number) - (res.v[c + 1] as number) === 0;
  };
  const rowMate = Int32Array.from(res.rowMate);
  const colMate = new Int32Array(k).fill(-1);
  rowMate.forEach((c, r) => (colMate[c] = r));
  const fixedRow = new Uint8Array(k);
  const fixedCol = new Uint8Array(k);
  // An alternating path of tight edges from row `from` to the free column `target`, avoiding fixed rows and columns.
  const augment = (from: number, target: number): boolean => {
    const seen = new Uint8Array(k);
    const walk = (r: number): boolean => {
      for (let c = 0; c < k; c++) {
        if (seen[c] || fixedCol[c] || !tight(r, c)) continue;
        seen[c] = 1;
        if (c === target || (colMate[c] !== -1 && !fixedRow[colMate[c] as number] && walk(colMate[c] as number))) {
          rowMate[r] = c;
          colMate[c] = r;
          return true;
        }
      }
      return false;
    };
    return walk(from);
  };
  for (let r = 0; r < k; r++) {
    for (let c = 0; c < k; c++) {
      if (fixedCol[c] || !tight(r, c)) continue;
      if (rowMate[r] !== c) {
        // Take c for r: its old partner row r2 must reach r's old column c2 along tight edges.
        const r2 = colMate[c] as number;
        const c2 = rowMate[r] as number;
        fixedRow[r] = 1;
        fixedCol[c] = 1;
        colMate[c2] = -1;
        const saved = { rowMate: Int32Array.from(rowMate), colMate: Int32Array.from(colMate) };
        if (!augment(r2, c2)) {
          rowMate.set(saved.rowMate);
          colMate.set(saved.colMate);
          colMate[c2] = r;
          fixedRow[r] = 0;
          fixedCol[c] = 0;
          continue;
        }
        rowMate[r] = c;
        colMate[c] = r;
      }
      fixedRow[r] = 1;
      fixedCol[c] = 1;
      break;
    }
  }
  const pairs: Array<readonly [number, number]> = [];
  let floater: number | null = null;
  let total = 0;
  for (let r = 0; r < k; r++) {
    const a = rows[r] as number;
    const b = cols[rowMate[r] as number] as number;
    total += cost(a, b);
    // The row standing for floating (player index `floatIndex`) takes the floater.
    if (a === floatIndex) floater = b;
    else pairs.push([a, b]);
  }
  return { pairs, floater, exchanged, cost: total };
}
