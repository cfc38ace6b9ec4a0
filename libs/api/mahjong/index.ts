import { MahjongCommandsController } from './mahjong-commands.js';
import { MahjongGamesController, MahjongTablesController } from './mahjong-games.controller.js';

/** Mahjong's controllers (`/v1/mahjong/games/...`, `/v1/tables/:id`). */
export const MAHJONG_CONTROLLERS = [MahjongGamesController, MahjongCommandsController, MahjongTablesController] as const;
