import { GamesController } from './games.controller.js';
import { GameTableController } from './game-table.controller.js';
import { GameTurnsController } from './game-turns.controller.js';

export { GamesController, GameTableController, GameTurnsController };

/** Every game controller, for the app registry. */
export const GAME_CONTROLLERS = [GamesController, GameTurnsController, GameTableController] as const;
