/** Commands of a Scrabble game (one stream per game: `game-<id>`): kernel envelopes `{ type, data, context }`. */
import type { ClockReading as KernelClockReading } from '../../kernel/clock-reading.js';
import type { Command, CommandContext, CommandUnion } from '../../kernel/command.js';
import type { RecordSource } from '../../kernel/record-source.js';
import type { ScrabbleProfile } from './profile.js';
import type { Placement } from './scoring.js';
import type { Seat } from './seat.js';

/**
 * A game played for a tournament: which pairing it is (round, table, and division when the
 * tournament has several) and which seat the pairing's "first" player sits in (default 0), so
 * a finished game's result can be posted to the tournament without reading anything else.
 */
export interface GameLink {
  readonly tournamentId: string;
  readonly round: number;
  readonly table: number;
  readonly division?: string;
  readonly firstSeat?: Seat;
}

export interface PlayerInfo {
  readonly id: string;
  readonly name: string;
}

/** A move as entered: a play by coordinate+word (GCG style) or by tiles, an exchange, or a pass. */
export type MoveInput =
  | { readonly kind: 'play'; readonly coordinate: string; readonly word: string }
  | { readonly kind: 'play'; readonly tiles: readonly Placement[] }
  | { readonly kind: 'exchange'; readonly count: number; readonly tiles?: readonly string[] }
  | { readonly kind: 'pass' };

/**
 * The table clock's reading, observed when the command was given: part of a command's data (any
 * command may carry one; it is recorded as `scrabble.ClockReadingRecorded` before the command's own events).
 */
export type ClockReading = Omit<KernelClockReading, 'periodsLeft'>;
type Reading = { readonly clockReading?: ClockReading };

export type IncidentKind = 'left-playing-area' | 'cheating-complaint' | 'td-warning' | 'td-penalty' | 'fast-draw' | 'tile-tracking-before-draw' | 'other';

/** The data of each Scrabble command, by command type (the envelope is the kernel's `Command`). */
export interface ScrabbleCommandData {
  readonly 'scrabble.start-game': Reading & {
    readonly players: readonly [PlayerInfo, PlayerInfo];
    readonly starter: Seat;
    readonly clockSide: 'left' | 'right';
    readonly clockSideChosenBy: Seat;
    readonly tilesCounted: number;
    readonly tracking: boolean;
    readonly profile?: Partial<ScrabbleProfile>;
    readonly link?: GameLink;
    /** An imported record (GCG): the file it came from. Its turns carry no clock reading (issue 30). */
    readonly source?: RecordSource;
  };
  readonly 'scrabble.start-absent-clock': Reading & { readonly seat: Seat };
  readonly 'scrabble.player-arrived': Reading & { readonly seat: Seat; readonly choice: 'play' | 'forfeit' };
  readonly 'scrabble.draw-tiles': Reading & { readonly seat: Seat; readonly count?: number; readonly tiles?: readonly string[] };
  readonly 'scrabble.resolve-overdraw': Reading & {
    readonly seat: Seat;
    readonly drawnCount: number;
    readonly drawn?: readonly string[];
    readonly shown: number | readonly string[];
    readonly returned: number | readonly string[];
  };
  readonly 'scrabble.announce-move': Reading & { readonly seat: Seat; readonly move: MoveInput; readonly announcedScore?: number };
  readonly 'scrabble.press-clock': Reading & { readonly seat: Seat };
  readonly 'scrabble.make-move': Reading & { readonly seat: Seat; readonly move: MoveInput; readonly announcedScore?: number };
  readonly 'scrabble.hold': Reading & { readonly seat: Seat };
  readonly 'scrabble.accept-move': Reading & { readonly seat: Seat };
  readonly 'scrabble.challenge': Reading & { readonly seat: Seat; readonly words: readonly string[] };
  readonly 'scrabble.withdraw-challenge': Reading & { readonly seat: Seat };
  readonly 'scrabble.propose-verdicts': Reading & {
    readonly lexicon: string;
    readonly proposals: readonly { readonly word: string; readonly valid: boolean | null }[];
  };
  readonly 'scrabble.resolve-challenge': Reading & { readonly verdicts: readonly { readonly word: string; readonly valid: boolean }[] };
  readonly 'scrabble.reannounce-score': Reading & { readonly seat: Seat; readonly score: number };
  readonly 'scrabble.allow-late-challenge': Reading & { readonly turn: number; readonly reason: string };
  readonly 'scrabble.pause-clock': Reading & { readonly reason: string };
  readonly 'scrabble.resume-clock': Reading;
  readonly 'scrabble.call-td': Reading & { readonly reason: string };
  readonly 'scrabble.grant-extra-time': Reading & { readonly seat: Seat; readonly ms: number; readonly reason: string };
  readonly 'scrabble.switch-clock': Reading & { readonly to: Seat; readonly reason: 'blank-not-recorded' | 'blank-recorded' };
  readonly 'scrabble.end-on-overtime': Reading & {
    /** The side that reached the limit: required in a live game; an imported file's end need not say it. */
    readonly seat?: Seat;
    /** An imported record only: the file line that records the end (no clock here says the limit was reached). */
    readonly asWritten?: string;
  };
  readonly 'scrabble.enter-end-racks': Reading & { readonly racks: readonly [string | null, string | null] };
  readonly 'scrabble.record-time-penalty': Reading & { readonly seat: Seat; readonly points: number };
  readonly 'scrabble.correct-score': Reading & { readonly turn: number; readonly score: number; readonly agreedBy: readonly Seat[] };
  readonly 'scrabble.request-recount': Reading & { readonly seat: Seat };
  readonly 'scrabble.complete-recount': Reading & { readonly corrections: readonly { readonly turn: number; readonly score: number }[] };
  readonly 'scrabble.sign-result-slip': Reading & { readonly seat: Seat };
  readonly 'scrabble.withdraw-signature': Reading & { readonly seat: Seat; readonly reason: string };
  readonly 'scrabble.annotate-turn': Reading & {
    readonly turn: number;
    readonly rack?: readonly string[];
    readonly word?: string;
    readonly exchanged?: readonly string[];
    readonly note?: string;
    readonly source: string;
  };
  readonly 'scrabble.correct-reversed-scores': Reading & {
    readonly tdDecision: string;
    /** The players who asked for the reversal: both are needed (seed 分數: 雙方). */
    readonly agreedBy: readonly Seat[];
  };
  readonly 'scrabble.record-incident': Reading & {
    readonly kind: IncidentKind;
    readonly seat: Seat | null;
    readonly description: string;
    readonly points?: number;
  };
}

export type ScrabbleCommand = CommandUnion<ScrabbleCommandData>;
export type ScrabbleCommandType = keyof ScrabbleCommandData;
export type DataOf<T extends ScrabbleCommandType> = ScrabbleCommandData[T];
export type CommandOf<T extends ScrabbleCommandType> = Command<T, ScrabbleCommandData[T]>;

/** A command written flat, `{ type, ...data }` (the shape of a request body, a GCG step, a test's input). */
export type ScrabbleStep = { [T in ScrabbleCommandType]: { readonly type: T } & ScrabbleCommandData[T] }[ScrabbleCommandType];

/** The envelope of a flat step. */
export function scrabbleCommand(step: ScrabbleStep, context: CommandContext): ScrabbleCommand {
  const { type, ...data } = step;
  return { type, data, context } as ScrabbleCommand;
}
