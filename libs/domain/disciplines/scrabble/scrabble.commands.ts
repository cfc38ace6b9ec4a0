/** Commands of a Scrabble game (one stream per game: `game-<id>`). Every command carries `at`, the actor and a command id. */
import type { CommandContext } from '../../kernel/command.js';
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

/** Base of every command: context plus an optional clock reading observed at the table. */
export interface Base extends CommandContext {
  readonly clockReading?: { readonly remainingMs: readonly [number, number] };
}

export type IncidentKind = 'left-playing-area' | 'cheating-complaint' | 'td-warning' | 'td-penalty' | 'fast-draw' | 'tile-tracking-before-draw' | 'other';

export type ScrabbleCommand =
  | (Base & {
      readonly type: 'StartGame';
      readonly players: readonly [PlayerInfo, PlayerInfo];
      readonly starter: Seat;
      readonly clockSide: 'left' | 'right';
      readonly clockSideChosenBy: Seat;
      readonly tilesCounted: number;
      readonly tracking: boolean;
      readonly profile?: Partial<ScrabbleProfile>;
      readonly link?: GameLink;
    })
  | (Base & { readonly type: 'StartAbsentClock'; readonly seat: Seat })
  | (Base & { readonly type: 'PlayerArrived'; readonly seat: Seat; readonly choice: 'play' | 'forfeit' })
  | (Base & { readonly type: 'DrawTiles'; readonly seat: Seat; readonly count?: number; readonly tiles?: readonly string[] })
  | (Base & { readonly type: 'ResolveOverdraw'; readonly seat: Seat; readonly drawnCount: number; readonly drawn?: readonly string[]; readonly shown: number | readonly string[]; readonly returned: number | readonly string[] })
  | (Base & { readonly type: 'AnnounceMove'; readonly seat: Seat; readonly move: MoveInput; readonly announcedScore?: number })
  | (Base & { readonly type: 'PressClock'; readonly seat: Seat })
  | (Base & { readonly type: 'MakeMove'; readonly seat: Seat; readonly move: MoveInput; readonly announcedScore?: number })
  | (Base & { readonly type: 'Hold'; readonly seat: Seat })
  | (Base & { readonly type: 'AcceptMove'; readonly seat: Seat })
  | (Base & { readonly type: 'Challenge'; readonly seat: Seat; readonly words: readonly string[] })
  | (Base & { readonly type: 'WithdrawChallenge'; readonly seat: Seat })
  | (Base & { readonly type: 'ProposeVerdicts'; readonly lexicon: string; readonly proposals: readonly { readonly word: string; readonly valid: boolean | null }[] })
  | (Base & { readonly type: 'ResolveChallenge'; readonly verdicts: readonly { readonly word: string; readonly valid: boolean }[] })
  | (Base & { readonly type: 'ReannounceScore'; readonly seat: Seat; readonly score: number })
  | (Base & { readonly type: 'AllowLateChallenge'; readonly turn: number; readonly reason: string })
  | (Base & { readonly type: 'PauseClock'; readonly reason: string })
  | (Base & { readonly type: 'ResumeClock' })
  | (Base & { readonly type: 'CallTd'; readonly reason: string })
  | (Base & { readonly type: 'GrantExtraTime'; readonly seat: Seat; readonly ms: number; readonly reason: string })
  | (Base & { readonly type: 'SwitchClock'; readonly to: Seat; readonly reason: 'blank-not-recorded' | 'blank-recorded' })
  | (Base & { readonly type: 'EndOnOvertime'; readonly seat: Seat })
  | (Base & { readonly type: 'EnterEndRacks'; readonly racks: readonly [string | null, string | null] })
  | (Base & { readonly type: 'RecordTimePenalty'; readonly seat: Seat; readonly points: number })
  | (Base & { readonly type: 'CorrectScore'; readonly turn: number; readonly score: number; readonly agreedBy: readonly Seat[] })
  | (Base & { readonly type: 'RequestRecount'; readonly seat: Seat })
  | (Base & { readonly type: 'CompleteRecount'; readonly corrections: readonly { readonly turn: number; readonly score: number }[] })
  | (Base & { readonly type: 'SignResultSlip'; readonly seat: Seat })
  | (Base & { readonly type: 'WithdrawSignature'; readonly seat: Seat; readonly reason: string })
  | (Base & {
      readonly type: 'AnnotateTurn';
      readonly turn: number;
      readonly rack?: readonly string[];
      readonly word?: string;
      readonly exchanged?: readonly string[];
      readonly note?: string;
      readonly source: string;
    })
  | (Base & { readonly type: 'CorrectReversedScores'; readonly tdDecision: string })
  | (Base & { readonly type: 'RecordIncident'; readonly kind: IncidentKind; readonly seat: Seat | null; readonly description: string; readonly points?: number });

export type ScrabbleCommandType = ScrabbleCommand['type'];
export type CommandOf<T extends ScrabbleCommandType> = Extract<ScrabbleCommand, { type: T }>;
