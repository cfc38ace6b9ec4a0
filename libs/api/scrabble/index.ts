import { ScrabbleExchangeController } from './scrabble-exchange.controller.js';
import { GamesController } from './scrabble-games.controller.js';
import { GameTableController, GameTurnsController } from './scrabble-commands.js';
import { GameVerbRoutesController } from './scrabble-verb-routes.controller.js';

export { GamesController, GameTableController, GameTurnsController, GameVerbRoutesController };

/**
 * Scrabble's controllers: its games (`/v1/scrabble/games/...`), with the deprecated verb routes that redirect to their
 * nouns, and its tournaments' exchange files (.TOU, TSH .t).
 */
export const SCRABBLE_CONTROLLERS = [GamesController, GameTurnsController, GameTableController, GameVerbRoutesController, ScrabbleExchangeController] as const;
