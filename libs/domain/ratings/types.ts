/**
 * What the rating engines read and write: plain JSON (these shapes are stored inside `ratings.*` events,
 * so no Maps, Dates or classes in what is recorded). Engines fold tournaments into a table of player ratings.
 */

/** One two-player game as a rating engine sees it: `score` is a's score (1 win, ½ draw, 0 loss). */
export interface RatedGame {
  readonly round: number;
  readonly a: string;
  readonly b: string;
  readonly score: number;
}

/** A player's final place in a tournament (mahjong: the ranking is built from placings, not games). */
export interface Placing {
  readonly player: string;
  /** 1 = first; tied players share the better place. */
  readonly place: number;
}

/** A tournament reduced to what ratings need, with players already mapped to their federation identity. */
export interface RatedTournament {
  readonly id: string;
  /** The day it ended (YYYY-MM-DD): ages results and orders tournaments inside a period. */
  readonly endsOn: string;
  readonly players: ReadonlyArray<{ readonly id: string; readonly declaredRating?: number }>;
  readonly games: readonly RatedGame[];
  /** Mahjong. */
  readonly placings?: readonly Placing[];
  /** Sessions (rounds) played: a mahjong tournament's length. */
  readonly sessions: number;
  /** Countries among the players: a mahjong tournament's weight. */
  readonly countries: number;
  /** Players in the standings, identified or not (mahjong: N of the base rank and the field of the weight). */
  readonly field?: number;
  /** Days of play (the rounds' distinct days; the EMA weight's duration). */
  readonly days?: number;
}

/** One player's games in one tournament of a period (shown on the player's page). */
export interface PlayedIn {
  readonly tournament: string;
  readonly on: string;
  readonly games: number;
  /** Wins (draw ½), or the mahjong ranking points earned. */
  readonly score: number;
  readonly place?: number;
}

/** A mahjong ranking result kept for the age discount and the padding. */
export interface RankingResult {
  readonly tournament: string;
  readonly on: string;
  readonly points: number;
  readonly weight: number;
}

/** A player's standing in one engine after a period: everything the next period starts from. */
export interface PlayerRating {
  /** null: not yet rated (FIDE: games wait until enough are played against rated players). */
  readonly rating: number | null;
  /** Rated games played (career); mahjong: tournaments ranked. */
  readonly games: number;
  readonly provisional: boolean;
  /** Glicko-2. */
  readonly deviation?: number;
  readonly volatility?: number;
  /** FIDE: the highest rating ever published (K 10 from 2400 on). */
  readonly peak?: number;
  /** FIDE: games against rated opponents while unrated (sum of their ratings, score). */
  readonly pending?: { readonly games: number; readonly score: number; readonly opponents: number };
  /** Mahjong ranking. */
  readonly results?: readonly RankingResult[];
  readonly lastPlayed: string | null;
  /** Games per day played, kept for the ranked list's activity window. */
  readonly recent: ReadonlyArray<{ readonly on: string; readonly games: number }>;
}

/** Ratings by player id. Engines receive one and return a new one; the engine's own loop may fill a fresh Map. */
export type RatingTable = ReadonlyMap<string, PlayerRating>;

export interface PeriodInput {
  readonly period: string;
  /** YYYY-MM-DD: the list's date (ages, activity, FIDE junior age). */
  readonly closesOn: string;
  /** In the order the federation named them (each engine orders by `endsOn` itself where the order matters). */
  readonly tournaments: readonly RatedTournament[];
  /** Birth years where known (FIDE junior K). */
  readonly birthYears?: Readonly<Record<string, number>>;
}

export const newPlayer = (): PlayerRating => ({ rating: null, games: 0, provisional: true, lastPlayed: null, recent: [] });

/** Days between two YYYY-MM-DD dates (b − a). Pure: parses the given strings only. */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

const DAY_NUMBERS = new Map<string, number>();
/** Days since 1970-01-01 of a YYYY-MM-DD day (memoised: a rebuild asks for the same few hundred days millions of times). */
export function dayNumber(day: string): number {
  let n = DAY_NUMBERS.get(day);
  if (n === undefined) {
    n = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
    if (DAY_NUMBERS.size < 100_000) DAY_NUMBERS.set(day, n);
  }
  return n;
}

/** The player's games on `on` added to their activity, keeping only what a window of `keepDays` before `on` can count. */
export function played(p: PlayerRating, on: string, games: number, keepDays: number): Pick<PlayerRating, 'recent' | 'lastPlayed'> {
  // Kept while today − day < keepDays, i.e. day > today − keepDays (whole days).
  const start = dayNumber(on) - keepDays;
  const recent = p.recent.filter((r) => dayNumber(r.on) > start);
  recent.push({ on, games });
  return { recent, lastPlayed: p.lastPlayed === null || p.lastPlayed < on ? on : p.lastPlayed };
}

/** Tournaments in the order they ended (ties in the order named): the order per-tournament engines rate them. */
export function chronological(ts: readonly RatedTournament[]): RatedTournament[] {
  return ts
    .map((t, i) => ({ t, i }))
    .sort((x, y) => (x.t.endsOn < y.t.endsOn ? -1 : x.t.endsOn > y.t.endsOn ? 1 : x.i - y.i))
    .map((x) => x.t);
}

/** Each player's games and score in a tournament's games. */
export function tally(games: readonly RatedGame[]): Map<string, { games: number; score: number }> {
  const m = new Map<string, { games: number; score: number }>();
  const add = (p: string, s: number) => {
    const t = m.get(p);
    if (t) {
      t.games++;
      t.score += s;
    } else m.set(p, { games: 1, score: s });
  };
  for (const g of games) {
    add(g.a, g.score);
    add(g.b, 1 - g.score);
  }
  return m;
}
