import { MahjongCommandsController } from './mahjong-commands.js';
import { MahjongExchangeController } from './mahjong-exchange.controller.js';
import { MahjongGamesController, MahjongTablesController } from './mahjong-games.controller.js';

/** Mahjong's controllers (`/v1/mahjong/games/...`, `/v1/tables/:id`, the table-results CSV of its tournaments). */
export const MAHJONG_CONTROLLERS = [MahjongGamesController, MahjongCommandsController, MahjongTablesController, MahjongExchangeController] as const;
