import type { McMahonBand } from './mcmahon.js';
import type { Discipline } from './results.js';
import type { TieBreakCode } from './tie-breaks.js';

/**
 * How results turn into standings. This is the standings part of a tournament's rules profile
 * (libs/domain/tournament/profiles.ts holds the named defaults and records the full profile in the
 * created event, so it never changes under a stored tournament).
 */
export interface ScoringProfile {
  readonly discipline: Discipline;
  /** Score for a win, a draw and a loss (Scrabble/Go: wins with a draw as ½; chess: points). */
  readonly points: { readonly win: number; readonly draw: number; readonly loss: number };
  /** What a bye is worth: an outcome (scored as above) and a spread. */
  readonly bye: { readonly outcome: 'win' | 'draw' | 'loss'; readonly spread: number };
  /** Forfeit through absence: the present player wins by this spread, the absent one loses by it. */
  readonly forfeitSpread: number;
  /** Double forfeit: both lose, each by this spread. */
  readonly doubleForfeitSpread: number;
  /** Ordered tie-breaks after the score, from the discipline's catalogue. */
  readonly tieBreaks: readonly TieBreakCode[];
  /** Penalty points are taken off the score (mahjong table points, chess points) or the spread (Scrabble). */
  readonly penaltiesApplyTo: 'score' | 'spread';
  /**
   * Go only, a profile value (the Ing excerpt does not speak of McMahon): rank by McMahon score (mcmahon.ts), bar and
   * floor in the players' rating units (EGD GoR-style, 100 = one rank). Absent: rank by score.
   */
  readonly mcmahon?: McMahonBand;
}
