/** A mahjong table session (半場): commands, events and state. Seats 0–3 are the players as started; winds come from 執位. */
import type { Command, CommandContext, DomainEvent } from '../../kernel/index.js';
import type { HandInput, Tile } from './scoring/index.js';
import type { ClaimKind, ClaimResolution } from './claim-priority.js';
import type { MahjongTableProfile } from './mahjong.rules.js';
import type { Discard, Liability, Payments } from './payments.js';
import type { Seat, Wind } from './seating.js';
import type { TimedTurn } from './time.js';

export type { Seat, Wind, Tile };

export interface MahjongPlayer {
  readonly id: string;
  readonly name: string;
}

export interface MahjongLink {
  readonly tournamentId: string;
  readonly round: number;
  readonly table: number;
  readonly division?: string;
}

/** 執位 as it happened: the wind tile each seat drew, and the two throws of 數骰位 when recorded. */
export interface SeatingDice {
  /** Who threw first (隨意一家擲骰). */
  readonly thrower: Seat;
  readonly first: readonly [number, number];
  readonly second: readonly [number, number];
}

/** The tiles of a won hand as the scorer takes them; self-drawn and the seat wind come from the outcome and the seating. */
export type GivenHand = Omit<HandInput, 'selfDrawn' | 'seatWind' | 'robbingKong' | 'lastTile'>;

export type WinBy = 'self-draw' | 'discard' | 'robbing-kong';

/** What the referee records at the end of a hand. */
export type HandOutcome =
  | { readonly kind: 'drawn' }
  | {
      readonly kind: 'win';
      readonly winner: Seat;
      readonly by: WinBy;
      /** The discarder, or the konger robbed (搶槓: the konger is the discarder, 開槓者放銃). */
      readonly from?: Seat;
      /** Won on the last tile of the wall (海底) or its discard (河底). */
      readonly lastTile?: boolean;
      /** The claimed scoring elements by catalogue code; a perSet code repeats per set. */
      readonly elements: readonly string[];
      /** The winning tile; on a robbed kong the kong tile (needed for 跟張免責 when the discards are recorded). */
      readonly winningTile?: Tile;
      readonly hand?: GivenHand;
      /** 跟張免責 facts when the discards are not recorded: who first discarded the winning tile in that go-around. */
      readonly firstDiscarder?: Seat;
    };

export type WrongClaimVariant =
  'mistaken-claim' | 'change-of-claim' | 'empty-claim' | 'empty-kong' | 'wrong-set' | 'wrong-set-after-kong' | 'false-win' | 'empty-win-call';
export type ConductOffence = 'phone' | 'refused-interview' | 'collusion' | 'voluntary-withdrawal' | 'other';
export type TimeOutKind = 'time-out' | 'late' | 'medical' | 'left-table';
/** 相公: 小相公 short, 大相公 long. */
export type WrongCount = 'short' | 'long';

/** What a controller builds (flat), per command type. */
export interface MahjongCommandData {
  readonly 'mahjong.start-session': {
    readonly players: readonly MahjongPlayer[];
    readonly link?: MahjongLink;
    readonly profile?: Partial<Omit<MahjongTableProfile, 'id'>>;
  };
  readonly 'mahjong.draw-seats': { readonly round: number; readonly winds: readonly Wind[]; readonly dice?: SeatingDice };
  readonly 'mahjong.seat-substitute': {
    readonly seat: Seat;
    readonly substitute: MahjongPlayer;
    readonly kind: 'substitute' | 'eliminated-player';
    readonly reason: string;
  };
  /** 開門: the dealer's throw counts the opener, whose throw adds to the 開門數. */
  readonly 'mahjong.record-deal': { readonly dealerDice: readonly number[]; readonly openerDice: readonly number[] };
  readonly 'mahjong.record-discard': { readonly seat: Seat; readonly tile: Tile };
  readonly 'mahjong.record-claim': { readonly seat: Seat; readonly kind: 'chow' | 'pung' | 'kong'; readonly tiles: readonly Tile[] };
  readonly 'mahjong.resolve-claims': { readonly discarder: Seat; readonly claims: readonly { readonly seat: Seat; readonly kind: ClaimKind }[] };
  readonly 'mahjong.record-hand': { readonly hand: number; readonly outcome: HandOutcome };
  readonly 'mahjong.confirm-hand': { readonly seat: Seat; readonly hand: number };
  readonly 'mahjong.correct-hand': { readonly hand: number; readonly outcome: HandOutcome; readonly reason: string };
  readonly 'mahjong.rule-score-flag': { readonly hand: number; readonly accept: 'claimed' | 'computed'; readonly note?: string };
  readonly 'mahjong.sign-scorecard': { readonly seat: Seat };
  readonly 'mahjong.rule-chief-referee': {
    readonly hand: number;
    readonly outcome: HandOutcome;
    readonly ground: 'dispute' | 'appeal';
    readonly reference: string;
    readonly reason: string;
  };
  readonly 'mahjong.expose-tiles': { readonly seat: Seat; readonly tiles: readonly Tile[]; readonly duringDeal?: boolean };
  readonly 'mahjong.rule-wrong-count': { readonly seat: Seat; readonly count: WrongCount };
  readonly 'mahjong.rule-wrong-claim': {
    readonly seat: Seat;
    readonly variant: WrongClaimVariant;
    /** The tiles that become penalty tiles (exposed, or chosen by the referee). */
    readonly tiles?: readonly Tile[];
    /** 改鳴/空槓 過頻: the referee penalises (points). */
    readonly points?: number;
    /** 空和: the concealed tiles left when fewer than three. */
    readonly concealedLeft?: number;
  };
  readonly 'mahjong.record-turn-time': { readonly seat: Seat; readonly turns: readonly TimedTurn[] };
  readonly 'mahjong.rule-severe-overtime': { readonly seat: Seat; readonly accepted: boolean; readonly explanation: string };
  readonly 'mahjong.record-time-out': {
    readonly seat: Seat;
    readonly kind: TimeOutKind;
    readonly ms: number;
    readonly certificate?: boolean;
    /** 遲到超過5分鐘: absent (forfeit), or a deduction of at least the time-out rate. */
    readonly lateRuling?: { readonly kind: 'absent' } | { readonly kind: 'deduction'; readonly points: number };
  };
  readonly 'mahjong.record-conduct': { readonly seat: Seat; readonly offence: ConductOffence; readonly points?: number; readonly note: string };
}

export type MahjongCommandType = keyof MahjongCommandData;
export type MahjongCommand = { [K in MahjongCommandType]: Command<K, MahjongCommandData[K]> }[MahjongCommandType];
/** A command as a controller builds it: `{ type, ...data }`, without its context. */
export type MahjongStep = { [K in MahjongCommandType]: { readonly type: K } & MahjongCommandData[K] }[MahjongCommandType];

export function mahjongCommand(step: MahjongStep, context: CommandContext): MahjongCommand {
  const { type, ...data } = step;
  return { type, data, context } as MahjongCommand;
}

/** A scoring as recorded: the claimed elements' total, or the scorer's. */
export interface Scoring {
  readonly total: number;
  readonly elements: readonly { readonly code: string; readonly points: number }[];
  readonly decomposition?: string;
}

/** A hand's line on the score card. */
export interface HandResult {
  readonly hand: number;
  readonly dealer: Seat;
  readonly winds: readonly Wind[];
  readonly outcome: HandOutcome;
  /** The scoring the payments are made on (the claimed one unless a ruling chose the scorer's). */
  readonly scoring: Scoring | null;
  readonly liability: Liability | null;
  readonly payments: Payments;
}

/** The claimed and the computed scorings when they differ (never silently replaced). */
export interface ScoreFlag {
  readonly claimed: Scoring;
  readonly computed: Scoring;
  readonly rule: string;
}

/** Who, among the seats, a penalty falls on, and what it is (one kind of the ledger each). */
export type PenaltyKind = 'warning' | 'points' | 'penalty-tiles' | 'no-win' | 'no-claim' | 'game-forfeit' | 'disqualification' | 'blacklist';

export interface PenaltyData {
  readonly seat: Seat;
  /**
   * Who sat in the seat when penalised (the player, or a substitute seated there). Absent from events recorded before
   * it was added: read those as the seat's player as the session started.
   */
  readonly player?: string;
  /** The hand in progress, or null between hands. */
  readonly hand: number | null;
  readonly offence: string;
  readonly kind: PenaltyKind;
  readonly amount?: number;
  readonly tiles?: readonly Tile[];
  readonly rule: string;
  readonly reason: string;
}

export type MahjongEvent =
  | DomainEvent<'mahjong.SessionStarted', { players: readonly MahjongPlayer[]; link: MahjongLink | null; profile: MahjongTableProfile; at: string }>
  | DomainEvent<
      'mahjong.SeatsDrawn',
      {
        round: number;
        winds: readonly Wind[];
        dealer: Seat;
        dice: SeatingDice | null;
        firstPicker: Seat | null;
        pickFrom: 'odd-end' | 'even-end' | null;
        rule: string;
      }
    >
  | DomainEvent<
      'mahjong.SubstituteSeated',
      { seat: Seat; substitute: MahjongPlayer; replaces: MahjongPlayer; kind: 'substitute' | 'eliminated-player'; reason: string; rule: string }
    >
  | DomainEvent<
      'mahjong.DealRecorded',
      { hand: number; dealer: Seat; dealerDice: readonly number[]; opener: Seat; openerDice: readonly number[]; breakCount: number; rule: string }
    >
  | DomainEvent<'mahjong.DiscardRecorded', { hand: number; seat: Seat; tile: Tile; index: number }>
  | DomainEvent<'mahjong.ClaimRecorded', { hand: number; seat: Seat; kind: 'chow' | 'pung' | 'kong'; tiles: readonly Tile[]; from: Seat }>
  | DomainEvent<'mahjong.ClaimConflictResolved', { hand: number; discarder: Seat; resolution: ClaimResolution }>
  | DomainEvent<'mahjong.HandRecorded', HandResult & { flag: ScoreFlag | null; rule: string }>
  | DomainEvent<'mahjong.FalseWinRecorded', { hand: number; seat: Seat; claimed: Scoring; computed: Scoring | null; rule: string }>
  | DomainEvent<
      'mahjong.ScoreFlagRuled',
      /** `by`: the referee who ruled (記分卡: 裁判員驗證及簽名); absent only in events recorded before issue 30. */
      { hand: number; accept: 'claimed' | 'computed'; note: string | null; result: HandResult; rule: string; by?: string }
    >
  | DomainEvent<'mahjong.HandConfirmed', { hand: number; seat: Seat; complete: boolean }>
  | DomainEvent<'mahjong.HandCorrected', { hand: number; result: HandResult; reason: string; countersignedBy: string; rule: string }>
  | DomainEvent<'mahjong.ScorecardSigned', { seat: Seat; complete: boolean }>
  | DomainEvent<'mahjong.ScorecardLocked', { totals: Payments; players: readonly MahjongPlayer[]; link: MahjongLink | null; at: string }>
  | DomainEvent<
      'mahjong.ChiefRefereeRuled',
      {
        hand: number;
        result: HandResult;
        ground: 'dispute' | 'appeal';
        reference: string;
        reason: string;
        by: string;
        totals: Payments;
        players: readonly MahjongPlayer[];
        link: MahjongLink | null;
      }
    >
  | DomainEvent<'mahjong.PenaltyRecorded', PenaltyData>
  | DomainEvent<'mahjong.TilesExposed', { hand: number; seat: Seat; tiles: readonly Tile[]; duringDeal: boolean; free: readonly Tile[]; rule: string }>
  | DomainEvent<'mahjong.WrongClaimNoted', { hand: number; seat: Seat; variant: WrongClaimVariant; rule: string }>
  | DomainEvent<'mahjong.PenaltyTilesDead', { hand: number; seat: Seat; tiles: readonly Tile[] }>
  | DomainEvent<'mahjong.TurnsTimed', { hand: number; seat: Seat; turns: readonly TimedTurn[]; countedMs: number; usedMs: number }>
  | DomainEvent<'mahjong.SevereOvertimeRuled', { hand: number; seat: Seat; accepted: boolean; explanation: string; rule: string }>
  | DomainEvent<'mahjong.TimeOutRecorded', { seat: Seat; kind: TimeOutKind; ms: number; certificate: boolean; points: number; rule: string }>;

export type MahjongEventType = MahjongEvent['type'];

/** Per seat, within the hand in progress. */
export interface SeatInHand {
  readonly liveTiles: readonly Tile[];
  readonly deadTiles: readonly Tile[];
  readonly noWin: string | null;
  readonly noClaim: string | null;
  readonly timeUsedMs: number;
  readonly timePoints: number;
  readonly severeOvertime: 'pending' | 'accepted' | null;
  readonly dealExposures: number;
}

export interface HandInProgress {
  readonly hand: number;
  readonly deal: { readonly opener: Seat; readonly breakCount: number } | null;
  readonly discards: readonly Discard[];
  readonly claims: readonly { readonly seat: Seat; readonly kind: string; readonly tiles: readonly Tile[] }[];
  readonly seats: readonly SeatInHand[];
}

export interface CardLine extends HandResult {
  readonly confirmedBy: readonly Seat[];
  readonly flag: ScoreFlag | null;
  readonly corrections: readonly { readonly by: string; readonly reason: string; readonly kind: 'correction' | 'score-ruling' | 'chief-referee' }[];
}

export interface MahjongTable {
  readonly players: readonly MahjongPlayer[];
  readonly link: MahjongLink | null;
  readonly profile: MahjongTableProfile;
  readonly startedAt: string;
  /** 執位 per round (index round-1). */
  readonly seatings: readonly (readonly Wind[])[];
  readonly substitutes: readonly { readonly seat: Seat; readonly substitute: MahjongPlayer; readonly kind: string }[];
  readonly card: readonly CardLine[];
  readonly current: HandInProgress;
  readonly penaltyPoints: readonly number[];
  readonly timeOutPoints: readonly number[];
  readonly forfeited: readonly Seat[];
  readonly signedBy: readonly Seat[];
  readonly locked: boolean;
}

export type MahjongState = { readonly phase: 'none' } | { readonly phase: 'playing' | 'signing' | 'locked'; readonly table: MahjongTable };
