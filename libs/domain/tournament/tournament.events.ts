import type { Actor } from '../kernel/command.js';
import type { DomainEvent } from '../kernel/decider.js';
import type { PairedGame, PairedTable, PairingOptions, PairingResult, PairingSystem } from '../pairing/types.js';
import type { Discipline, GameResult } from '../standings/results.js';
import type { RecordSource } from '../kernel/record-source.js';
import type { RulesProfile } from './profiles.js';
import type { PlayerDetails } from './tournament.commands.js';

/** Stored forever: plain JSON only, minimal and explicit. */
export interface RegisteredPlayer extends Omit<PlayerDetails, 'division'> {
  readonly division: string;
}

/** What a tournament is, fixed at creation (the profile is the full effective one). */
export interface TournamentSettings {
  readonly id: string;
  readonly name: string;
  readonly discipline: Discipline;
  readonly profile: RulesProfile;
  readonly divisions: readonly string[];
  readonly roundsPlanned: number | null;
  readonly pairingSystems: readonly PairingSystem[];
  /** An imported tournament's file: format, SHA-256, who imported it and when, its header records (issue 30). */
  readonly source?: RecordSource;
}

/** A round as paired: how, the games or tables, the bye, and what the pairing had to relax and why. */
export interface RoundPairing {
  readonly division: string;
  readonly round: number;
  readonly method: PairingMethod;
  readonly games: readonly PairedGame[];
  readonly tables: readonly PairedTable[];
  readonly bye: string | null;
  /** Knockout: every bye-holder of the round (`bye` is the first); absent when there is at most the one `bye`. */
  readonly byes?: readonly string[];
  /** Knockout: the players deliberately not paired (eliminated earlier, or below the cut); absent when none. */
  readonly out?: NonNullable<PairingResult['out']>;
  readonly repeats: PairingResult['repeats'];
  readonly explanation: readonly string[];
  /** The day the round is played, when the pairing named one (YYYY-MM-DD). */
  readonly day?: string;
}

export type PairingMethod =
  | { readonly kind: 'system'; readonly system: PairingSystem; readonly seed: string; readonly options?: PairingOptions }
  | { readonly kind: 'manual'; readonly reason: string };

export type RecordedSource = { readonly kind: 'game'; readonly gameId: string } | { readonly kind: 'arbiter' } | { readonly kind: 'pairing' };

export type TournamentCreated = DomainEvent<'tournament.TournamentCreated', TournamentSettings>;
/** `joinsAtRound` > 1 is a late entry: earlier rounds count as absent (not byes). */
export type PlayerRegistered = DomainEvent<'tournament.PlayerRegistered', { readonly player: RegisteredPlayer; readonly joinsAtRound: number }>;
export type PlayerWithdrawn = DomainEvent<
  'tournament.PlayerWithdrawn',
  { readonly playerId: string; readonly fromRound: number; readonly reason: string | null }
>;
/** `bye` as the client sent it (requested-byes.ts); absent, as on events recorded before it existed: a zero-point absence. */
export type PlayerMarkedAbsent = DomainEvent<
  'tournament.PlayerMarkedAbsent',
  { readonly playerId: string; readonly round: number; readonly reason: string | null; readonly bye?: 'zero' | 'half' | 'full' }
>;
export type PairingForbidden = DomainEvent<'tournament.PairingForbidden', { readonly a: string; readonly b: string; readonly reason: string }>;
export type RoundPaired = DomainEvent<'tournament.RoundPaired', RoundPairing>;
export type RoundPublished = DomainEvent<'tournament.RoundPublished', { readonly division: string; readonly round: number }>;
/** `table` is null for the bye, which the decider records itself when the round is paired (source `pairing`). */
export type ResultRecorded = DomainEvent<
  'tournament.ResultRecorded',
  { readonly division: string; readonly round: number; readonly table: number | null; readonly result: GameResult; readonly source: RecordedSource }
>;
export type ResultCorrected = DomainEvent<
  'tournament.ResultCorrected',
  {
    readonly division: string;
    readonly round: number;
    readonly table: number;
    /** The result this replaces, as it stood. */
    readonly corrects: GameResult;
    readonly result: GameResult;
    readonly reason: string;
    readonly decidedBy: Actor;
  }
>;
export type RoundLocked = DomainEvent<'tournament.RoundLocked', { readonly division: string; readonly round: number }>;
/** A deduction from the penalty ledger, flowing into standings (see standings/results.ts Penalty). */
export type PenaltyApplied = DomainEvent<
  'tournament.PenaltyApplied',
  { readonly player: string; readonly points: number; readonly round: number; readonly reason: string; readonly ref: string }
>;

export type TournamentEvent =
  | TournamentCreated
  | PlayerRegistered
  | PlayerWithdrawn
  | PlayerMarkedAbsent
  | PairingForbidden
  | RoundPaired
  | RoundPublished
  | ResultRecorded
  | ResultCorrected
  | RoundLocked
  | PenaltyApplied;
