import { GoGamesController } from './go-games.controller.js';
import { GoMovesController } from './go-commands.js';
import { GoTournamentsController } from './go-tournaments.controller.js';

/** Go's controllers (`/v1/go/games/...`, `/v1/go/tournaments/:id/egd`). */
export const GO_CONTROLLERS = [GoGamesController, GoMovesController, GoTournamentsController] as const;
