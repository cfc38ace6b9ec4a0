import { GamesController } from './scrabble-games.controller.js';
import { GameTableController } from './scrabble-table.controller.js';
import { GameTurnsController } from './scrabble-turns.controller.js';

export { GamesController, GameTableController, GameTurnsController };

/** Scrabble's game controllers (`/v1/scrabble/games/...`). */
export const SCRABBLE_CONTROLLERS = [GamesController, GameTurnsController, GameTableController] as const;
