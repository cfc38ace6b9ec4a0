import { GamesListController } from './games-list.controller.js';

export { GamesListController };
export { GameRunner, loadGame } from './game-runner.js';

/** The cross-discipline game list (`GET /v1/games`). */
export const GAME_LIST_CONTROLLERS = [GamesListController] as const;
