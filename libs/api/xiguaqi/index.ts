import { XiguaqiGamesController } from './xiguaqi-games.controller.js';
import { XiguaqiMovesController } from './xiguaqi-commands.js';

/** Xiguaqi's controllers (`/v1/xiguaqi/games/...`). */
export const XIGUAQI_CONTROLLERS = [XiguaqiGamesController, XiguaqiMovesController] as const;
