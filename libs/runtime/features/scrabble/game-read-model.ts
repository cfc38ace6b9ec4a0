/** The Scrabble game read model: names, documents and keys shared by the projection and the API. */
import type { Actor } from '../../../domain/kernel/index.js';
import type { GameLink, PlayerInfo, ScrabbleState, Seat } from '../../../domain/disciplines/scrabble/index.js';

export const GAMES_PROJECTION = 'scrabble-games';

export const GAME_COLLECTIONS = {
  /** One document per game: the folded decider state and what a view needs beside it. */
  game: 'game',
  /** One small entry per game, for lists. */
  index: 'index',
} as const;

export interface AsOf {
  readonly revision: number;
  readonly position: number;
  readonly at: string;
}

export interface GameDocument {
  readonly id: string;
  /** The decider's own state, folded with its `evolve` (plain JSON). */
  readonly state: ScrabbleState;
  /** The racks behind each end-rack line, in order (for the score sheet and GCG). */
  readonly endRacks: ReadonlyArray<{ readonly seat: Seat; readonly rack: readonly string[] }>;
  readonly createdBy: Actor;
  readonly createdAt: string;
  readonly asOf: AsOf;
}

export interface GameListItem {
  readonly id: string;
  readonly players: readonly [PlayerInfo, PlayerInfo];
  readonly phase: ScrabbleState['phase'];
  readonly scores: readonly [number, number];
  readonly link: GameLink | null;
  readonly asOf: AsOf;
}

/** Streams are `scrabble-game-<id>`. */
export const GAME_STREAM_PREFIX = 'scrabble-game-';

export function gameIdOf(stream: string): string {
  return stream.startsWith(GAME_STREAM_PREFIX) ? stream.slice(GAME_STREAM_PREFIX.length) : stream;
}
