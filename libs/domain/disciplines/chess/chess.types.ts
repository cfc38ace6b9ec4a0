/** Rapid chess: commands, events and state. Seat 0 plays White, seat 1 Black. */
import type { ClockReading as KernelClockReading, Command, CommandContext, DomainEvent, RecordSource } from '../../kernel/index.js';

export type Seat = 0 | 1;

export interface ChessPlayer {
  readonly id: string;
  readonly name: string;
}

/** Where the game sits in a tournament; `firstSeat` is the seat of the pairing's "first" player. */
export interface ChessLink {
  readonly tournamentId: string;
  readonly round: number;
  readonly table: number;
  readonly division?: string;
  readonly firstSeat: Seat;
}

/** Rapid rules 1: 60 or 30 minutes a player; rapid rules 21(4): an increment where the clock gives one. */
export interface TimeControl {
  readonly minutes: 30 | 60;
  readonly incrementSeconds: number;
}

/** The table clock's reading: the time left on each side (no byo-yomi periods). */
export type ClockReading = Omit<KernelClockReading, 'periodsLeft'>;

export type DrawClaimReason = 'repetition' | 'fifty-moves';
/** Grounds the arbiter judges: rapid rules 12(1) perpetual check or forced repetition demonstrated, 12(2), 11 (另外). */
export type RuledDrawGround = 'perpetual' | 'no-winning-chances' | 'time-trouble';
/** Rapid rules 21: the breaches the arbiter may penalise on the opponent's claim (besides illegal moves). */
export type Breach = 'rule-2' | 'rule-5' | 'rule-7' | 'rule-8' | 'rule-17' | 'rule-18' | 'fide-15.1' | 'ambiguous-move';
export type Penalty = { readonly kind: 'time-to-opponent'; readonly ms: number } | { readonly kind: 'loss' };

export type EndReason =
  | 'checkmate'
  | 'resignation'
  | 'flag'
  | 'both-flags'
  | 'flag-cannot-mate'
  | 'stalemate'
  | 'dead-position'
  | 'fivefold-repetition'
  | 'seventy-five-moves'
  | 'threefold-repetition'
  | 'fifty-moves'
  | 'agreement'
  | 'perpetual'
  | 'no-winning-chances'
  | 'time-trouble'
  | 'penalty'
  /** An imported record's written result (PGN Result), its reason not known to Arbitra. */
  | 'recorded';

export interface ChessResult {
  readonly winner: Seat | null;
  readonly reason: EndReason;
  readonly rule: string;
}

/** What a controller builds (flat), per command type. */
export interface ChessCommandData {
  readonly 'chess.start-game': {
    readonly players: readonly [ChessPlayer, ChessPlayer];
    readonly timeControl: TimeControl;
    readonly link?: ChessLink;
    /** A game resumed or set up from a position (PGN SetUp/FEN): its FEN; else the initial position. */
    readonly startFen?: string;
    /** An imported record (PGN): the file it came from. Its moves carry no clock reading, only the [%clk] the file writes. */
    readonly source?: RecordSource;
  };
  /** `move` in SAN (Nf3, O-O, e8=Q) or UCI (g1f3, e7e8q). `writtenClockMs`: an imported record's own [%clk] for the move. */
  readonly 'chess.make-move': { readonly seat: Seat; readonly move: string; readonly writtenClockMs?: number };
  /** An imported record's written result (PGN Result): only on a game with a source. */
  readonly 'chess.record-result': { readonly winner: Seat | null };
  readonly 'chess.resign': { readonly seat: Seat };
  readonly 'chess.offer-draw': { readonly seat: Seat };
  readonly 'chess.accept-draw': { readonly seat: Seat };
  readonly 'chess.claim-draw': { readonly seat: Seat; readonly reason: DrawClaimReason };
  /** Rapid rules 10: the claimant stops the clocks, their flag up, the opponent's down. */
  readonly 'chess.claim-flag': { readonly seat: Seat };
  readonly 'chess.rule-draw-claim': { readonly claimant: Seat; readonly ground: RuledDrawGround; readonly upheld: boolean; readonly note?: string };
  readonly 'chess.rule-illegal-move': { readonly offender: Seat; readonly move: string; readonly note?: string };
  readonly 'chess.rule-breach': { readonly offender: Seat; readonly breach: Breach; readonly note?: string };
  readonly 'chess.penalize': { readonly seat: Seat; readonly penalty: Penalty; readonly rule: string; readonly reason: string };
}

export type ChessCommandType = keyof ChessCommandData;
type WithReading<D> = D & { readonly clockReading?: ClockReading };
export type ChessCommand = { [K in ChessCommandType]: Command<K, WithReading<ChessCommandData[K]>> }[ChessCommandType];
/** A command as a controller builds it: `{ type, ...data }`, without its context. */
export type ChessStep = { [K in ChessCommandType]: { readonly type: K } & WithReading<ChessCommandData[K]> }[ChessCommandType];

export function chessCommand(step: ChessStep, context: CommandContext): ChessCommand {
  const { type, ...data } = step;
  return { type, data, context } as ChessCommand;
}

export interface MoveRecord {
  readonly ply: number;
  readonly seat: Seat;
  readonly san: string;
  readonly from: string;
  readonly to: string;
  readonly promotion?: string;
  readonly fen: string;
  readonly at: string;
  /** The mover's clock after the move (increment included); ≤ 0: the flag is down. Absent in an imported record. */
  readonly remainingMs?: number;
  /** An imported record's own [%clk] after the move, as the file writes it (not a clock reading). */
  readonly writtenClockMs?: number;
}

export type ChessEvent =
  | DomainEvent<
      'chess.GameStarted',
      {
        players: readonly [ChessPlayer, ChessPlayer];
        timeControl: TimeControl;
        link: ChessLink | null;
        startFen?: string;
        at: string;
        source?: RecordSource;
      }
    >
  | DomainEvent<'chess.ClockRead', { remainingMs: readonly [number, number]; at: string; rule: string }>
  | DomainEvent<'chess.MoveMade', MoveRecord>
  | DomainEvent<'chess.DrawOffered', { seat: Seat }>
  | DomainEvent<'chess.DrawClaimRefused', { seat: Seat; reason: DrawClaimReason | RuledDrawGround; rule: string }>
  | DomainEvent<'chess.TimeAdded', { seat: Seat; ms: number; rule: string; reason: string }>
  | DomainEvent<'chess.IllegalMoveRuled', { offender: Seat; move: string; restoredFen: string; offence: number; rule: string; note?: string }>
  | DomainEvent<'chess.BreachRuled', { offender: Seat; breach: Breach; offence: number; warningOnly: boolean; rule: string; note?: string }>
  | DomainEvent<'chess.PenaltyImposed', { seat: Seat; penalty: Penalty; rule: string; reason: string }>
  | DomainEvent<'chess.GameEnded', { result: ChessResult; players: readonly [ChessPlayer, ChessPlayer]; link: ChessLink | null; at: string }>;

export type ChessEventType = ChessEvent['type'];

export interface ChessClock {
  readonly remainingMs: readonly [number, number];
  /** Since when the running side's clock has been running (null once the game has ended). */
  readonly since: string | null;
}

export interface ChessGame {
  readonly players: readonly [ChessPlayer, ChessPlayer];
  readonly link: ChessLink | null;
  readonly timeControl: TimeControl;
  readonly startedAt: string;
  /** The imported file this game was recorded from; null for a game played here. */
  readonly source: RecordSource | null;
  /** The position the game started from, when not the initial one. */
  readonly startFen: string | null;
  readonly moves: readonly MoveRecord[];
  readonly fen: string;
  readonly clock: ChessClock;
  readonly drawOffer: Seat | null;
  readonly illegalMoves: readonly [number, number];
  readonly breaches: Readonly<Record<string, readonly [number, number]>>;
  readonly result: ChessResult | null;
}

export type ChessState = { readonly phase: 'none' } | { readonly phase: 'playing' | 'finished'; readonly game: ChessGame };
