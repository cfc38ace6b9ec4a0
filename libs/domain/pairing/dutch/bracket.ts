/**
 * Pairing one score bracket of the FIDE Dutch system (C.04.3 B): the candidates in the order the
 * Handbook generates them (B.2 MDP-pairing then remainder; D.1 transpositions of S2; D.2 exchanges
 * between S1 and S2), each judged by the criteria C.1–C.4 (absolute, completion) and the quality
 * criteria C.5–C.21 in their order; the first candidate of the best quality is taken.
 */
import { colourViolations } from './colours.js';
import { BOUND_LIMIT, matchingBound, SCALARS } from './bound.js';
import { completionChecker, maxPairs, nextBracketPairs, type Compatible } from './completion.js';
import { exactRemainder } from './exact-remainder.js';
import type { DutchPlayer } from './players.js';

export type Pair = readonly [DutchPlayer, DutchPlayer];

export interface BracketInput {
  readonly mdps: readonly DutchPlayer[];
  readonly residents: readonly DutchPlayer[];
  /** Residents of the next bracket (for C.7: the downfloaters chosen to help it). Empty for the last bracket. */
  readonly next: readonly DutchPlayer[];
  /** Everyone below this bracket (completion, C.4). */
  readonly below: readonly DutchPlayer[];
  readonly last: boolean;
  /** The field is odd and nobody below this bracket may take the bye: it goes to one of this bracket's downfloaters (C.9). */
  readonly byeDown?: boolean;
  readonly compatible: Compatible;
  readonly byeOk: (p: DutchPlayer) => boolean;
  /** Distinct scores of the field, highest first (score-weighted criteria compare by score). */
  readonly scores: readonly number[];
  readonly round: number;
  readonly budget: number;
}

export interface BracketResult {
  readonly pairs: Pair[];
  readonly floaters: DutchPlayer[];
  readonly quality: readonly number[];
  /** Names of the criteria the chosen pairing could not fully meet (for the explanation). */
  readonly unmet: string[];
  readonly exhausted: boolean;
  readonly exchanges: number;
}

/** Criterion names in the order of the quality vector's scalar entries. */
const NAMES = [
  'C.5 pairs',
  'C.6 scores paired',
  'C.7–C.8 next bracket',
  'C.9 bye',
  'C.10 topscorers’ colour difference beyond 2',
  'C.11 topscorers’ same colour three times',
  'C.12 colour preference',
  'C.13 strong colour preference',
];
const FLOAT_NAMES = ['C.14 repeated downfloat', 'C.15 repeated upfloat', 'C.16 downfloat two rounds ago', 'C.17 upfloat two rounds ago'];
const FLOAT_SCORE_NAMES = [
  'C.18 downfloater scores',
  'C.19 upfloater opponents’ scores',
  'C.20 downfloater scores (two rounds)',
  'C.21 upfloater opponents’ scores (two rounds)',
];

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number);
  return false;
}

/** Exchanges of D.2 between S1 and S2 (BSNs 1-based over S1 then S2), in their order; capped. */
function exchanges(p: number, q: number, cap: number): Array<{ out: number[]; in: number[] }> {
  const out: Array<{ out: number[]; in: number[]; d: number }> = [];
  const combos = (from: number, to: number, k: number): number[][] => {
    const res: number[][] = [];
    const rec = (start: number, acc: number[]): void => {
      if (res.length > cap) return;
      if (acc.length === k) return void res.push(acc.slice());
      for (let i = start; i <= to; i++) rec(i + 1, [...acc, i]);
    };
    rec(from, []);
    return res;
  };
  for (let k = 1; k <= Math.min(p, q) && out.length < cap; k++) {
    const level: typeof out = [];
    // Near the S1/S2 border the BSN-sum differences are smallest (D.2 b): beyond one player, combine only from there.
    const side = 12;
    const from1 = k > 1 ? Math.max(1, p - side + 1) : 1;
    const to2 = k > 1 ? Math.min(p + q, p + side) : p + q;
    for (const a of combos(from1, p, k))
      for (const b of combos(p + 1, to2, k)) level.push({ out: a, in: b, d: Math.abs(b.reduce((s, x) => s + x, 0) - a.reduce((s, x) => s + x, 0)) });
    const cmp = (x: number[], y: number[], desc: boolean): number => {
      const xs = x.slice().sort((m, n) => (desc ? n - m : m - n));
      const ys = y.slice().sort((m, n) => (desc ? n - m : m - n));
      for (let i = 0; i < xs.length; i++) if (xs[i] !== ys[i]) return desc ? (ys[i] as number) - (xs[i] as number) : (xs[i] as number) - (ys[i] as number);
      return 0;
    };
    // D.2 a: fewest exchanged; b: smallest BSN-sum difference; c: S1 players moved with the highest BSNs; d: S2 players moved with the lowest.
    level.sort((x, y) => x.d - y.d || cmp(x.out, y.out, true) || cmp(x.in, y.in, false));
    out.push(...level.slice(0, cap - out.length));
  }
  return out;
}

/** Below this many players still to pair, every search node computes the matching bound. */
const INNER_BOUND_LIMIT = 14;

/** Pairs one bracket. */
export function pairBracket(input: BracketInput): BracketResult {
  const { mdps, residents, compatible } = input;
  const all = [...mdps, ...residents];
  const mdpSet = new Set(mdps.map((p) => p.id));
  const isMdp = (p: DutchPlayer): boolean => mdpSet.has(p.id);
  const scoreIdx = new Map(input.scores.map((s, i) => [s, i]));
  const K = input.scores.length;
  const lowest = residents.length > 0 ? (residents[0] as DutchPlayer).score : Math.min(...mdps.map((p) => p.score));
  const max = maxPairs(all, isMdp, compatible);
  const completesWith = completionChecker(input.below, compatible, input.byeOk);
  let nodes = 0;
  let exhausted = false;
  let best: { pairs: Pair[]; floaters: DutchPlayer[]; quality: number[]; exchanges: number } | null = null;
  let ideal: number[] | null = null;

  // The quality vector (all minimised) of a complete candidate: C.5, C.6 (by score), C.7, C.9, C.10–C.13, C.14–C.17, C.18–C.21 (by score).
  const nextPairsCache = new Map<string, number[]>();
  // C.7 (as bbpPairings' FIDE_DUTCH_2025 weighs it): the next bracket's pairs, then the scores it pairs, a higher
  // downfloater's pair outweighing any number of lower ones; only the top scores are told apart (2^32 stays exact).
  const bracketScores = [...new Set(all.map((p) => p.score))].sort((a, b) => b - a);
  const nextBase = all.length + 1;
  const told = Math.max(1, Math.min(bracketScores.length, Math.floor(32 / Math.log2(nextBase))));
  const nextWeight = (p: DutchPlayer): number => nextBase ** (told - 1 - Math.min(bracketScores.indexOf(p.score), told - 1));
  const nextUnit = nextBase ** told;
  const belowNext = input.below.filter((p) => !input.next.includes(p));
  const head = (pairs: readonly Pair[], floaters: readonly DutchPlayer[]): number[] => {
    const byScore = new Array<number>(K).fill(0);
    for (const [a, b] of pairs) byScore[scoreIdx.get(Math.max(a.score, b.score)) as number]! -= 1;
    let nextPairs = 0;
    if (!input.last && floaters.length > 0 && input.next.length > 0) {
      const key = floaters.map((f) => f.id).join('|');
      let cached = nextPairsCache.get(key);
      if (!cached) {
        const m = nextBracketPairs(floaters, input.next, belowNext, compatible, input.byeOk, nextWeight, nextUnit);
        cached = [-m.pairs, -m.mdpPairs];
        nextPairsCache.set(key, cached);
      }
      nextPairs = (cached[0] as number) * nextUnit + (cached[1] as number);
    }
    const unplayed = (f: DutchPlayer): number => input.round - 1 - f.playedGames;
    // C.9: the bye assignee's unplayed games, in the last bracket or when this bracket's single downfloater must take it.
    const eligible = input.byeDown === true && floaters.length === 1 ? floaters.filter(input.byeOk) : [];
    const bye = input.last && floaters.length === 1 ? unplayed(floaters[0] as DutchPlayer) : eligible.length > 0 ? Math.min(...eligible.map(unplayed)) : 0;
    return [-pairs.length, ...byScore, nextPairs, bye];
  };
  const pairTail = (a: DutchPlayer, b: DutchPlayer, into: number[]): void => {
    const [hi, lo] = a.score >= b.score ? [a, b] : [b, a];
    const v = colourViolations(a, b);
    for (let i = 0; i < 4; i++) into[i]! += v[i] as number;
    const down = hi.score > lo.score;
    for (let r = 0; r < 2; r++) {
      // C.14/C.16: the higher player of a pair across scores downfloats again; C.15/C.17: the lower one upfloats again.
      if (down && hi.floats[r] === 'down') into[4 + 2 * r]! += 1;
      if (down && lo.floats[r] === 'up') {
        into[5 + 2 * r]! += 1;
        into[8 + K * (2 * r + 1) + (scoreIdx.get(hi.score) as number)]! += 1;
      }
    }
  };
  const floaterTail = (f: DutchPlayer, into: number[]): void => {
    for (let r = 0; r < 2; r++) {
      if (f.floats[r] !== 'down') continue;
      into[4 + 2 * r]! += 1;
      into[8 + K * (2 * r) + (scoreIdx.get(f.score) as number)]! += 1;
    }
  };
  const tailLength = 8 + 4 * K;

  const consider = (pairs: Pair[], floaters: DutchPlayer[], tail: number[], exchangeCount: number): void => {
    const ft = tail.slice();
    for (const f of floaters) floaterTail(f, ft);
    const quality = [...head(pairs, floaters), ...ft];
    // In the ordered pass the first candidate as good as the greedy pass's best is taken; after it, only better ones.
    const asGood = !greedy && !settled;
    if (best && (asGood ? lexLess(best.quality, quality) : !lexLess(quality, best.quality))) return;
    if (input.last ? floaters.length > 1 || (floaters.length === 1 && !input.byeOk(floaters[0] as DutchPlayer)) : false) return;
    if (!input.last && !completesWith(floaters)) return;
    best = { pairs: pairs.slice(), floaters: floaters.slice(), quality, exchanges: exchangeCount };
    if (!greedy) settled = true;
  };
  /**
   * Two passes: a greedy one (each S1 player tries the partners that cost least first) finds a good quality fast; the
   * ordered one (the Handbook's candidate order) then takes the first candidate at least that good, or a better one.
   */
  let greedy = true;
  let settled = false;
  const done = (): boolean => exhausted || (best !== null && ideal !== null && (greedy || settled) && !lexLess(ideal, best.quality));
  // The budget counts once a valid candidate exists; before that a hard cap (50×) still bounds the search.
  const tick = (): boolean => {
    nodes++;
    if ((best !== null && nodes > input.budget) || nodes > 50 * input.budget) exhausted = true;
    return exhausted;
  };

  // The 8 scalar criteria (C.10–C.17) of a pair, for the matching bound.
  const index = new Map(all.map((p, i) => [p, i]));
  const scalarCache: Array<number[] | undefined> = new Array<number[] | undefined>(all.length * all.length);
  const scalarsOf = (a: DutchPlayer, b: DutchPlayer): number[] => {
    const key = (index.get(a) as number) * all.length + (index.get(b) as number);
    let v = scalarCache[key];
    if (v === undefined) {
      const t = new Array<number>(tailLength).fill(0);
      pairTail(a, b, t);
      v = t.slice(0, SCALARS);
      scalarCache[key] = v;
    }
    return v;
  };
  // The same players left give the same bound (every exchange of a remainder starts from the same set).
  const bounds = new Map<string, ReturnType<typeof matchingBound>>();
  const boundOf = (rest: readonly DutchPlayer[]): ReturnType<typeof matchingBound> => {
    const key = rest
      .map((p) => p.id)
      .sort()
      .join('|');
    if (!bounds.has(key)) bounds.set(key, matchingBound(rest, compatible, scalarsOf));
    return bounds.get(key) ?? null;
  };
  // The head a candidate of this MDP choice reaches at best (C.5, C.6 fixed by the choice; C.7–C.9 at their ideal).
  let nodeHead: number[] = [];
  const bestHeadCmp = (): number => {
    if (!best) return 1;
    const b = best.quality;
    for (let i = 0; i < nodeHead.length; i++) if (b[i] !== nodeHead[i]) return (b[i] as number) < (nodeHead[i] as number) ? -1 : 1;
    return 0;
  };
  /**
   * Whether no completion of this partial candidate can beat the best: too few pairs left (the matching bound), or the
   * criteria so far plus the least the rest must cost are no better than the best's (the tail only grows).
   */
  const cut = (
    t: readonly number[],
    s1Rest: readonly DutchPlayer[],
    unused: readonly DutchPlayer[],
    later: number,
    top: boolean,
    extra: readonly DutchPlayer[],
  ): boolean => {
    const rest = [...s1Rest, ...unused, ...extra];
    const needed = s1Rest.length + later;
    // The matching bound costs a blossom run: at the top of each S1/S2 split, and deeper only for small remainders.
    const bound = (top && rest.length <= BOUND_LIMIT) || rest.length <= INNER_BOUND_LIMIT ? boundOf(rest) : null;
    if (bound && bound.pairs < needed) return true;
    if (!best) return false;
    const cmp = bestHeadCmp();
    if (cmp < 0) return true;
    if (cmp > 0) return false;
    const h = nodeHead.length;
    const bestTail = best.quality.slice(h);
    const sum = t.slice();
    if (bound && bound.pairs === needed) for (let k = 0; k < SCALARS; k++) sum[k] = (sum[k] as number) + (bound.scalars[k] as number);
    else if (later === 0) sum[2] = (sum[2] as number) + colourBound(s1Rest, unused);
    const scalarSum = sum.slice(0, SCALARS);
    const bestScalars = bestTail.slice(0, SCALARS);
    if (lexLess(bestScalars, scalarSum)) return true;
    // Equal so far: only the score-weighted criteria could still decide, and nothing beats a best that has none
    // (the ordered pass still looks for its first candidate as good as the greedy best).
    return (greedy || settled) && !lexLess(scalarSum, bestScalars) && bestTail.slice(SCALARS).every((v) => v === 0);
  };

  // C.12 counting bound for S1 players still to pair: one wanting white needs a partner wanting black or nothing.
  const colourBound = (s1Rest: readonly DutchPlayer[], unused: readonly DutchPlayer[]): number => {
    const count = (ps: readonly DutchPlayer[], c: 'W' | 'B' | null): number => ps.filter((p) => p.pref === c).length;
    const free = count(unused, null);
    return Math.max(0, count(s1Rest, 'W') - count(unused, 'B') - free, count(s1Rest, 'B') - count(unused, 'W') - free);
  };

  // The greedy pass's partner order: the partners adding the least to the criteria first (ties in S2 order).
  const cheapestFirst = (a: DutchPlayer, s2: readonly DutchPlayer[]): number[] => {
    const costs = s2.map((b) => scalarsOf(a, b));
    return s2
      .map((_, k) => k)
      .sort((x, y) => (lexLess(costs[x] as number[], costs[y] as number[]) ? -1 : lexLess(costs[y] as number[], costs[x] as number[]) ? 1 : x - y));
  };

  // Assigns partners to `s1` in order from `s2` (D.1: S2 transpositions in lexicographic order); `then` continues.
  const assign = (
    s1: readonly DutchPlayer[],
    s2: readonly DutchPlayer[],
    tail: number[],
    pairs: Pair[],
    later: number,
    then: (unused: DutchPlayer[], tail: number[]) => void,
    extra: readonly DutchPlayer[] = [],
  ): void => {
    const used = new Array<boolean>(s2.length).fill(false);
    const rec = (i: number, t: number[]): void => {
      if (done() || tick()) return;
      const unused = s2.filter((_, j) => !used[j]);
      if (cut(t, s1.slice(i), unused, later, i === 0, extra)) return;
      if (i === s1.length) return then(unused, t);
      const a = s1[i] as DutchPlayer;
      for (const j of greedy ? cheapestFirst(a, s2) : s2.map((_, k) => k)) {
        if (used[j] || !compatible(a, s2[j] as DutchPlayer)) continue;
        const t2 = t.slice();
        pairTail(a, s2[j] as DutchPlayer, t2);
        used[j] = true;
        pairs.push([a, s2[j] as DutchPlayer]);
        rec(i + 1, t2);
        pairs.pop();
        used[j] = false;
        if (done()) return;
      }
    };
    rec(0, tail);
  };

  const exchangeCache = new Map<number, ReturnType<typeof exchanges>>();
  const exchangesOf = (p: number, q: number): ReturnType<typeof exchanges> => {
    const key = p * 100_000 + q;
    if (!exchangeCache.has(key)) exchangeCache.set(key, exchanges(p, q, 400));
    return exchangeCache.get(key) ?? [];
  };

  // The remainder (or a homogeneous bracket): S1 the first `p` players, S2 the rest, then exchanges (D.2).
  // A remainder of one score leaving at most one player is paired exactly (exact-remainder.ts), with no budget.
  const exactChoices = new Map<string, ReturnType<typeof exactRemainder>>();
  const count = (ps: readonly DutchPlayer[], c: 'W' | 'B' | null): number => ps.filter((x) => x.pref === c).length;
  const exactly = (players: DutchPlayer[], p: number, tail: number[], pairs: Pair[], lead: DutchPlayer[]): boolean => {
    const n = players.length;
    const score = players[0]?.score;
    if (p === 0 || n - 2 * p > 1 || players.some((x) => x.score !== score) || (input.last && lead.length > 0)) return false;
    const key = `${p}:${players.map((x) => x.id).join('|')}/${lead.map((x) => x.id).join('|')}`;
    let choice = exactChoices.get(key);
    if (choice === undefined) {
      // Costs weigh the criteria lexicographically: who floats (C.4, C.2 may forbid; C.7, C.9 rank), C.10–C.13, C.14, C.16.
      const B = Math.floor(n / 2) + 1;
      const colour = (v: readonly number[]): number => ((((v[0] as number) * B + (v[1] as number)) * B + (v[2] as number)) * B + (v[3] as number)) * 4;
      const keys = players.map((f) =>
        n % 2 === 0 || (input.last ? !input.byeOk(f) : !completesWith([...lead, f]))
          ? null
          : head(pairs, [...lead, f])
              .slice(-2)
              .join(','),
      );
      const ranks = [...new Set(keys.filter((k): k is string => k !== null))].sort((x, y) => {
        const [a, b] = [x.split(',').map(Number), y.split(',').map(Number)];
        return lexLess(a, b) ? -1 : lexLess(b, a) ? 1 : 0;
      });
      choice = exactRemainder({
        size: n,
        p,
        pairCost: (i, j) =>
          compatible(players[i] as DutchPlayer, players[j] as DutchPlayer) ? colour(scalarsOf(players[i] as DutchPlayer, players[j] as DutchPlayer)) : null,
        floatCost: (i) => {
          const k = keys[i];
          const f = players[i] as DutchPlayer;
          return k == null ? null : ranks.indexOf(k) * B ** 4 * 4 + (f.floats[0] === 'down' ? 2 : 0) + (f.floats[1] === 'down' ? 1 : 0);
        },
        exchanges: exchangesOf(p, n - p),
        // C.12 counting bound: players wanting one colour beyond those wanting the other, or none, meet each other.
        lowerBound: Math.max(0, Math.ceil((Math.abs(count(players, 'W') - count(players, 'B')) - count(players, null) - (n % 2)) / 2)) * B * 4,
      });
      exactChoices.set(key, choice);
    }
    tick();
    if (choice === null) return true;
    const t = tail.slice();
    const made = choice.pairs.map(([i, j]) => [players[i], players[j]] as Pair);
    for (const [a, b] of made) pairTail(a, b, t);
    const floaters = choice.floater === null ? lead : [...lead, players[choice.floater] as DutchPlayer];
    consider([...pairs, ...made], floaters, t, choice.exchanged);
    return true;
  };

  const remainder = (players: DutchPlayer[], p: number, tail: number[], pairs: Pair[], lead: DutchPlayer[]): void => {
    if (exactly(players, p, tail, pairs, lead)) return;
    const q = players.length - p;
    const tryOrder = (s1: DutchPlayer[], s2: DutchPlayer[], ex: number): void =>
      assign(s1, s2, tail, pairs, 0, (unused, t) => consider(pairs, [...lead, ...unused], t, ex));
    tryOrder(players.slice(0, p), players.slice(p), 0);
    if (p === 0) return;
    for (const x of exchangesOf(p, q)) {
      if (done()) return;
      const moveOut = new Set(x.out.map((b) => b - 1));
      const moveIn = new Set(x.in.map((b) => b - 1));
      const s1 = players.filter((_, i) => (i < p && !moveOut.has(i)) || moveIn.has(i));
      const s2 = players.filter((_, i) => (i >= p && !moveIn.has(i)) || moveOut.has(i));
      tryOrder(s1, s2, x.out.length);
    }
  };

  const wants = (c: 'W' | 'B'): number => all.filter((p) => p.pref === c).length;
  const byeOks = all.filter(input.byeOk).map((p) => input.round - 1 - p.playedGames);
  const byeIdeal = input.last && all.length % 2 === 1 && byeOks.length > 0 ? Math.min(...byeOks) : 0;
  const search = (): void => {
    for (let target = max.pairs; target >= 0 && !found() && !exhausted; target--) {
      // B.2 M1: the most moved-down players paired among candidates of `target` pairs (fewer pairs than the most, when
      // those fail C.4, may pair more of them: C.6 prefers it).
      const mostM1 = target === max.pairs ? max.mdpPairs : Math.min(max.mdpAlone, target);
      // C.6 weighs the pairs by score: fewer moved-down players paired may still pair a higher one, so a found best ends
      // this loop only through each choice's head (a lower M1 of one score is always worse and skipped at once).
      for (let m1 = Math.min(mostM1, mdps.length); m1 >= 0 && !exhausted; m1--) {
        const floating = all.length - 2 * target;
        // B.2: S1 = the M1 moved-down players to pair (highest first, other choices after), S2 = the residents.
        for (const choice of combinations(mdps.length, m1, 200)) {
          if (exhausted) break;
          const s1 = choice.map((i) => mdps[i] as DutchPlayer);
          const limbo = mdps.filter((_, i) => !choice.includes(i));
          // C.7's best: as many next-bracket pairs as players allow, each floater (the limbo, then residents) paired.
          const nextIdeal =
            input.last || input.next.length === 0 || floating === 0
              ? 0
              : -Math.floor((floating + input.next.length) / 2) * nextUnit -
                limbo.reduce((sum, p) => sum + nextWeight(p), 0) -
                Math.max(0, floating - limbo.length) * nextWeight(residents[0] ?? (mdps[0] as DutchPlayer));
          const byScore = new Array<number>(K).fill(0);
          for (const p of s1) byScore[scoreIdx.get(p.score) as number]! -= 1;
          byScore[scoreIdx.get(lowest) as number]! -= target - m1;
          nodeHead = [-target, ...byScore, nextIdeal, byeIdeal];
          if (found() && bestHeadCmp() < 0) continue;
          // The ideal of this choice: the matching bound's colour and float criteria (or C.12's counting bound), no more.
          const free = all.filter((p) => p.pref === null).length + floating;
          const c12 = Math.max(0, Math.ceil((Math.abs(wants('W') - wants('B')) - free) / 2));
          const rootTail = new Array<number>(tailLength).fill(0);
          rootTail[2] = c12;
          const root = boundOf(input.last ? all : [...s1, ...residents]);
          if (root && root.pairs < target) continue;
          if (root && root.pairs === target) root.scalars.forEach((v, k) => (rootTail[k] = Math.max(v, rootTail[k] as number)));
          ideal = [...nodeHead, ...rootTail];
          // The ideal is this choice's own: a best already as good skips the choice, a later choice may still beat it.
          if (done()) continue;
          const pairs: Pair[] = [];
          assign(
            s1,
            residents,
            new Array<number>(tailLength).fill(0),
            pairs,
            target - m1,
            (unused, t) => {
              // The last bracket must pair everyone (C.4): moved-down players left over pair among the rest, even each other.
              const rest = input.last ? [...limbo, ...unused] : unused;
              const p = Math.min(target - m1, Math.floor(rest.length / 2));
              if (p === target - m1) remainder(rest, p, t, pairs, input.last ? [] : limbo);
            },
            input.last ? limbo : [],
          );
        }
      }
    }
  };
  const found = (): boolean => best !== null && (greedy || settled);
  search();
  if (best !== null && !exhausted) {
    greedy = false;
    nodes = 0;
    search();
  }
  if (best === null) {
    // Nothing pairs: every player floats down (completion was checked by the bracket above).
    return { pairs: [], floaters: all, quality: [], unmet: [], exhausted, exchanges: 0 };
  }
  const b = best as { pairs: Pair[]; floaters: DutchPlayer[]; quality: number[]; exchanges: number };
  return { pairs: b.pairs, floaters: b.floaters, quality: b.quality, unmet: unmetOf(b.quality, K), exhausted, exchanges: b.exchanges };
}

/** k-subsets of 0..n-1 in lexicographic order (the highest-ranked first), at most `cap`. */
function combinations(n: number, k: number, cap: number): number[][] {
  const res: number[][] = [];
  const rec = (start: number, acc: number[]): void => {
    if (res.length >= cap) return;
    if (acc.length === k) return void res.push(acc.slice());
    for (let i = start; i < n; i++) rec(i + 1, [...acc, i]);
  };
  rec(0, []);
  return res;
}

/** The colour and float criteria the chosen pairing does not fully meet, by name and count. */
function unmetOf(q: readonly number[], K: number): string[] {
  const out: string[] = [];
  const base = 1 + K + 2;
  NAMES.slice(4).forEach((n, i) => {
    const v = q[base + i] as number;
    if (v > 0) out.push(`${n} ×${v}`);
  });
  FLOAT_NAMES.forEach((n, i) => {
    const v = q[base + 4 + i] as number;
    if (v > 0) out.push(`${n} ×${v}`);
  });
  FLOAT_SCORE_NAMES.forEach((n, i) => {
    const v = q.slice(base + 8 + i * K, base + 8 + (i + 1) * K).reduce((s, x) => s + x, 0);
    if (v > 0) out.push(`${n} ×${v}`);
  });
  return out;
}
