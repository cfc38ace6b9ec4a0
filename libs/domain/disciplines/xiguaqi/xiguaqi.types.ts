/** Xiguaqi matches: commands, events and state. One aggregate is a match at one table, holding its games. */
import type { ClockReading as KernelClockReading, Command, CommandContext, DomainEvent } from '../../kernel/index.js';
import type { Point } from './board.js';

export type Seat = 0 | 1;
export type Colour = 'B' | 'W';

export interface XiguaqiPlayer {
  readonly id: string;
  readonly name: string;
}

/** Where the match sits in a tournament; `firstSeat` is the seat of the pairing's "first" player. */
export interface XiguaqiLink {
  readonly tournamentId: string;
  readonly round: number;
  readonly table: number;
  readonly division?: string;
  readonly firstSeat: Seat;
}

/** A piece on the board: its colour, its number (1–6, to follow "the same piece", 第二条五) and whether it has escaped (第六条). */
export interface Piece {
  readonly colour: Colour;
  readonly n: number;
  readonly escaped: boolean;
}

/** Index = point − 1. */
export type Board = readonly (Piece | null)[];

export type GameEndReason = 'captures' | 'count' | 'resignation' | 'ruling' | 'forfeit';

export interface GameOutcome {
  readonly winner: Seat | null;
  readonly reason: GameEndReason;
  readonly rule: string;
}

export interface MatchOutcome {
  readonly winner: Seat | null;
  /** Games won by seat 0 and seat 1. */
  readonly games: readonly [number, number];
  /** Pieces captured by seat 0 and seat 1 over the match's games. */
  readonly captured: readonly [number, number];
  /** A match forfeited (弃权) by this seat. */
  readonly forfeitedBy?: Seat;
  readonly rule: string;
}

export type OutOfTurn = 'grab' | 'opponent-time-used';

/** One line of a game's record: a move (with what it captured and what escaped) or a pass. */
export type PlyRecord =
  | {
      readonly kind: 'move';
      readonly ply: number;
      readonly seat: Seat;
      readonly colour: Colour;
      readonly from: Point;
      readonly to: Point;
      readonly piece: number;
      /** Every point emptied by the capture (whole groups). */
      readonly captured: readonly Point[];
      /** Points of dead pieces not captured: now escaped (第六条). */
      readonly escaped: readonly Point[];
      readonly outOfTurn: OutOfTurn | null;
      readonly at: string;
    }
  | { readonly kind: 'pass'; readonly ply: number; readonly seat: Seat; readonly colour: Colour; readonly at: string };

/** What a controller builds (flat), per command type. */
export interface XiguaqiCommandData {
  readonly 'xiguaqi.start-match': {
    readonly players: readonly [XiguaqiPlayer, XiguaqiPlayer];
    readonly bestOf: 3 | 5;
    /** 第十二条一: the game's total time, half to each player (at most 30). */
    readonly minutesPerGame: number;
    /** 第十一条: the seat that moves first in game 1 (by lot or guess). */
    readonly first: Seat;
    readonly link?: XiguaqiLink;
  };
  /** The next game of the match; `first` is required for the deciding game (第十一条), else it must be the alternation. */
  readonly 'xiguaqi.start-game': { readonly first?: Seat };
  /** `captures`: points of opponent pieces the mover captures (a point takes its whole group). */
  readonly 'xiguaqi.move': { readonly seat: Seat; readonly from: Point; readonly to: Point; readonly captures?: readonly Point[] };
  readonly 'xiguaqi.pass': { readonly seat: Seat };
  readonly 'xiguaqi.resign': { readonly seat: Seat };
  /** The end of the time (第八条一): both halves used; the pieces on the board are counted. */
  readonly 'xiguaqi.call-time': { readonly seat?: Seat };
  readonly 'xiguaqi.rule-game': { readonly winner: Seat | null; readonly note?: string };
  readonly 'xiguaqi.forfeit': { readonly seat: Seat; readonly scope: 'game' | 'match' };
}

/** The table clock's reading: the time left on each side (no byo-yomi periods). */
export type ClockReading = Omit<KernelClockReading, 'periodsLeft'>;

export type XiguaqiCommandType = keyof XiguaqiCommandData;
type WithReading<D> = D & { readonly clockReading?: ClockReading };
export type XiguaqiCommand = { [K in XiguaqiCommandType]: Command<K, WithReading<XiguaqiCommandData[K]>> }[XiguaqiCommandType];
/** A command as a controller builds it: `{ type, ...data }`, without its context. */
export type XiguaqiStep = { [K in XiguaqiCommandType]: { readonly type: K } & WithReading<XiguaqiCommandData[K]> }[XiguaqiCommandType];

export function xiguaqiCommand(step: XiguaqiStep, context: CommandContext): XiguaqiCommand {
  const { type, ...data } = step;
  return { type, data, context } as XiguaqiCommand;
}

export type XiguaqiEvent =
  | DomainEvent<
      'xiguaqi.MatchStarted',
      { players: readonly [XiguaqiPlayer, XiguaqiPlayer]; bestOf: 3 | 5; minutesPerGame: number; link: XiguaqiLink | null; at: string }
    >
  | DomainEvent<'xiguaqi.GameStarted', { game: number; black: Seat; decidedBy: 'lot' | 'alternation'; at: string; rule: string }>
  | DomainEvent<'xiguaqi.ClockRead', { game: number; remainingMs: readonly [number, number]; at: string; rule: string }>
  | DomainEvent<'xiguaqi.PieceMoved', { game: number } & Extract<PlyRecord, { kind: 'move' }>>
  | DomainEvent<'xiguaqi.Passed', { game: number } & Extract<PlyRecord, { kind: 'pass' }>>
  | DomainEvent<
      'xiguaqi.GameEnded',
      { game: number; outcome: GameOutcome; onBoard: readonly [number, number]; captured: readonly [number, number]; at: string; note?: string }
    >
  | DomainEvent<'xiguaqi.MatchEnded', { outcome: MatchOutcome; players: readonly [XiguaqiPlayer, XiguaqiPlayer]; link: XiguaqiLink | null; at: string }>;

export type XiguaqiEventType = XiguaqiEvent['type'];

export interface XiguaqiGame {
  readonly number: number;
  /** The seat playing Black, which moves first. */
  readonly black: Seat;
  readonly startedAt: string;
  readonly board: Board;
  /** Pieces captured by seat 0 and seat 1. */
  readonly captured: readonly [number, number];
  readonly plies: readonly PlyRecord[];
  /** The seat whose turn it is (the running clock's, unless its time is used). */
  readonly toMove: Seat;
  /** Since when the running clock has run (the turn's start, or the last clock reading). */
  readonly since: string;
  /** When the current turn began: the per-move limit counts from it (a clock reading does not restart it). */
  readonly turnStartedAt: string;
  /** Each seat's time left as of `since`. */
  readonly remainingMs: readonly [number, number];
  /** Each seat's last moved piece and how many times in a row it moved (第二条五). */
  readonly runs: readonly [{ readonly piece: number; readonly count: number } | null, { readonly piece: number; readonly count: number } | null];
  readonly outcome: GameOutcome | null;
  readonly endedAt: string | null;
}

export interface XiguaqiMatch {
  readonly players: readonly [XiguaqiPlayer, XiguaqiPlayer];
  readonly link: XiguaqiLink | null;
  readonly bestOf: 3 | 5;
  readonly minutesPerGame: number;
  readonly startedAt: string;
  readonly games: readonly XiguaqiGame[];
  readonly outcome: MatchOutcome | null;
}

export type XiguaqiState = { readonly phase: 'none' } | { readonly phase: 'playing' | 'between-games' | 'finished'; readonly match: XiguaqiMatch };
