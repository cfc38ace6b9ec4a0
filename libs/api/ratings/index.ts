import { PlayersController } from './players.controller.js';
import { RatingsController } from './ratings.controller.js';

export { PlayersController, RatingsController };

/** Ratings, rankings and player identities (issue 15), for the app registry. */
export const RATINGS_CONTROLLERS = [RatingsController, PlayersController] as const;
