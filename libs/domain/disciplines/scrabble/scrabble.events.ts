/** Events of a Scrabble game: `{ type: 'scrabble.X', data }`, plain JSON, stored forever. Each carries `at` and `by`. */
import type { Actor } from '../../kernel/command.js';
import type { RecordSource } from '../../kernel/record-source.js';
import type { DomainEvent } from '../../kernel/decider.js';
import type { PauseReason } from './clock.js';
import type { GameLink, IncidentKind, PlayerInfo } from './scrabble.commands.js';
import type { ScrabbleProfile } from './profile.js';
import type { Placement } from './scoring.js';
import type { Seat } from './seat.js';

export interface Stamp {
  readonly at: string;
  readonly by: Actor;
}

/** A move as recorded once final. */
export type MoveRecord =
  | { readonly kind: 'play'; readonly coordinate: string; readonly word: string; readonly placements: readonly Placement[]; readonly words: readonly string[] }
  | { readonly kind: 'exchange'; readonly count: number; readonly tiles: readonly string[] | null }
  | { readonly kind: 'pass' };

export interface GameResult {
  readonly players: readonly [PlayerInfo, PlayerInfo];
  readonly scores: readonly [number, number];
  /** Winner's score minus loser's (0 on a tie). */
  readonly spread: number;
  readonly winner: Seat | null;
  readonly forfeit: boolean;
}

export type EndReason = 'went-out' | 'six-zeros' | 'overtime-limit';

type E<T extends string, D> = DomainEvent<`scrabble.${T}`, Stamp & D>;

export type ScrabbleEvent =
  | E<
      'GameCreated',
      {
        players: readonly [PlayerInfo, PlayerInfo];
        starter: Seat;
        clockSide: 'left' | 'right';
        clockSideChosenBy: Seat;
        tilesCounted: number;
        tracking: boolean;
        profile: ScrabbleProfile;
        link?: GameLink | null;
        source?: RecordSource;
      }
    >
  | E<'ClockReadingRecorded', { remainingMs: readonly [number, number] }>
  | E<'AbsentClockStarted', { seat: Seat }>
  | E<'LatePlayerArrived', { seat: Seat; remainingMs: number; choice: 'play' | 'forfeit' }>
  | E<'GameForfeited', { seat: Seat; reason: 'absence' | 'absence-time-expired' | 'overtime-limit'; rule: string }>
  | E<'TilesDrawn', { seat: Seat; count: number; tiles: readonly string[] | null; faceDown: boolean }>
  | E<'ExchangedTilesReturned', { seat: Seat; count: number; tiles: readonly string[] | null }>
  | E<
      'OverdrawResolved',
      {
        seat: Seat;
        excess: number;
        drawnCount: number;
        drawn: readonly string[] | null;
        shownCount: number;
        shown: readonly string[] | null;
        returnedCount: number;
        returned: readonly string[] | null;
      }
    >
  | E<'ClockStarted', { seat: Seat }>
  | E<'MoveAnnounced', { seat: Seat; move: MoveRecord; announcedScore: number; computedScore: number | null }>
  | E<
      'MoveCompleted',
      {
        seat: Seat;
        turn: number;
        move: MoveRecord;
        announcedScore: number;
        computedScore: number | null;
        completedBy: 'clock' | 'draw';
        goingOut: boolean;
        /** The clocks after the move; absent in an imported record (issue 30: not timed here). */
        remainingMs?: readonly [number, number];
      }
    >
  | E<'ScoreMismatchFlagged', { seat: Seat; turn: number; announced: number; computed: number }>
  | E<'HoldCalled', { seat: Seat; turn: number }>
  | E<'HoldFlagged', { seat: Seat; turn: number; holdMs: number; thresholdMs: number }>
  | E<'MoveAccepted', { turn: number; how: 'said' | 'draw' | 'next-move' | 'challenge-failed' }>
  | E<'ChallengeMade', { seat: Seat; turn: number; words: readonly string[] }>
  | E<'VerdictsProposed', { lexicon: string; proposals: readonly { word: string; valid: boolean | null }[] }>
  | E<
      'ChallengeResolved',
      {
        turn: number;
        challenger: Seat;
        verdicts: readonly { word: string; valid: boolean; proposed: boolean | null }[];
        outcome: 'play-withdrawn' | 'play-stands';
        penalty: { kind: 'points'; seat: Seat; points: number } | { kind: 'lost-turn'; seat: Seat } | null;
      }
    >
  | E<'ScoreReannounced', { seat: Seat; turn: number; score: number }>
  | E<'ReannouncedScoreMismatchFlagged', { seat: Seat; turn: number; reannounced: number; recorded: number }>
  | E<'LateChallengeAllowed', { turn: number; reason: string; rule: string }>
  | E<'ClockPaused', { reason: PauseReason }>
  | E<'ClockResumed', { seat: Seat | null }>
  | E<'TdCalled', { reason: string }>
  | E<'ExtraTimeGranted', { seat: Seat; ms: number; reason: string; rule: string }>
  | E<'ClockSwitched', { to: Seat; reason: 'blank-not-recorded' | 'blank-recorded'; rule: string }>
  | E<'GameEnded', { reason: EndReason; outBy: Seat | null; remainingMs?: readonly [number, number] }>
  | E<'TimePenaltyApplied', { seat: Seat; overMs: number | null; points: number }>
  | E<'EndRackScored', { seat: Seat; rackOf: Seat; rack: readonly string[]; points: number; derived: boolean }>
  | E<'RackDisagreementFlagged', { seat: Seat; entered: readonly string[]; derived: readonly string[] }>
  | E<'ScoreCorrected', { seat: Seat; turn: number; from: number; to: number; basis: 'players-agreed' | 'recount' }>
  | E<'RecountRequested', { seat: Seat; margin: number }>
  | E<'RecountCompleted', { corrections: number }>
  | E<'ResultSlipSigned', { seat: Seat }>
  | E<'SignatureWithdrawn', { seat: Seat; reason: string; rule: string }>
  | E<
      'TurnAnnotated',
      {
        turn: number;
        seat: Seat;
        rack: readonly string[] | null;
        word: string | null;
        exchanged: readonly string[] | null;
        note: string | null;
        source: string;
      }
    >
  | E<'GameFinished', { result: GameResult; link?: GameLink | null }>
  | E<
      'SignedResultCorrected',
      {
        tdDecision: string;
        /** Both players, who asked for it (seed 分數: 雙方); absent on events recorded before it was required. */
        agreedBy?: readonly Seat[];
        before: readonly [number, number];
        after: readonly [number, number];
        result: GameResult;
        link?: GameLink | null;
      }
    >
  | E<'IncidentRecorded', { kind: IncidentKind; seat: Seat | null; description: string; rule: string; points: number }>;

export type ScrabbleEventType = ScrabbleEvent['type'];
export type EventOf<T extends ScrabbleEventType> = Extract<ScrabbleEvent, { type: T }>;
export type EventData<T extends ScrabbleEventType> = EventOf<T>['data'];
