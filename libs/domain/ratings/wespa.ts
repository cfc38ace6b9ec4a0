import { chronological, newPlayer, played, type PeriodInput, type PlayerRating, type RatedGame, type RatedTournament, type RatingTable } from './types.js';

/**
 * The WESPA profile of the Elo-style Scrabble rating used by the standard tournament software (issue 15, "Ratings per
 * discipline": expected score 1/(1+exp((R_opp − R)/172)) per game; change = multiplier × (wins − expected); multipliers
 * 30/24/15 under 50 games and 20/16/10 after, bands at 1800 and 2000; acceleration bonus; provisional newcomers).
 * WESPA's 2012 announcement (wespa.org/news/2012x02) names provisional ratings for the first 30 games and the splitting
 * of long tournaments. The TSH source was searched for and not found in our reference corpus, so the acceleration
 * threshold, the newcomer start and the performance spread are Arbitra values in the profile, marked as unconfirmed.
 */
export interface WespaProfile {
  readonly engine: 'wespa-elo';
  readonly version: 1;
  /** Logistic scale of the expected score (issue 15: 172). */
  readonly scale: number;
  /** Rating band boundaries: below the first, between, from the second on (issue 15: 1800, 2000). */
  readonly bands: readonly [number, number];
  /** Career games below which `newer` multipliers apply (issue 15: 50). */
  readonly experiencedAfter: number;
  readonly newer: readonly [number, number, number];
  readonly experienced: readonly [number, number, number];
  /** Provisional while career games are below this (WESPA 2012 announcement: the first 30 games). */
  readonly provisionalGames: number;
  /**
   * Acceleration bonus: a player who beats the expectation by more than `threshold` wins in one tournament gains
   * `factor` × multiplier × the surplus on top. Unconfirmed values (Arbitra defaults).
   */
  readonly acceleration: { readonly threshold: number; readonly factor: number } | null;
  /** Opponents without any rating count at this (unconfirmed; an Arbitra default). */
  readonly newcomerStart: number;
  /** A performance with every game won (or lost) is the best (worst) opponent ± this (unconfirmed). */
  readonly performanceSpread: number;
  /** Long tournaments rated as consecutive blocks of this many rounds (WESPA 2012 announcement; the block size is unconfirmed); null: whole. */
  readonly segmentRounds: number | null;
  /** A player the list lacks starts from the rating declared at registration (issue 31; absent in profiles recorded before). */
  readonly seedDeclared?: boolean;
}

export const WESPA_V1: WespaProfile = {
  engine: 'wespa-elo',
  version: 1,
  scale: 172,
  bands: [1800, 2000],
  experiencedAfter: 50,
  newer: [30, 24, 15],
  experienced: [20, 16, 10],
  provisionalGames: 30,
  acceleration: { threshold: 3, factor: 1 },
  newcomerStart: 1500,
  performanceSpread: 400,
  segmentRounds: null,
  seedDeclared: true,
};

/** Expected score of a player rated `r` against `opp` (issue 15, WESPA profile). */
export function wespaExpected(r: number, opp: number, scale = 172): number {
  return 1 / (1 + Math.exp((opp - r) / scale));
}

/** The multiplier for a rating and career games (issue 15: bands at 1800 and 2000; 30/24/15 under 50 games, 20/16/10 after). */
export function wespaMultiplier(rating: number, games: number, p: WespaProfile): number {
  const set = games < p.experiencedAfter ? p.newer : p.experienced;
  return rating < p.bands[0] ? set[0] : rating < p.bands[1] ? set[1] : set[2];
}

/** The rating whose expected score against `opponents` is `score` (bisection; a perfect or zero score is clamped by the spread). */
export function performanceRating(opponents: readonly number[], score: number, scale: number, spread: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  let sum = 0;
  for (const o of opponents) {
    if (o < lo) lo = o;
    if (o > hi) hi = o;
    sum += o;
  }
  lo -= spread;
  hi += spread;
  const expectedAt = (r: number) => {
    let e = 0;
    for (const o of opponents) e += 1 / (1 + Math.exp((o - r) / scale));
    return e;
  };
  // Against opponents spread below (above) the bounds each expected score is under 1/(1 + e^(spread/scale)), so the
  // clamps can only apply to a score that small (or that close to every game): only then are they computed.
  const edge = opponents.length / (1 + Math.exp(spread / scale));
  if (score <= edge && score <= expectedAt(lo)) return lo;
  if (score >= opponents.length - edge && score >= expectedAt(hi)) return hi;
  // Newton's method on the increasing expected score, kept inside [lo, hi] (bisection when a step leaves it).
  let r = Math.min(hi, Math.max(lo, sum / opponents.length));
  for (let i = 0; i < 60; i++) {
    let e = 0;
    let slope = 0;
    for (const o of opponents) {
      const x = 1 / (1 + Math.exp((o - r) / scale));
      e += x;
      slope += (x * (1 - x)) / scale;
    }
    if (e < score) lo = r;
    else hi = r;
    const next = r - (e - score) / slope;
    const step = next > lo && next < hi ? next : (lo + hi) / 2;
    if (Math.abs(step - r) < 1e-7) return step;
    r = step;
  }
  return r;
}

interface Acc {
  readonly before: PlayerRating | undefined;
  /** The rating the games use: the pre-tournament rating, or a newcomer's performance (set once every game is read). */
  r: number;
  games: number;
  score: number;
  expected: number;
  /** Opponents' ratings, kept only for newcomers and provisional players (their performance). */
  readonly opponents: number[] | null;
}

function rateBlock(table: Map<string, PlayerRating>, games: readonly RatedGame[], on: string, p: WespaProfile, keepDays: number): void {
  const acc = new Map<string, Acc>();
  const of = (id: string): Acc => {
    let a = acc.get(id);
    if (!a) {
      const before = table.get(id);
      const r = before?.rating ?? null;
      const tracked = r === null || (before?.games ?? 0) < p.provisionalGames;
      acc.set(id, (a = { before, r: r ?? Number.NaN, games: 0, score: 0, expected: 0, opponents: tracked ? [] : null }));
    }
    return a;
  };
  // Newcomers first get a performance against the others' pre-tournament ratings (unrated opponents at the newcomer
  // start), so that their opponents' expectations use it.
  // Each game's two records, kept for the second pass (no second lookup per game).
  const sides: Acc[] = new Array<Acc>(2 * games.length);
  let at = 0;
  for (const g of games) {
    const a = of(g.a);
    const b = of(g.b);
    sides[at++] = a;
    sides[at++] = b;
    a.score += g.score;
    b.score += 1 - g.score;
    a.opponents?.push(Number.isNaN(b.r) ? p.newcomerStart : b.r);
    b.opponents?.push(Number.isNaN(a.r) ? p.newcomerStart : a.r);
  }
  const newcomers: Acc[] = [];
  for (const a of acc.values()) if (Number.isNaN(a.r)) newcomers.push(a);
  for (const a of newcomers) a.r = performanceRating(a.opponents ?? [], a.score, p.scale, p.performanceSpread);
  for (let i = 0; i < at; i += 2) {
    const a = sides[i];
    const b = sides[i + 1];
    const ea = 1 / (1 + Math.exp((b.r - a.r) / p.scale));
    a.games++;
    b.games++;
    a.expected += ea;
    b.expected += 1 - ea;
  }
  for (const [id, a] of acc) {
    const before = a.before ?? newPlayer();
    const games = before.games + a.games;
    let rating: number;
    if (before.rating === null) rating = a.r;
    else if (before.games < p.provisionalGames) {
      // Provisional: the rating is the player's performance so far, this tournament weighted by its games.
      const perf = performanceRating(a.opponents ?? [], a.score, p.scale, p.performanceSpread);
      rating = (before.rating * before.games + perf * a.games) / games;
    } else {
      const k = wespaMultiplier(before.rating, before.games, p);
      const surplus = a.score - a.expected;
      const bonus = p.acceleration && surplus > p.acceleration.threshold ? p.acceleration.factor * k * (surplus - p.acceleration.threshold) : 0;
      rating = before.rating + k * surplus + bonus;
    }
    const { recent, lastPlayed } = played(before, on, a.games, keepDays);
    table.set(id, { ...before, rating, games, provisional: games < p.provisionalGames, recent, lastPlayed });
  }
}

/** One tournament into the table (mutated): every game rated with the ratings from before the tournament (or its block). */
export function wespaTournament(table: Map<string, PlayerRating>, t: RatedTournament, p: WespaProfile, keepDays: number): void {
  if (p.segmentRounds === null) return rateBlock(table, t.games, t.endsOn, p, keepDays);
  const blocks = new Map<number, RatedGame[]>();
  for (const g of t.games) {
    const b = Math.floor((g.round - 1) / p.segmentRounds);
    blocks.set(b, [...(blocks.get(b) ?? []), g]);
  }
  for (const b of [...blocks.keys()].sort((x, y) => x - y)) rateBlock(table, blocks.get(b) ?? [], t.endsOn, p, keepDays);
}

export function wespaPeriod(prior: RatingTable, input: PeriodInput, p: WespaProfile, keepDays: number): Map<string, PlayerRating> {
  const table = new Map(prior);
  for (const t of chronological(input.tournaments)) wespaTournament(table, t, p, keepDays);
  return table;
}
