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
 * Mahjong seating, tables of four. 'mahjong-by-standing': ranks 1–4, 5–8, …; a forbidden pair at
 * a table is split by swapping the lower-ranked of the two with the first player of the next table
 * (the previous one for the last table) that clears it (Arbitra rule). 'mahjong-swiss': seating
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
          explanation.push(`RELAXED: ${label(g[i])} and ${label(g[j])} share a table although forbidden (${history.forbidden.get(k)})`);
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
  const tables = groups.map((g) => g.slice().sort(byRank)).sort((a, b) => byRank(a[0], b[0])).map((g, i) => seatWinds(i + 1, g));
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

function splitForbidden(groups: PairingPlayer[][], history: History, explanation: string[]): void {
  const bad = (g: readonly PairingPlayer[]) => {
    for (let i = 0; i < g.length; i++) for (let j = i + 1; j < g.length; j++) if (history.forbidden.has(pairKey(g[i].id, g[j].id))) return [g[i], g[j]] as const;
    return null;
  };
  for (let t = 0; t < groups.length; t++) {
    const clash = bad(groups[t]);
    if (!clash) continue;
    const u = t + 1 < groups.length ? t + 1 : t - 1;
    if (u < 0) continue;
    const lower = byRank(clash[0], clash[1]) < 0 ? clash[1] : clash[0];
    const i = groups[t].indexOf(lower);
    for (let j = 0; j < 4; j++) {
      const other = groups[u][j];
      groups[t][i] = other;
      groups[u][j] = lower;
      if (!bad(groups[t]) && !bad(groups[u])) {
        explanation.push(`${label(clash[0])} and ${label(clash[1])} may not share a table (${history.forbidden.get(pairKey(clash[0].id, clash[1].id))}); ${label(lower)} swaps with ${label(other)}`);
        break;
      }
      groups[t][i] = lower;
      groups[u][j] = other;
    }
  }
}
