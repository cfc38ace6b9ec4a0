import type { McMahonBand } from '../standings/mcmahon.js';

/**
 * The contract between the tournament decider and the pairing systems. Pairing is pure and
 * deterministic given the request (including its seed); every result explains itself.
 */
import type { CrossRow } from './dutch/players.js';

export type PairingSystem =
  'australian-draw' | 'king-of-the-hill' | 'random' | 'round-robin' | 'mahjong-by-standing' | 'mahjong-swiss' | 'knockout' | 'fide-dutch' | 'mcmahon';

export const PAIRING_SYSTEMS: readonly PairingSystem[] = [
  'australian-draw',
  'king-of-the-hill',
  'random',
  'round-robin',
  'mahjong-by-standing',
  'mahjong-swiss',
  'knockout',
  'fide-dutch',
  'mcmahon',
];

export interface PairingPlayer {
  readonly id: string;
  /** 1-based place in the current standings (1 = leader). Before round 1: seeding order. */
  readonly rank: number;
  readonly rating?: number;
  /**
   * Fixed seeding number (1 = top seed), the same every round: systems with a fixed schedule
   * (round robin's Berger tables) use it instead of `rank`, which follows the standings.
   */
  readonly seed?: number;
  /** Byes received so far. */
  readonly byes: number;
  /** Everyone met so far (opponents, or table-mates in mahjong), one entry per meeting. */
  readonly met: ReadonlyArray<{ readonly opponent: string; readonly round: number }>;
  /** Times this player moved first (white, east) and second so far, for balancing. */
  readonly firsts: number;
  readonly seconds: number;
  /** Points scored so far (wins, ½ a draw, a bye as the profile scores it): McMahon adds it to the initial score. */
  readonly score?: number;
  /** Club and country as registered (McMahon avoids same-club and same-country games in early rounds when asked). */
  readonly club?: string;
  readonly country?: string;
  /** McMahon: games so far against a higher (drawn up) and a lower (drawn down) McMahon score, as they stood then. */
  readonly drawnUp?: number;
  readonly drawnDown?: number;
}

export interface ForbiddenPairing {
  readonly a: string;
  readonly b: string;
  readonly reason: string;
}

export interface PairingOptions {
  /** Australian draw: meetings in rounds before this one do not count as repeats. */
  readonly repeatsForgivenBefore?: number;
  /** How round 1 is seeded when no results exist yet. */
  readonly round1?: 'rating-halves' | 'rating-adjacent' | 'random';
  /** Round robin: play everyone twice (second cycle swaps first/second). */
  readonly double?: boolean;
  /** Knockout: how many of the top of the ranking enter (a cut, e.g. WMC top 16); default all. */
  readonly cut?: number;
  /** FIDE Dutch: the colour the top-seeded player takes in round 1 (C.04.3 E.5's initial colour); default white. */
  readonly initialColour?: 'white' | 'black';
  /** McMahon (Go): the tournament profile's McMahon settings (bar, floor, handicap, seeding, club/country avoidance). */
  readonly mcmahon?: McMahonBand;
}

export interface PairingRequest {
  readonly round: number;
  /** The players to pair this round: active, present, in rank order or not (rank decides). */
  readonly players: readonly PairingPlayer[];
  readonly forbidden: readonly ForbiddenPairing[];
  readonly seed: string;
  readonly options?: PairingOptions;
  /**
   * Players deliberately left out of the request (knockout: eliminated in an earlier round),
   * passed through to `PairingResult.out` so the result names everyone it does not pair.
   */
  readonly out?: readonly PairingOut[];
  /** FIDE Dutch: the division's cross-table of earlier rounds (colours, forfeits, byes, floats come from it). */
  readonly record?: PairingRecord;
}

/** The cross-table the FIDE Dutch system reads (see dutch/players.ts `CrossRow`). */
export interface PairingRecord {
  readonly rows: readonly CrossRow[];
  /** Rounds the tournament plans (topscorers exist only in the last round, C.04.3 A.7). */
  readonly plannedRounds: number;
  /** Points of a win and of a loss (bye eligibility C.2, floats A.4). */
  readonly points: { readonly win: number; readonly loss: number };
  /**
   * Accelerated pairings (C.04.5): virtual points by player, index 0 = round 1, added to the score the pairing reads
   * (brackets, floats, the bye) before that round, never to the standings. Absent: none.
   */
  readonly virtualPoints?: Readonly<Record<string, readonly number[]>>;
}

/** A player a pairing deliberately does not pair: eliminated earlier, or below a knockout's cut. */
export interface PairingOut {
  readonly player: string;
  readonly why: 'eliminated' | 'below-cut';
}

/** A 2-player game: `first` moves first (White in chess; Black in Go, Ing rules 记谱 黑方先着; starts in Scrabble). */
export interface PairedGame {
  readonly table: number;
  readonly first: string;
  readonly second: string;
  /** Go with a handicap policy (McMahon): stones the second player (White) gives; 1 = Black without komi. Absent = even. */
  readonly handicap?: number;
}

export type Wind = 'E' | 'S' | 'W' | 'N';

/** A mahjong table of four, seats in wind order E, S, W, N. */
export interface PairedTable {
  readonly table: number;
  readonly seats: ReadonlyArray<{ readonly player: string; readonly wind: Wind }>;
}

export interface PairingResult {
  readonly system: PairingSystem;
  readonly round: number;
  readonly games: readonly PairedGame[];
  readonly tables: readonly PairedTable[];
  /** The player who sits out with a bye, if the field is odd (2-player systems); the first of `byes` when given. */
  readonly bye: string | null;
  /** Every player sitting out with a bye this round (knockout: the top seeds filling the bracket's empty slots). */
  readonly byes?: readonly string[];
  /** Players deliberately not paired this round (knockout: eliminated earlier, or below the cut). */
  readonly out?: readonly PairingOut[];
  /** Meetings the system had to allow although they repeat or are forbidden (relaxations). */
  readonly repeats: ReadonlyArray<{ readonly a: string; readonly b: string; readonly why: 'rematch' | 'forbidden' }>;
  /** Human-readable steps: how the pairing was reached and what was relaxed. */
  readonly explanation: readonly string[];
}
