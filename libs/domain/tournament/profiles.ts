import { byDiscipline } from '../discipline-kit/registry.js';
import type { Discipline } from '../standings/results.js';
import type { ScoringProfile } from '../standings/scoring-profile.js';
import type { TieBreakCode } from '../standings/tie-breaks.js';

/**
 * A tournament's rules profile: named defaults per discipline, every value overridable at
 * creation. `tournament.TournamentCreated` records the FULL effective profile, so later changes
 * to these defaults never change a stored tournament.
 */
export interface RulesProfile extends ScoringProfile {
  /** The named default it started from, e.g. `wespa`. */
  readonly name: string;
  /** Whether a played result must carry the game score (Scrabble), may (Go, Xiguaqi) or must not. */
  readonly scores: 'required' | 'optional' | 'none';
  /** 2-player games or mahjong tables of four. */
  readonly format: 'two-player' | 'mahjong-table';
  /** Chess rapid: 30 or 60 minutes a game (rapid rules 1), which sets the rounds a day (rapid rules 23). */
  readonly rapidMinutes?: 30 | 60;
  /**
   * Chess with fide-dutch: accelerated pairings by the Baku Acceleration Method (FIDE Handbook C.04.5.1): virtual points
   * for the top group in the first rounds, read by the pairing only, never by the standings.
   */
  readonly acceleration?: 'baku';
  /**
   * Chess: the byes worth points a player may request before a round is paired (TRF-16 H half-point, F full-point;
   * requested-byes.ts). A zero-point bye is always possible. Absent: none (profiles recorded before they existed).
   */
  readonly requestedByes?: readonly ('half' | 'full')[];
  /**
   * Go: each player's basic time in minutes for every game of the event (Ing rules 第七条 基时: fixed in advance,
   * 事先规定). When set, a linked game takes it and a game naming other minutes is refused. Unset: each game's own.
   */
  readonly goBasicMinutes?: number;
  /**
   * Go: what the EGD results table says of the event that Arbitra does not otherwise record (issue 30): the EGF class
   * (`CL`: A, B, C or D, known before the event: EGD "Tournament classes") and the place (`PC`: "<country code>, <city>").
   */
  readonly egd?: EgdEvent;
}

export interface EgdEvent {
  readonly class: 'A' | 'B' | 'C' | 'D';
  readonly place?: string;
}

/** Overrides accepted at creation; nested values are replaced whole. */
export type RulesProfileOverrides = Partial<Omit<RulesProfile, 'discipline' | 'format'>>;

/** Each discipline's default profile, from its descriptor (libs/domain/disciplines/<name>/descriptor.ts). */
export const DEFAULT_PROFILES = byDiscipline((d) => d.tournament);

/** The effective profile: the discipline default with the overrides laid over it (not validated here). */
export function effectiveProfile(discipline: Discipline, overrides: RulesProfileOverrides = {}): RulesProfile {
  const base = DEFAULT_PROFILES[discipline];
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as RulesProfileOverrides;
  return {
    ...base,
    ...defined,
    discipline: base.discipline,
    format: base.format,
    points: { ...(defined.points ?? base.points) },
    bye: { ...(defined.bye ?? base.bye) },
    tieBreaks: [...(defined.tieBreaks ?? base.tieBreaks)] as TieBreakCode[],
    ...(defined.mcmahon && { mcmahon: { ...defined.mcmahon } }),
    ...(defined.egd && { egd: { ...defined.egd } }),
    ...((defined.requestedByes ?? base.requestedByes) && { requestedByes: [...(defined.requestedByes ?? base.requestedByes ?? [])] }),
  };
}
