/** The Scrabble game read model: the generic game document with Scrabble's extras (the end racks). */
import type { ScrabbleState, Seat } from '../../../domain/disciplines/scrabble/index.js';
import type { GameDocument } from '../../games/game-read-model.js';

export { GAME_COLLECTIONS, type AsOf, type GameListItem } from '../../games/game-read-model.js';

export const GAMES_PROJECTION = 'scrabble-games';

/** Scrabble's own fields of the game document. */
export interface ScrabbleExtras {
  /** The racks behind each end-rack line, in order (for the score sheet and GCG). */
  readonly endRacks: ReadonlyArray<{ readonly seat: Seat; readonly rack: readonly string[] }>;
}

export type ScrabbleGameDocument = GameDocument<ScrabbleState, ScrabbleExtras>;
