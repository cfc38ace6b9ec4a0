import { GamesController } from './games.controller.js';
import { GamesListController } from './games-list.controller.js';
import { GameTableController } from './game-table.controller.js';
import { GameTurnsController } from './game-turns.controller.js';

export { GamesController, GamesListController, GameTableController, GameTurnsController };
export { GameRunner, loadGame } from './game-runner.js';

/** The cross-discipline game list (`GET /v1/games`). */
export const GAME_LIST_CONTROLLERS = [GamesListController] as const;
/** Scrabble's game controllers (`/v1/scrabble/games/...`). */
export const SCRABBLE_CONTROLLERS = [GamesController, GameTurnsController, GameTableController] as const;
