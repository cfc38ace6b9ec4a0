import { GamesController } from './scrabble-games.controller.js';
import { GameTableController, GameTurnsController } from './scrabble-commands.js';
import { GameVerbRoutesController } from './scrabble-verb-routes.controller.js';

export { GamesController, GameTableController, GameTurnsController, GameVerbRoutesController };

/** Scrabble's game controllers (`/v1/scrabble/games/...`), with the deprecated verb routes that redirect to their nouns. */
export const SCRABBLE_CONTROLLERS = [GamesController, GameTurnsController, GameTableController, GameVerbRoutesController] as const;
