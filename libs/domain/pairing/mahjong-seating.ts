import { refuse } from '../kernel/errors.js';
import { byRank, label, pairKey, sortByRank, validateRequest } from './field.js';
import { readHistory, type History } from './history.js';
import { seatWinds } from './mahjong-winds.js';
import { FORBIDDEN_COST } from './pairing-search.js';
import type { Repeat } from './sequence-draw.js';
import type { PairingPlayer, PairingRequest, PairingResult, PairingSystem } from './types.js';

const TABLE_RULE = 'WMC 執位: 一台的四人 (mahjong is played four to a table); 代打者 may fill an empty seat (WMC 缺席)';
/** Swiss seating looks this many unseated players ahead of the table's top player. */
const WINDOW = 12;
/** Local improvement compares each table with this many tables below it. */
const SWAP_REACH = 2;
const MAX_PASSES = 8;

/**
 * Mahjong seating, tables of four. 'mahjong-by-standing': ranks 1–4, 5–8, …; forbidden pairs at
 * a table are split by swaps between tables that reduce the number of forbidden clashes, nearest
 * the standing first (Arbitra rule; see splitForbidden). 'mahjong-swiss': seating
 * that keeps players near their standing while minimising repeat table-mates (see below).
 */
export function mahjongSeating(system: Extract<PairingSystem, 'mahjong-by-standing' | 'mahjong-swiss'>, request: PairingRequest): PairingResult {
  validateRequest(system, request);
  const n = request.players.length;
  if (n % 4 !== 0) {
    const left = n % 4;
    refuse(
      'pairing/field-not-divisible-by-4',
      `mahjong needs tables of 4: ${n} players leaves ${4 - left} seat${4 - left === 1 ? '' : 's'} empty; add ${4 - left} substitute${4 - left === 1 ? '' : 's'} or withdraw ${left}`,
      TABLE_RULE,
      { kind: 'conflict', field: 'players', details: { players: n, substitutesNeeded: 4 - left, orWithdraw: left } },
    );
  }
  const history = readHistory(request);
  const ranked = sortByRank(request.players);
  const cost = (a: PairingPlayer, b: PairingPlayer) => {
    const k = pairKey(a.id, b.id);
    return (history.metRounds.get(k)?.length ?? 0) + (history.forbidden.has(k) ? FORBIDDEN_COST : 0);
  };
  const explanation: string[] = [];
  let groups: PairingPlayer[][];
  if (system === 'mahjong-by-standing') {
    groups = [];
    for (let i = 0; i < n; i += 4) groups.push(ranked.slice(i, i + 4));
    explanation.push(`mahjong by standing round ${request.round}: ${n / 4} tables of ranks 1–4, 5–8, …`);
    splitForbidden(groups, history, explanation);
  } else {
    groups = swissGroups(ranked, cost);
    explanation.push(
      `mahjong swiss round ${request.round}: each table is its top unseated player plus the 3 of the next ${WINDOW} unseated who add the fewest repeat table-mates (ties to the higher rank); then players are swapped between nearby tables while that lowers the repeats (at most ${MAX_PASSES} passes)`,
    );
  }
  const repeats: Repeat[] = [];
  for (const g of groups) {
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) {
        const k = pairKey(g[i].id, g[j].id);
        if (history.forbidden.has(k)) {
          repeats.push({ a: g[i].id, b: g[j].id, why: 'forbidden' });
          explanation.push(`RELAXED: ${label(g[i])} and ${label(g[j])} share a table although forbidden`);
        }
        const met = history.metRounds.get(k);
        if (met) {
          repeats.push({ a: g[i].id, b: g[j].id, why: 'rematch' });
          explanation.push(`${label(g[i])} and ${label(g[j])} sit together again (met in round ${met.join(', ')})`);
        }
      }
    }
  }
  explanation.push('winds: at each table the player who has been East least often sits East, then S, W, N in the same order (ties to the higher rank)');
  const tables = groups
    .map((g) => g.slice().sort(byRank))
    .sort((a, b) => byRank(a[0], b[0]))
    .map((g, i) => seatWinds(i + 1, g));
  return { system, round: request.round, games: [], tables, bye: null, repeats, explanation };
}

function tableCost(g: readonly PairingPlayer[], cost: (a: PairingPlayer, b: PairingPlayer) => number): number {
  let c = 0;
  for (let i = 0; i < g.length; i++) for (let j = i + 1; j < g.length; j++) c += cost(g[i], g[j]);
  return c;
}

function swissGroups(ranked: readonly PairingPlayer[], cost: (a: PairingPlayer, b: PairingPlayer) => number): PairingPlayer[][] {
  const unseated = ranked.slice();
  const groups: PairingPlayer[][] = [];
  while (unseated.length > 0) {
    const g = [unseated.shift() as PairingPlayer];
    while (g.length < 4) {
      let best = 0;
      let bestCost = Infinity;
      for (let i = 0; i < Math.min(WINDOW, unseated.length); i++) {
        let c = 0;
        for (const m of g) c += cost(m, unseated[i]);
        if (c < bestCost) {
          bestCost = c;
          best = i;
          if (c === 0) break;
        }
      }
      g.push(unseated.splice(best, 1)[0]);
    }
    groups.push(g);
  }
  // Local improvement: swap one player between a table and one of the next SWAP_REACH tables
  // whenever the swap strictly lowers the two tables' repeat count. Bounded by MAX_PASSES.
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let improved = false;
    for (let t = 0; t < groups.length; t++) {
      for (let u = t + 1; u <= Math.min(groups.length - 1, t + SWAP_REACH); u++) {
        let before = tableCost(groups[t], cost) + tableCost(groups[u], cost);
        if (before === 0) continue;
        for (let i = 0; i < 4; i++) {
          for (let j = 0; j < 4; j++) {
            const a = groups[t][i];
            const b = groups[u][j];
            groups[t][i] = b;
            groups[u][j] = a;
            const after = tableCost(groups[t], cost) + tableCost(groups[u], cost);
            if (after < before) {
              before = after;
              improved = true;
            } else {
              groups[t][i] = a;
              groups[u][j] = b;
            }
          }
        }
      }
    }
    if (!improved) break;
  }
  return groups;
}

/**
 * Mahjong by standing, forbidden table-mates (Arbitra rule; the WMC texts are silent): repair the
 * standing tables by single swaps of one player between two tables, accepting a swap only when it
 * REDUCES the total number of forbidden pairs sharing a table (a swap that moves a clash to
 * another table, or that clears one clash while making another, is not taken). Candidate order
 * keeps the seating close to the standing: clashes from the top table down; of a clashing pair
 * the lower-ranked player moves first, then the higher-ranked; tables nearest first (the next
 * table, the previous one, then two away, …); within a table the player nearest in rank first.
 * When no single swap helps, two players of a clashing table are exchanged with two of another
 * table (nearest tables first) if that lowers the total (a player forbidden with two table-mates
 * needs both to leave at once). Repeated until no clash remains or no swap lowers the total. Bounded: every accepted swap lowers
 * the total by at least 1, so there are at most as many swaps as initial clashes, each found by
 * scanning at most (clashing players × field) single swaps and (clashing tables × tables × 36)
 * pair exchanges. What remains is relaxed by the caller
 * (listed in `repeats` as 'forbidden').
 */
function splitForbidden(groups: PairingPlayer[][], history: History, explanation: string[]): void {
  const forbidden = (a: PairingPlayer, b: PairingPlayer) => history.forbidden.has(pairKey(a.id, b.id));
  const clashesAt = (g: readonly PairingPlayer[]) => {
    let c = 0;
    for (let i = 0; i < g.length; i++) for (let j = i + 1; j < g.length; j++) if (forbidden(g[i], g[j])) c++;
    return c;
  };
  if (history.forbidden.size === 0) return;
  let total = groups.reduce((s, g) => s + clashesAt(g), 0);
  const tryFix = (): boolean => {
    for (let t = 0; t < groups.length; t++) {
      const g = groups[t].slice().sort(byRank);
      for (let i = 0; i < 4; i++) {
        for (let j = i + 1; j < 4; j++) {
          if (!forbidden(g[i], g[j])) continue;
          for (const mover of [g[j], g[i]]) {
            for (let d = 1; d < groups.length; d++) {
              for (const u of [t + d, t - d]) {
                if (u < 0 || u >= groups.length) continue;
                const near = groups[u].slice().sort((x, y) => Math.abs(x.rank - mover.rank) - Math.abs(y.rank - mover.rank) || byRank(x, y));
                for (const other of near) {
                  const before = clashesAt(groups[t]) + clashesAt(groups[u]);
                  const mi = groups[t].indexOf(mover);
                  const oi = groups[u].indexOf(other);
                  groups[t][mi] = other;
                  groups[u][oi] = mover;
                  const after = clashesAt(groups[t]) + clashesAt(groups[u]);
                  if (after < before) {
                    explanation.push(
                      `${label(g[i])} and ${label(g[j])} may not share a table; ${label(mover)} swaps with ${label(other)} (forbidden clashes ${total} → ${total - (before - after)})`,
                    );
                    total -= before - after;
                    return true;
                  }
                  groups[t][mi] = mover;
                  groups[u][oi] = other;
                }
              }
            }
          }
        }
      }
    }
    return false;
  };
  // When no single swap helps (e.g. a player forbidden with two table-mates who must both leave),
  // exchange two players of a clashing table with two of another table, nearest tables first.
  const tryPairFix = (): boolean => {
    for (let t = 0; t < groups.length; t++) {
      if (clashesAt(groups[t]) === 0) continue;
      for (let d = 1; d < groups.length; d++) {
        for (const u of [t + d, t - d]) {
          if (u < 0 || u >= groups.length) continue;
          const before = clashesAt(groups[t]) + clashesAt(groups[u]);
          for (let a = 0; a < 4; a++)
            for (let b = a + 1; b < 4; b++)
              for (let c = 0; c < 4; c++)
                for (let e = c + 1; e < 4; e++) {
                  const gt = groups[t].slice();
                  const gu = groups[u].slice();
                  [gt[a], gt[b], gu[c], gu[e]] = [gu[c], gu[e], gt[a], gt[b]];
                  const after = clashesAt(gt) + clashesAt(gu);
                  if (after >= before) continue;
                  explanation.push(
                    `no single swap lowers the forbidden clashes; ${label(groups[t][a])} and ${label(groups[t][b])} swap with ${label(groups[u][c])} and ${label(groups[u][e])} (forbidden clashes ${total} → ${total - (before - after)})`,
                  );
                  groups[t] = gt;
                  groups[u] = gu;
                  total -= before - after;
                  return true;
                }
        }
      }
    }
    return false;
  };
  while (total > 0 && (tryFix() || tryPairFix()));
  if (total > 0) {
    const exact = fewestClashes(groups, forbidden, total);
    if (exact !== null) {
      explanation.push(
        `swaps stall at ${total} forbidden clash${total === 1 ? '' : 'es'}; a bounded exhaustive search (players in standing order, each trying its standing table first) seats the field with ${exact.clashes}`,
      );
      for (let t = 0; t < groups.length; t++) groups[t] = exact.groups[t];
      total = exact.clashes;
    }
  }
  if (total > 0)
    explanation.push(
      `no swap of one or two players between two tables lowers the ${total} remaining forbidden clash${total === 1 ? '' : 'es'}, so ${total === 1 ? 'it is' : 'they are'} relaxed`,
    );
}

/** Node budget of the exhaustive fallback (a 12-player field needs at most 34,650 leaves). */
const EXACT_NODE_BUDGET = 200_000;

/**
 * Branch and bound over table assignments: players in standing order, each tries its standing
 * table first, then tables by distance; a branch is cut as soon as it has as many clashes as the
 * best seating known. Returns a seating with fewer than `bound` clashes, or null when none exists
 * or the node budget (EXACT_NODE_BUDGET) runs out first (the swap repair's seating then stands).
 */
function fewestClashes(
  groups: readonly PairingPlayer[][],
  forbidden: (a: PairingPlayer, b: PairingPlayer) => boolean,
  bound: number,
): { groups: PairingPlayer[][]; clashes: number } | null {
  const players = groups.flat().sort(byRank);
  const tables = groups.length;
  const seats: PairingPlayer[][] = groups.map(() => []);
  let best: { groups: PairingPlayer[][]; clashes: number } | null = null;
  let limit = bound;
  let nodes = 0;
  const go = (k: number, spent: number): boolean => {
    if (k === players.length) {
      best = { groups: seats.map((g) => g.slice()), clashes: spent };
      limit = spent;
      return spent === 0;
    }
    const home = Math.floor(k / 4);
    for (let d = 0; d < tables; d++) {
      for (const t of d === 0 ? [home] : [home + d, home - d]) {
        if (t < 0 || t >= tables || seats[t].length === 4) continue;
        if (++nodes > EXACT_NODE_BUDGET) return true;
        let c = spent;
        for (const m of seats[t]) if (forbidden(m, players[k])) c++;
        if (c >= limit) continue;
        seats[t].push(players[k]);
        const stop = go(k + 1, c);
        seats[t].pop();
        if (stop) return true;
      }
    }
    return false;
  };
  go(0, 0);
  return best;
}
