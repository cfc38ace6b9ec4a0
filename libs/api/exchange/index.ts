import { ChessExchangeController } from './chess-exchange.controller.js';
import { MahjongExchangeController } from './mahjong-exchange.controller.js';
import { ScrabbleExchangeController } from './scrabble-exchange.controller.js';

/** The exchange formats' controllers (.TOU, TSH .t, mahjong table CSV, TRF-16 import). */
export const EXCHANGE_CONTROLLERS = [ScrabbleExchangeController, MahjongExchangeController, ChessExchangeController] as const;
