import { ARBITRA_DEFAULT_APPEAL } from '../discipline-kit/defaults.js';
import { descriptorOf, registryView } from '../discipline-kit/registry.js';
import type { Discipline } from '../standings/results.js';

/**
 * How appeals run in a discipline: who hears them, by when, who sits, deposit and finality. One
 * workflow (lodge → acknowledged → committee → statements → hearing → decision → remedies → final),
 * these parameters per discipline. Each parameter taken from a rule text cites it; the others are
 * Arbitra defaults, marked as ours ("Arbitra default"), until a federation's text says otherwise. Each discipline's
 * descriptor holds its profile (libs/domain/disciplines/<name>/descriptor.ts); a profile's id is recorded with every appeal.
 */
export type AppealProfileId = string;

/**
 * A kind of the arbiter's ruling against which no appeal lies: the recorded event type and the grounds it records
 * (ContestedDecision.ground: a Go game's end reason, a ledger penalty's `kind:offence`), with what it is in words.
 */
export interface ArbiterFinalRuling {
  readonly type: string;
  readonly grounds: readonly string[];
  readonly what: string;
}

export interface AppealProfile {
  readonly id: AppealProfileId;
  /** Who the written appeal goes to. */
  readonly lodgedWith: 'chief-arbiter' | 'organising-body' | 'tournament-committee' | 'appeals-committee';
  readonly form: 'written';
  /** The appeal must be lodged within `minutes` of the end of the session or of the decision itself. */
  readonly deadline: { readonly from: 'session-end' | 'decision'; readonly minutes: number; readonly rule: string };
  readonly committee: {
    /** Exactly this many members hear the appeal. */
    readonly size: number;
    /** One of them is the chair. */
    readonly chair: boolean;
    /** Members come from different federations (each member names theirs). */
    readonly distinctFederations: boolean;
    /** No official who acted in the contested game or decision sits on it. */
    readonly excludeActingOfficials: boolean;
    readonly rule: string;
  };
  /** A deposit paid with the appeal, refunded when it is upheld (or varied), else retained. */
  readonly deposit: { readonly amount: number; readonly refundedIfUpheld: boolean; readonly rule: string } | null;
  /** The decision on the appeal is final: no appeal lies against it. */
  readonly final: boolean;
  /** A decision taken by the chief arbiter is itself final (it cannot be appealed). */
  readonly chiefDecisionFinal: boolean;
  readonly finalityRule: string;
  /** Rulings of the arbiter that are final under the rule text (no appeal lies against them); null: none. */
  readonly arbiterFinal: { readonly rulings: readonly ArbiterFinalRuling[]; readonly rule: string } | null;
}

/** Every profile by id: the registered disciplines' and Arbitra's default (recorded appeals name theirs). */
export const APPEAL_PROFILES: Readonly<Record<AppealProfileId, AppealProfile>> = registryView((ds) =>
  [ARBITRA_DEFAULT_APPEAL, ...ds.map((d) => d.appeals.profile)].map((p) => [p.id, p] as const),
);

export function appealProfileFor(discipline: Discipline): AppealProfile {
  return descriptorOf(discipline).appeals.profile;
}
