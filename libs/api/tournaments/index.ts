import { TournamentRoundsController } from './rounds.controller.js';
import { TournamentsController } from './tournaments.controller.js';

export { TournamentRoundsController, TournamentsController };

/** Every tournament controller, for the app registry. */
export const TOURNAMENT_CONTROLLERS = [TournamentsController, TournamentRoundsController] as const;
