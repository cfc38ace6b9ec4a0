import { byDiscipline } from '../discipline-kit/registry.js';
import type { Discipline } from '../standings/results.js';
import type { PenaltyKind } from './penalties.types.js';

/** What a kind's amount counts, or null when the kind carries no amount. */
export const AMOUNT_UNIT: Readonly<Record<PenaltyKind, 'points' | 'seconds' | 'tiles' | null>> = {
  warning: null,
  points: 'points',
  'time-to-opponent': 'seconds',
  'penalty-tiles': 'tiles',
  'no-win': null,
  'no-claim': null,
  'game-forfeit': null,
  disqualification: null,
  blacklist: null,
};

/**
 * A repeat of the same offence by the same player after a warning is recorded as `to`, with `amount`. With
 * `offences`, only those offence codes escalate; a repeat of any other stays a warning (the arbiter decides).
 */
export interface EscalationRule {
  readonly to: PenaltyKind;
  readonly amount: number;
  readonly section: string;
  readonly offences?: readonly string[];
}

/**
 * A discipline's penalties: the kinds its rules know, each with the section to cite by default, and
 * how a repeat after a warning escalates (null: the rules say nothing; the arbiter decides).
 * `name` is the rules profile's name (libs/domain/tournament/profiles.ts), cited in every penalty.
 */
export interface PenaltyProfile {
  readonly name: string;
  readonly discipline: Discipline;
  readonly kinds: Readonly<Partial<Record<PenaltyKind, string>>>;
  readonly escalation: EscalationRule | null;
}

/** Each discipline's penalty profile, from its descriptor (libs/domain/disciplines/<name>/descriptor.ts). */
export const PENALTY_PROFILES = byDiscipline((d) => d.penalties.profile);

export function penaltyProfileOf(discipline: Discipline): PenaltyProfile | undefined {
  return PENALTY_PROFILES[discipline];
}
