import type { Actor, Command, CommandUnion } from '../kernel/command.js';
import type { DomainEvent } from '../kernel/decider.js';
import type { Discipline } from '../standings/results.js';
import type { ResultInput } from '../tournament/tournament.commands.js';
import type { AppealProfileId } from './appeal-profile.js';

/** What kind of decision is contested (the runtime classifies the recorded event; 'other' is not a decision). */
export type ContestedKind = 'ruling' | 'penalty' | 'result' | 'challenge-adjudication' | 'pairing' | 'appeal-decision' | 'other';

/**
 * The contested decision as the runtime found it in the log (by event id): the domain stays pure, so its
 * type, time, author, parties and the officials who acted around it come in on the command.
 */
export interface ContestedDecision {
  readonly eventId: string;
  readonly stream: string;
  readonly type: string;
  readonly kind: ContestedKind;
  readonly recordedAt: string;
  /** When the session the decision belongs to ended (the game's end), or null while it is still being played. */
  readonly sessionEndedAt: string | null;
  readonly decidedBy: Actor;
  /** The players the decision concerns. */
  readonly parties: readonly string[];
  /** Officials who acted in the contested game or decision (they may not sit on the committee). */
  readonly officials: readonly string[];
  /**
   * What the decision was about, as recorded, where the record says (a Go game's end reason, a ledger penalty's
   * offence code); a profile may make the arbiter's rulings on some grounds final (AppealProfile.arbiterFinal).
   */
  readonly ground?: string | null;
  /** The appeal profile of an appeal decision being contested (for finality). */
  readonly appealProfile?: AppealProfileId | null;
  /**
   * The contested event is a remedy applied for an appeal decision (a result correction, a penalty cancelled or reduced
   * on the appeal's authority): it is contested as that decision, named here; the other fields are the decision's.
   */
  readonly appliesAppealDecision?: { readonly appealId: string; readonly eventId: string } | null;
}

export interface Appellant {
  /** Who lodges: the player, their captain or their representative. */
  readonly id: string;
  readonly capacity: 'player' | 'captain' | 'representative';
  /** The player whose interest the appeal defends. */
  readonly forPlayer: string;
}

export interface CommitteeMember {
  readonly id: string;
  readonly name: string;
  readonly role: 'chair' | 'member';
  readonly federation: string | null;
}

export type Remedy =
  | { readonly kind: 'correct-result'; readonly division?: string; readonly round: number; readonly table: number; readonly result: ResultInput }
  | { readonly kind: 'cancel-penalty'; readonly penaltyId: string }
  | { readonly kind: 'reduce-penalty'; readonly penaltyId: string; readonly amount: number }
  | { readonly kind: 'order-replay'; readonly round: number; readonly table: number; readonly instructions: string }
  | {
      readonly kind: 're-pair-next-round';
      readonly division?: string;
      readonly round: number;
      /** The next round's state as the runtime found it (a round already played or published is not re-paired). */
      readonly found: 'not-paired' | 'paired-unpublished' | 'published' | 'played';
    };

export type Vote = 'uphold' | 'dismiss' | 'vary' | 'abstain';
export type Outcome = 'upheld' | 'dismissed' | 'varied';

export interface AppealCommandData {
  readonly 'appeals.lodge': {
    readonly appealId: string;
    readonly tournamentId: string;
    readonly discipline: Discipline;
    readonly appellant: Appellant;
    readonly contested: ContestedDecision;
    readonly grounds: string;
    readonly remedySought: string;
    readonly deposit?: number | null;
    /** The chief arbiter accepts an appeal lodged after the deadline, with a recorded reason. */
    readonly lateAcceptance?: { readonly reason: string } | null;
  };
  readonly 'appeals.acknowledge': Record<string, never>;
  readonly 'appeals.form-committee': { readonly members: readonly CommitteeMember[] };
  readonly 'appeals.attach-statement': {
    readonly statementId: string;
    readonly kind: 'appellant' | 'respondent' | 'witness' | 'official' | 'evidence';
    readonly author: string;
    readonly text: string;
    /** Recorded events the statement refers to, by id. */
    readonly references: readonly string[];
  };
  readonly 'appeals.schedule-hearing': { readonly hearingAt: string; readonly place: string };
  readonly 'appeals.hold-hearing': { readonly present: readonly string[]; readonly minutes: string };
  readonly 'appeals.decide': {
    readonly outcome: Outcome;
    readonly reasons: string;
    readonly votes: ReadonlyArray<{ readonly member: string; readonly vote: Vote }>;
    readonly remedies: readonly Remedy[];
  };
  readonly 'appeals.finalise': { readonly note: string };
}

export type AppealCommand = CommandUnion<AppealCommandData>;
export type AppealCmd<T extends keyof AppealCommandData> = Command<T, AppealCommandData[T]>;

export interface Stamp {
  readonly by: Actor;
  readonly at: string;
}

type E<T extends string, D> = DomainEvent<`appeals.${T}`, Stamp & D>;

export interface Deadline {
  readonly from: 'session-end' | 'decision';
  readonly minutes: number;
  /** null while the session has not ended (the deadline has not started to run). */
  readonly at: string | null;
  readonly rule: string;
}

export type AppealEvent =
  | E<
      'AppealLodged',
      {
        appealId: string;
        tournamentId: string;
        discipline: Discipline;
        profile: AppealProfileId;
        lodgedWith: string;
        form: 'written';
        appellant: Appellant;
        contested: ContestedDecision;
        grounds: string;
        remedySought: string;
        deposit: number | null;
        deadline: Deadline;
        late: { reason: string; acceptedBy: Actor } | null;
      }
    >
  | DomainEvent<'appeals.AppealAcknowledged', Stamp>
  | E<'CommitteeFormed', { members: readonly CommitteeMember[]; rule: string }>
  | E<'StatementAttached', AppealCommandData['appeals.attach-statement']>
  | E<'HearingScheduled', { hearingAt: string; place: string }>
  | E<'HearingHeld', { present: readonly string[]; minutes: string }>
  | E<
      'AppealDecided',
      {
        appealId: string;
        tournamentId: string;
        outcome: Outcome;
        reasons: string;
        votes: ReadonlyArray<{ member: string; vote: Vote }>;
        remedies: readonly Remedy[];
        deposit: 'refunded' | 'retained' | null;
        final: boolean;
        finalityRule: string;
      }
    >
  | E<'AppealFinalised', { note: string }>;

export type AppealEventType = AppealEvent['type'];

export type AppealStep = 'lodged' | 'acknowledged' | 'committee-formed' | 'hearing-scheduled' | 'heard' | 'decided' | 'final';

export interface AppealState {
  readonly step: AppealStep | null;
  readonly appealId: string | null;
  readonly tournamentId: string | null;
  readonly profile: AppealProfileId | null;
  readonly appellant: Appellant | null;
  readonly contested: ContestedDecision | null;
  readonly members: readonly CommitteeMember[];
  readonly statements: readonly string[];
  readonly deposit: number | null;
}
