/** State of a Scrabble game: a discriminated union of phases. Plain JSON throughout. */
import type { RecordSource } from '../../kernel/record-source.js';
import type { Clock } from './clock.js';
import type { EndReason, GameResult, MoveRecord } from './scrabble.events.js';
import type { GameLink, IncidentKind, PlayerInfo } from './scrabble.commands.js';
import type { ScrabbleProfile } from './profile.js';
import type { Seat } from './seat.js';

/** Tiles known by count always, by letter when the game tracks tiles. */
export interface TileSet {
  readonly count: number;
  readonly tiles: readonly string[] | null;
}

export interface TurnRecord {
  readonly n: number;
  readonly seat: Seat;
  readonly at: string;
  readonly kind: 'play' | 'exchange' | 'pass' | 'lost-turn';
  readonly move: MoveRecord | null;
  readonly announced: number;
  readonly computed: number | null;
  /** The score standing for this turn now (after withdrawals and corrections). */
  readonly score: number;
  readonly status: 'pending' | 'accepted' | 'withdrawn';
  readonly rackBefore: readonly string[] | null;
  /** The clocks after the move; absent in an imported record (issue 30). */
  readonly remainingMs?: readonly [number, number];
  /**
   * What an imported record (GCG) says of this turn beyond what the game itself tracks: the rack
   * written before the move, the play's word as written (e.g. "UW" where the export would write "U."), the letters of an exchange, notes. Facts as written, not derived.
   */
  readonly written?: {
    readonly rack: readonly string[] | null;
    readonly word: string | null;
    readonly exchanged: readonly string[] | null;
    readonly notes: readonly string[];
    readonly source: string;
  };
}

export type LedgerKind = 'turn' | 'play-withdrawn' | 'challenge-penalty' | 'end-rack' | 'time-penalty' | 'correction' | 'td-penalty' | 'reversal';
export interface LedgerEntry {
  readonly seat: Seat;
  readonly kind: LedgerKind;
  readonly points: number;
  readonly turn: number | null;
  /** A reversal of signed scores: the TD decision behind it, and when it was recorded. */
  readonly decision?: { readonly tdDecision: string; readonly at: string; readonly by: string };
}

export interface Flag {
  readonly kind: 'score-mismatch' | 'hold-too-long' | 'rack-disagreement' | 'reannounced-score-mismatch';
  readonly at: string;
  readonly turn: number | null;
  readonly detail: string;
}

export interface Incident {
  readonly at: string;
  readonly kind: IncidentKind;
  readonly seat: Seat | null;
  readonly description: string;
  readonly rule: string;
}

export interface Game {
  readonly players: readonly [PlayerInfo, PlayerInfo];
  readonly starter: Seat;
  readonly clockSide: 'left' | 'right';
  readonly tracking: boolean;
  readonly profile: ScrabbleProfile;
  /** The tournament pairing this game is played for, or null. */
  readonly link: GameLink | null;
  /** The imported file this game was recorded from; null for a game played here. */
  readonly source: RecordSource | null;
  readonly board: readonly string[];
  readonly bag: TileSet;
  readonly racks: readonly [TileSet, TileSet];
  /** Tiles being exchanged: off the rack, not yet back in the bag (seed 更換棋子: draw, then return them). */
  readonly exchangeAside: (TileSet & { readonly seat: Seat }) | null;
  /** Tiles drawn while a move is not yet accepted (after 30 s of hold, or drawn without pressing the clock). */
  readonly faceDown: (TileSet & { readonly seat: Seat }) | null;
  /** The last ordinary replacement draw (for a TD-allowed late challenge). */
  readonly lastDraw: (TileSet & { readonly seat: Seat; readonly afterTurn: number }) | null;
  readonly clock: Clock;
  readonly absent: Seat | null;
  readonly turns: readonly TurnRecord[];
  readonly ledger: readonly LedgerEntry[];
  readonly scores: readonly [number, number];
  /** Consecutive scoreless turns (challenge, pass, exchange) by both players together. */
  readonly zeroRun: number;
  readonly flags: readonly Flag[];
  readonly incidents: readonly Incident[];
}

export type TurnStatus =
  | {
      readonly kind: 'to-move';
      readonly seat: Seat;
      readonly tentative: { readonly move: MoveRecord; readonly announcedScore: number; readonly computed: number | null } | null;
    }
  | {
      readonly kind: 'pending';
      readonly seat: Seat;
      readonly turn: number;
      readonly goingOut: boolean;
      readonly hold: { readonly seat: Seat; readonly since: string } | null;
    }
  | {
      readonly kind: 'challenged';
      readonly seat: Seat;
      readonly turn: number;
      readonly goingOut: boolean;
      readonly challenger: Seat;
      readonly words: readonly string[];
      readonly proposals: readonly { readonly word: string; readonly valid: boolean | null }[];
    }
  | { readonly kind: 'reannounce'; readonly seat: Seat; readonly turn: number; readonly goingOut: boolean; readonly next: Seat };

export interface EndInfo {
  readonly reason: EndReason;
  readonly at: string;
  readonly outBy: Seat | null;
  readonly racksSettled: boolean;
  readonly recount: 'none' | 'requested' | 'done';
  readonly signedBy: readonly Seat[];
}

export type ScrabbleState =
  | { readonly phase: 'none' }
  | { readonly phase: 'setup'; readonly game: Game }
  | { readonly phase: 'playing'; readonly game: Game; readonly status: TurnStatus }
  | { readonly phase: 'ended'; readonly game: Game; readonly end: EndInfo }
  | { readonly phase: 'finished'; readonly game: Game; readonly end: EndInfo | null; readonly result: GameResult };

export type Phase = ScrabbleState['phase'];
