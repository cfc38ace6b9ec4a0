/** Go under the Ing rules: commands, events and state. Seat 0 plays Black, seat 1 White. Points are SGF letters ("pd"). */
import type { ClockReading as KernelClockReading, Command, CommandContext, DomainEvent, RecordSource } from '../../kernel/index.js';
import type { GoRules, GoRulesOverrides } from './go.profile.js';

export type Seat = 0 | 1;
export type BoardSize = 9 | 13 | 19;

export interface GoPlayer {
  readonly id: string;
  readonly name: string;
  /** A rank as written (e.g. "3d", "5k"), carried to SGF BR/WR. */
  readonly rank?: string;
}

/** Where the game sits in a tournament; `firstSeat` is the seat of the pairing's "first" player. */
export interface GoLink {
  readonly tournamentId: string;
  readonly round: number;
  readonly table: number;
  readonly division?: string;
  readonly firstSeat: Seat;
}

/** Basic time left per seat (Black, White; below zero, the overtime used under penalty points) and the byo-yomi periods left, where the clock shows them. */
export type ClockReading = KernelClockReading;

/** The time left an imported file writes with a move (SGF BL/WL in ms, OB/OW): the file's statement, not a clock reading. */
export interface WrittenTime {
  readonly leftMs?: number;
  readonly periods?: number;
}

export type EndReason = 'count' | 'resignation' | 'time' | 'absence' | 'withdrawal' | 'retraction' | 'defiance' | 'recorded';

export interface GoResult {
  readonly winner: Seat | null;
  readonly reason: EndReason;
  /** Points Black is ahead (negative: White) after compensation and penalty points, for a counted game. */
  readonly margin?: number;
  /** SGF RE: "B+3.5", "W+R", "B+T", "W+F", "0". */
  readonly text: string;
  readonly rule: string;
}

export interface Count {
  /** Area (stones and surrounded points, neutral points shared) of Black and White. */
  readonly area: readonly [number, number];
  readonly compensation: number;
  /** Penalty points each side incurred, and what is left of them once they offset. */
  readonly penaltyPoints: readonly [number, number];
  readonly netPenaltyPoints: readonly [number, number];
  readonly margin: number;
  readonly winner: Seat | null;
  readonly text: string;
  readonly rule: string;
}

export interface GoCommandData {
  readonly 'go.start-game': {
    readonly players: readonly [GoPlayer, GoPlayer];
    readonly boardSize?: BoardSize;
    /** Handicap stones on the star points (2–9), or `handicapStones` as placed (an imported record's AB). */
    readonly handicap?: number;
    readonly handicapStones?: readonly string[];
    readonly rules?: GoRulesOverrides;
    /** Overrides the profile's compensation for this game (e.g. an imported record's KM). */
    readonly compensation?: number;
    readonly link?: GoLink;
    /** An imported record (SGF): the file it came from. Its moves carry no clock reading, only what the file writes. */
    readonly source?: RecordSource;
  };
  /** `point`: GTP ("Q16") or SGF letters ("pd"). `written`: an imported record's own BL/WL (OB/OW) for the move. */
  readonly 'go.play': { readonly seat: Seat; readonly point: string; readonly written?: WrittenTime };
  readonly 'go.pass': { readonly seat: Seat; readonly written?: WrittenTime };
  readonly 'go.resign': { readonly seat: Seat };
  readonly 'go.claim-time': { readonly seat: Seat };
  readonly 'go.propose-dead-stones': { readonly seat: Seat; readonly stones: readonly string[] };
  readonly 'go.accept-dead-stones': { readonly seat: Seat };
  readonly 'go.sign-result': { readonly seat: Seat };
  readonly 'go.rule-dead-stones': { readonly stones: readonly string[]; readonly note: string };
  readonly 'go.rule-disputed-move': { readonly seat: Seat; readonly point: string; readonly note: string };
  readonly 'go.rule-loss': { readonly seat: Seat; readonly ground: 'withdrawal' | 'retraction' | 'defiance'; readonly note: string };
  readonly 'go.record-arrival': { readonly seat: Seat };
  readonly 'go.record-absence': { readonly seat: Seat };
  readonly 'go.pause-clock': { readonly reason: 'arbiter-call' | 'rest'; readonly note?: string };
  readonly 'go.resume-clock': { readonly note?: string };
  /** A result as written on the score sheet or in an imported record (SGF RE). */
  readonly 'go.record-result': { readonly winner: Seat | null; readonly reason: EndReason; readonly margin?: number; readonly note?: string };
}

export type GoCommandType = keyof GoCommandData;
type WithReading<D> = D & { readonly clockReading?: ClockReading };
export type GoCommand = { [K in GoCommandType]: Command<K, WithReading<GoCommandData[K]>> }[GoCommandType];
/** A command as a controller builds it: `{ type, ...data }`, without its context. */
export type GoStep = { [K in GoCommandType]: { readonly type: K } & WithReading<GoCommandData[K]> }[GoCommandType];

export function goCommand(step: GoStep, context: CommandContext): GoCommand {
  const { type, ...data } = step;
  return { type, data, context } as GoCommand;
}

/** A move or a pass, numbered as the record numbers them (Ing rules 第十条 记谱). */
export interface MoveRecord {
  readonly number: number;
  readonly seat: Seat;
  /** SGF point ("pd"), or null for a pass. */
  readonly point: string | null;
  /** GTP coordinate ("Q16"), or "pass". */
  readonly gtp: string;
  /** Stones this move took off the board (SGF points). */
  readonly captured: readonly string[];
  readonly at: string;
  /** The mover's basic time left after the move (negative: overtime used); 0 in byo-yomi. Absent in an imported record. */
  readonly remainingMs?: number;
  readonly periodsLeft?: number;
  /** An imported record's own time for the move, as the file writes it. */
  readonly written?: WrittenTime;
  /** An arbiter's ruling on a disputed move. */
  readonly ruling?: { readonly note: string; readonly rule: string };
}

export type GoEvent =
  | DomainEvent<
      'go.GameStarted',
      {
        players: readonly [GoPlayer, GoPlayer];
        boardSize: BoardSize;
        handicapStones: readonly string[];
        rules: GoRules;
        compensation: number;
        link: GoLink | null;
        at: string;
        source?: RecordSource;
      }
    >
  | DomainEvent<'go.ClockRead', { remainingMs: readonly [number, number]; periodsLeft?: readonly [number, number]; at: string; rule: string }>
  | DomainEvent<'go.MoveMade', MoveRecord>
  | DomainEvent<'go.Passed', MoveRecord>
  | DomainEvent<'go.PenaltyPointsIncurred', { seat: Seat; points: number; added: number; overtimeMs: number; rule: string }>
  | DomainEvent<'go.LatenessRecorded', { seat: Seat; lateMs: number; deductedMs: number; at: string; rule: string }>
  | DomainEvent<'go.ClockPaused', { reason: 'arbiter-call' | 'rest'; note?: string; at: string; rule: string }>
  | DomainEvent<'go.ClockResumed', { at: string }>
  | DomainEvent<'go.DeadStonesProposed', { seat: Seat; stones: readonly string[] }>
  | DomainEvent<'go.DeadStonesAgreed', { stones: readonly string[]; by: 'players' | 'arbiter'; note?: string; rule: string }>
  | DomainEvent<'go.Counted', Count>
  | DomainEvent<'go.ResultSigned', { seat: Seat }>
  | DomainEvent<'go.GameEnded', { result: GoResult; players: readonly [GoPlayer, GoPlayer]; link: GoLink | null; at: string }>;

export type GoEventType = GoEvent['type'];

export interface GoClock {
  /** Basic time left per seat as of `since` (negative: overtime used). */
  readonly remainingMs: readonly [number, number];
  readonly periodsLeft: readonly [number, number];
  /** Since when the running side's clock has been running; null while stopped (paused, counting, ended). */
  readonly since: string | null;
  readonly paused: boolean;
}

export interface GoGame {
  readonly players: readonly [GoPlayer, GoPlayer];
  readonly link: GoLink | null;
  readonly rules: GoRules;
  readonly compensation: number;
  readonly boardSize: BoardSize;
  readonly handicapStones: readonly string[];
  readonly startedAt: string;
  /** The imported file this game was recorded from; null for a game played here. */
  readonly source: RecordSource | null;
  readonly moves: readonly MoveRecord[];
  /** Rows of the board, top first: "." empty, "x" Black, "o" White. */
  readonly board: readonly string[];
  /** Hashes of every whole-board position so far (the start included), for super-ko. */
  readonly positions: readonly string[];
  readonly toMove: Seat;
  readonly captures: readonly [number, number];
  /** Penalty points recorded so far per seat (Ing rules 第七条 延时 (1)). */
  readonly penaltyPoints: readonly [number, number];
  readonly clock: GoClock;
  readonly arrived: readonly [boolean, boolean];
  readonly deadStones: { readonly proposedBy: Seat; readonly stones: readonly string[] } | null;
  readonly count: Count | null;
  readonly signatures: readonly [boolean, boolean];
  readonly result: GoResult | null;
}

export type GoPhase = 'playing' | 'counting' | 'signing' | 'finished';
export type GoState = { readonly phase: 'none' } | { readonly phase: GoPhase; readonly game: GoGame };
