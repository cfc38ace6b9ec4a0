import { DISCIPLINE_IDS } from '../discipline-kit/registry.js';
import type { Wind } from '../pairing/types.js';

/**
 * What standings are computed from: one result per player per round, plain JSON (these shapes
 * are stored inside tournament events, so no Maps, Dates or classes).
 */
export type Discipline = keyof DisciplineNames;

/**
 * The disciplines' names. Each discipline's descriptor adds its own, in its folder, by declaration merging
 * (`declare module '../../standings/results.js' { interface DisciplineNames { go: true } }`), so this file is not
 * edited to add one; the registry (libs/domain/discipline-kit/registry.ts) holds the descriptors.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the descriptors' declaration merging
export interface DisciplineNames {}

/** The registered disciplines (libs/domain/discipline-kit/registry.ts). */
export const DISCIPLINES: readonly Discipline[] = DISCIPLINE_IDS;

export type Side = 'first' | 'second';
/** Who won a 2-player game: the player who moved first, the second, or nobody. */
export type Outcome = Side | 'draw';

export interface PairCounts {
  readonly first: number;
  readonly second: number;
}

/** A game played over the board. `score` for disciplines with scores (Scrabble points, Go margin). */
export interface PlayedResult {
  readonly kind: 'played';
  readonly round: number;
  readonly table: number;
  readonly first: string;
  readonly second: string;
  readonly outcome: Outcome;
  readonly score?: PairCounts;
  /** Xiguaqi: games won inside the match (三局两胜 / 五局三胜). */
  readonly games?: PairCounts;
  /** Xiguaqi: pieces captured by each side over the match. */
  readonly captured?: PairCounts;
}

/** One player did not play (absent): the other wins by forfeit. */
export interface ForfeitResult {
  readonly kind: 'forfeit';
  readonly round: number;
  readonly table: number;
  readonly first: string;
  readonly second: string;
  readonly absent: Side;
}

/** Both players absent: both lose. */
export interface DoubleForfeitResult {
  readonly kind: 'double-forfeit';
  readonly round: number;
  readonly table: number;
  readonly first: string;
  readonly second: string;
}

/** Sitting out an odd field; valued by the profile. */
export interface ByeResult {
  readonly kind: 'bye';
  readonly round: number;
  readonly player: string;
}

/**
 * A bye the player asked for before the round was paired (TRF-16 H or F): not paired, scored a draw's points (`half`)
 * or a win's (`full`) as the profile gives them. Derived from `tournament.PlayerMarkedAbsent` once the round is paired.
 */
export interface RequestedByeResult {
  readonly kind: 'requested-bye';
  readonly round: number;
  readonly player: string;
  readonly points: 'half' | 'full';
}

export interface MahjongSeatResult {
  readonly player: string;
  readonly wind: Wind;
  /** Table points won (+) or paid (−) in this session; the four sum to zero. */
  readonly points: number;
  /** 1..4 at the table by points, equal points share the better rank. */
  readonly rank: number;
}

export interface MahjongTableResult {
  readonly kind: 'mahjong-table';
  readonly round: number;
  readonly table: number;
  readonly seats: readonly MahjongSeatResult[];
}

export type GameResult = PlayedResult | ForfeitResult | DoubleForfeitResult | ByeResult | RequestedByeResult | MahjongTableResult;

/**
 * A penalty deduction that flows into standings (from the penalty ledger through
 * `tournament.PenaltyApplied`). `points` is positive and is subtracted; `round` is the round it
 * belongs to, so "standings as of round N" only includes penalties of rounds ≤ N.
 */
export interface Penalty {
  readonly player: string;
  readonly points: number;
  readonly round: number;
  readonly reason: string;
  readonly ref: string;
}

/** Every player a result concerns. */
export function playersOf(r: GameResult): string[] {
  switch (r.kind) {
    case 'played':
    case 'forfeit':
    case 'double-forfeit':
      return [r.first, r.second];
    case 'bye':
    case 'requested-bye':
      return [r.player];
    case 'mahjong-table':
      return r.seats.map((s) => s.player);
  }
}
