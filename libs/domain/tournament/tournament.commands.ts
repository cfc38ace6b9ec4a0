import type { CommandBody, CommandUnion } from '../kernel/command.js';
import type { RecordSource } from '../kernel/record-source.js';
import type { PairedGame, PairedTable, PairingOptions, PairingResult, PairingSystem } from '../pairing/types.js';
import type { Discipline, Outcome, PairCounts, Side } from '../standings/results.js';
import type { RulesProfileOverrides } from './profiles.js';

export interface PlayerDetails {
  readonly id: string;
  readonly name: string;
  readonly federationId?: string;
  readonly rating?: number;
  readonly club?: string;
  readonly country?: string;
  readonly team?: string;
  /** Defaults to the tournament's only division; required when there are several. */
  readonly division?: string;
}

/** A result as entered: the players come from the pairing, the input says what happened. */
export type ResultInput =
  | { readonly kind: 'played'; readonly outcome: Outcome; readonly score?: PairCounts; readonly games?: PairCounts; readonly captured?: PairCounts }
  | { readonly kind: 'forfeit'; readonly absent: Side }
  | { readonly kind: 'double-forfeit' }
  | { readonly kind: 'mahjong-table'; readonly seats: ReadonlyArray<{ readonly player: string; readonly points: number }> };

export type ResultSource = { readonly kind: 'game'; readonly gameId: string } | { readonly kind: 'arbiter' };

/**
 * How a round is paired. The decider never calls a pairing system: the application layer calls
 * `pair(system, pairingRequestFor(state, ...))` and passes the result in; the decider validates it.
 */
export type RoundPairingInput =
  | { readonly kind: 'system'; readonly system: PairingSystem; readonly seed: string; readonly options?: PairingOptions; readonly result: PairingResult }
  | {
      readonly kind: 'manual';
      readonly reason: string;
      readonly games: readonly PairedGame[];
      readonly tables: readonly PairedTable[];
      readonly bye: string | null;
      /** Several byes in the round, `bye` the first (RULES.byesAsRecorded: a file's round as it was played). */
      readonly byes?: readonly string[];
    };

/** The data of each tournament command, by command type (the envelope is the kernel's `Command`). */
export interface TournamentCommandData {
  readonly 'tournament.create': {
    readonly id: string;
    readonly name: string;
    readonly discipline: Discipline;
    readonly profile?: RulesProfileOverrides;
    readonly divisions?: readonly string[];
    readonly roundsPlanned?: number;
    /** Omitted: the discipline's default (its descriptor's `pairing.default`), where it has one. */
    readonly pairingSystems?: readonly PairingSystem[];
    /** An imported tournament: the file it came from (issue 30; set by the import routes, never by a client). */
    readonly source?: RecordSource;
  };
  readonly 'tournament.register-player': { readonly player: PlayerDetails; readonly joinsAtRound?: number };
  readonly 'tournament.withdraw-player': { readonly playerId: string; readonly fromRound: number; readonly reason?: string };
  /** `bye`: what the round is worth (requested-byes.ts); not sent, a zero-point absence. */
  readonly 'tournament.mark-absent': { readonly playerId: string; readonly round: number; readonly reason?: string; readonly bye?: 'zero' | 'half' | 'full' };
  readonly 'tournament.forbid-pairing': { readonly a: string; readonly b: string; readonly reason: string };
  readonly 'tournament.pair-round': {
    readonly division?: string;
    readonly round: number;
    readonly pairing: RoundPairingInput;
    /** The day the round is played (YYYY-MM-DD): checked against the rules' rounds a day. */
    readonly day?: string;
  };
  readonly 'tournament.publish-round': { readonly division?: string; readonly round: number };
  readonly 'tournament.record-result': {
    readonly division?: string;
    readonly round: number;
    readonly table: number;
    readonly result: ResultInput;
    readonly source: ResultSource;
  };
  readonly 'tournament.correct-result': {
    readonly division?: string;
    readonly round: number;
    readonly table: number;
    readonly result: ResultInput;
    readonly reason: string;
  };
  readonly 'tournament.lock-round': { readonly division?: string; readonly round: number };
  readonly 'tournament.apply-penalty': {
    readonly player: string;
    readonly points: number;
    readonly reason: string;
    readonly ref: string;
    readonly round?: number;
  };
}

export type TournamentCommand = CommandUnion<TournamentCommandData>;

export type TournamentCommandType = TournamentCommand['type'];
export type TournamentCommandBody = CommandBody<TournamentCommand>;
