import type { Actor, Command, CommandUnion } from '../kernel/command.js';
import type { DomainEvent } from '../kernel/decider.js';
import type { Discipline } from '../standings/results.js';

/**
 * The penalty ledger's vocabulary (issue 10, "Penalty ledger"; contract shared with the appeals helper):
 * one ledger per tournament (stream `penalties-<tournamentId>`), every penalty, warning and sanction an
 * event, cancelled or reduced only by a later event that names it, the reason and the authority.
 */
export const PENALTY_KINDS = [
  'warning',
  'points',
  'time-to-opponent',
  'penalty-tiles',
  'no-win',
  'no-claim',
  'game-forfeit',
  'disqualification',
  'blacklist',
] as const;
/**
 * warning; points deducted from the offender; seconds added to the opponent's clock; penalty tiles
 * (mahjong 罰張); loss of the right to win (失去和牌資格) or to claim (不準鳴牌); game forfeit;
 * disqualification; blacklist.
 */
export type PenaltyKind = (typeof PENALTY_KINDS)[number];

/** Who is penalised, and where, as far as it is known. */
export interface PenaltyTarget {
  readonly player: string;
  readonly division?: string;
  readonly round?: number;
  readonly table?: number;
  readonly game?: string;
}

/** The rule cited: the rules profile (e.g. `wmc`) and the section of its text. */
export interface RuleCited {
  readonly profile: string;
  readonly section: string;
}

/** Who may cancel or reduce: the issuing arbiter's own correction, the chief arbiter, or an appeal decision. */
export type PenaltyAuthority = { readonly kind: 'correction' } | { readonly kind: 'chief-arbiter' } | { readonly kind: 'appeal'; readonly appealId: string };

/**
 * Where a penalty was already applied: the game (id), the game event that applied it, and who recorded
 * that event (the arbiter, the TD, or whoever ended the game whose clock gave the time penalty).
 */
export interface AppliedIn {
  readonly game: string;
  readonly event: string;
  readonly by: Actor;
  /** Recorded in the game but left out of the result it posts (a mahjong table's points sum to zero): the standings deduct it. */
  readonly notInResult?: boolean;
}

export interface PenaltyCommandData {
  readonly 'penalties.issue-penalty': {
    readonly penaltyId: string;
    /** The tournament's discipline: it selects the penalty profile (kinds, escalation). */
    readonly discipline: Discipline;
    readonly target: PenaltyTarget;
    /** A stable code of the offence (e.g. `no-call-announcement`): repeats are counted per player and code. */
    readonly offence: string;
    readonly kind: PenaltyKind;
    /** Required for points (points), time-to-opponent (seconds) and penalty-tiles (tiles); forbidden otherwise. */
    readonly amount?: number;
    /** Defaults to the profile's section for the kind. */
    readonly rule?: { readonly profile?: string; readonly section: string };
    readonly reason: string;
    /**
     * Set when the penalty was already applied inside a game (its score or its clock) and is copied into
     * the ledger by the games-to-ledger process manager: the standings must not count it a second time.
     */
    readonly appliedIn?: AppliedIn;
  };
  readonly 'penalties.cancel-penalty': { readonly penaltyId: string; readonly reason: string; readonly authority: PenaltyAuthority };
  /** `amount` is the new, lower amount. */
  readonly 'penalties.reduce-penalty': { readonly penaltyId: string; readonly amount: number; readonly reason: string; readonly authority: PenaltyAuthority };
}
export type PenaltyCommand = CommandUnion<PenaltyCommandData>;
export type IssuePenalty = Command<'penalties.issue-penalty', PenaltyCommandData['penalties.issue-penalty']>;

/** Set when a repeat after a warning was escalated per the profile. */
export interface Escalation {
  readonly escalatedFrom: 'warning';
  /** The earlier warnings (same player, same offence) that make this a repeat. */
  readonly priorWarnings: readonly string[];
  readonly rule: RuleCited;
}

export interface PenaltyIssuedData {
  readonly penaltyId: string;
  readonly discipline: Discipline;
  readonly target: PenaltyTarget;
  readonly offence: string;
  readonly kind: PenaltyKind;
  readonly amount: number | null;
  readonly rule: RuleCited;
  readonly reason: string;
  readonly issuedBy: Actor;
  readonly at: string;
  readonly escalation: Escalation | null;
  /** Already applied in this game (its score or clock): listed in the ledger, never deducted again. Absent on older events. */
  readonly appliedIn?: AppliedIn | null;
}
export interface PenaltyCancelledData {
  readonly penaltyId: string;
  readonly reason: string;
  readonly authority: PenaltyAuthority;
  readonly decidedBy: Actor;
  readonly at: string;
}
export interface PenaltyReducedData extends PenaltyCancelledData {
  /** The new amount. */
  readonly amount: number;
  readonly previousAmount: number;
}

export type PenaltyIssued = DomainEvent<'penalties.PenaltyIssued', PenaltyIssuedData>;
export type PenaltyCancelled = DomainEvent<'penalties.PenaltyCancelled', PenaltyCancelledData>;
export type PenaltyReduced = DomainEvent<'penalties.PenaltyReduced', PenaltyReducedData>;
export type PenaltyEvent = PenaltyIssued | PenaltyCancelled | PenaltyReduced;

/** One penalty as the ledger stands: as issued, with its current amount and status. */
export interface LedgerEntry extends PenaltyIssuedData {
  readonly issuedAmount: number | null;
  readonly status: 'active' | 'cancelled';
  readonly cancellation: PenaltyCancelledData | null;
  readonly reductions: readonly PenaltyReducedData[];
}

export interface LedgerState {
  readonly discipline: Discipline | null;
  /** By penalty id, in issue order. */
  readonly penalties: Readonly<Record<string, LedgerEntry>>;
  readonly order: readonly string[];
}
