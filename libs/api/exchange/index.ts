import { MahjongExchangeController } from './mahjong-exchange.controller.js';
import { ScrabbleExchangeController } from './scrabble-exchange.controller.js';

/** The exchange formats' controllers (.TOU, TSH .t, mahjong table CSV). */
export const EXCHANGE_CONTROLLERS = [ScrabbleExchangeController, MahjongExchangeController] as const;
