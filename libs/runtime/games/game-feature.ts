/**
 * The contract every discipline (Scrabble, mahjong, Go, chess, xiguaqi) fills in above its decider.
 * The generic runner (libs/api/games/game-runner.ts), access, result poster and read model are
 * built from it, so a discipline writes only what is its own: how to read seats, players and the
 * tournament link from its state, how to build a command, what to hide, what to post.
 */
import type { Actor, ClockReading, Command, CommandContext, DomainEvent } from '../../domain/kernel/index.js';
import type { Discipline } from '../../domain/standings/index.js';
import type { TournamentCommand } from '../../domain/tournament/index.js';
import type { RecordedEvent } from '../../store/event-store.port.js';
import type { AggregateType } from '../command-handler.js';

/** A player in a seat (index = seat number, 0-based). */
export interface SeatPlayer {
  readonly id: string;
  readonly name: string;
}

/** Where a game sits in a tournament: the pairing at that round and table of a division. */
export interface TournamentLink {
  readonly tournamentId: string;
  readonly round: number;
  readonly table: number;
  readonly division?: string;
}

/** What a reader may see of hidden information: everything, one seat's own, or only what is public. */
export type Viewer = { readonly kind: 'all' } | { readonly kind: 'seat'; readonly seat: number } | { readonly kind: 'public' };

export function sees(viewer: Viewer, seat: number | null | undefined): boolean {
  return viewer.kind === 'all' || (viewer.kind === 'seat' && seat === viewer.seat);
}

/** The observed-time fields a client sent with a command (`at`, a table-clock reading). */
export interface SentTime {
  readonly at?: string;
  readonly clockReading?: unknown;
}

/**
 * Who may send observed times and clock readings, and within which bounds. Today every discipline
 * uses OFFICIALS_OBSERVE: officials only (a player's commands are stamped by the server), never
 * before the last recorded event, never more than `maxFutureMs` ahead of the server's clock.
 */
export interface ObservedTimePolicy {
  readonly sentBy: 'officials';
  readonly notBeforeRecord: boolean;
  readonly maxFutureMs: number;
}

export const OFFICIALS_OBSERVE: ObservedTimePolicy = { sentBy: 'officials', notBeforeRecord: true, maxFutureMs: 60_000 };

/**
 * A discipline's table clock, whose readings an official may send with a command: two sides, with byo-yomi
 * periods (Go) or without; `null` for a game without one (mahjong: the referee times each turn), which refuses
 * a reading naming `clockReading` rather than dropping it.
 */
export type GameClock = { readonly periods: boolean } | null;

/** A game command as a controller builds it, flat (`{ type, ...fields }`): a step without its clock reading. */
export type GameCommandBody<Step> = Step extends unknown ? Omit<Step, 'clockReading'> : never;

/** The table-clock reading an official sent, as the command's data carries it; none for a game without a clock. */
export function clockReadingOf(clock: GameClock, sent: SentTime): ClockReading | undefined {
  const r = sent.clockReading as { remainingMs?: readonly number[]; periodsLeft?: readonly number[] } | undefined;
  if (!clock || !r?.remainingMs) return undefined;
  const periods = clock.periods && r.periodsLeft;
  return { remainingMs: [r.remainingMs[0], r.remainingMs[1]], ...(periods && { periodsLeft: [periods[0], periods[1]] as const }) };
}

/** A tournament command a recorded game event calls for: record or correct the pairing's result. */
export interface TournamentResult {
  readonly tournamentId: string;
  readonly command: (context: CommandContext) => TournamentCommand;
}

/** The list entry of a game beside its discipline, id, players, link and asOf. */
export interface GameSummary {
  readonly phase: string;
  readonly scores: readonly number[];
}

/**
 * One discipline's game, parameterised by its decider types: C command, E event, S state, B the
 * command body a controller builds (the command without its context), X the read model's extras.
 */
export interface GameFeature<C extends Command, E extends DomainEvent, S, B = unknown, X extends object = object> {
  /** e.g. 'scrabble': routes `/v1/scrabble/games`, event types `scrabble.*`, the read model `scrabble-games`. */
  readonly discipline: string;
  /** The tournament discipline(s) a game of this kind may be linked to (a chess game: 'chess-rapid' tournaments). */
  readonly tournamentDisciplines: readonly Discipline[];
  readonly aggregate: AggregateType<C, E, S>;
  /** Seats at a table (Scrabble, Go, chess, xiguaqi 2; mahjong 4). */
  readonly seats: number;
  /** Has the game been started (else it is unknown: 404)? */
  exists(state: S): boolean;
  /** The players, one per seat (index = seat). Called only when `exists`. */
  players(state: S): readonly SeatPlayer[];
  link(state: S): TournamentLink | null;
  /** May a player sitting at `own` record a self-recording command for `seat` (null: no seat named)? Officials act for any seat. */
  playerActsFor(own: number, seat: number | null): boolean;
  readonly observedTime: ObservedTimePolicy;
  /** Is hidden information (racks, hands) still hidden? Once a game has ended it is laid open to all. */
  hidesInformation(state: S): boolean;
  /** The table clock whose readings officials send (null: none; a reading is refused). */
  readonly clock: GameClock;
  /** THE one place a game command is built: the controller's body, with the clock reading an official sent, and the request's context. */
  command(body: B & { readonly clockReading?: ClockReading }, context: CommandContext): C;
  /** Event types the result poster reacts to. */
  readonly resultEvents: readonly string[];
  /** For a recorded event of game `gameId`: the tournament command to send (record or correct a result), or none. */
  toTournamentResult(event: RecordedEvent, gameId: string): TournamentResult | null;
  /** The state as `viewer` may see it. */
  redactState(state: S, viewer: Viewer): S;
  /** An event's data as `viewer` may see it. */
  redactEventData(event: { readonly type: string; readonly data: unknown }, viewer: Viewer): unknown;
  readonly readModel: {
    /** Bump when the document or list entry changes: the read model is rebuilt. */
    readonly version: number;
    /** The discipline's own fields of the game document, folded beside the state (Scrabble: end racks). */
    extras(before: X | undefined, event: E): X;
    summary(state: S): GameSummary;
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameFeature = GameFeature<any, any, any, any, any>;

/**
 * Open-information games (Go, chess, xiguaqi): nothing is ever hidden, every viewer sees the state and every
 * event as recorded. Spread into a GameFeature: `...OPEN_INFORMATION`.
 */
export const OPEN_INFORMATION = {
  hidesInformation: (): boolean => false,
  redactState: <S>(state: S): S => state,
  redactEventData: (event: { readonly data: unknown }): unknown => event.data,
} as const;

/** A player may record for their own seat only (and commands naming no seat). */
export function ownSeatOnly(own: number, seat: number | null): boolean {
  return seat === null || seat === own;
}

export type { Actor };
