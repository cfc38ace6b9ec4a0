import { AppealPagesController } from './appeal-pages.controller.js';
import { FederationPagesController } from './federation-pages.controller.js';
import { GamePagesController } from './game-pages.controller.js';
import { TournamentPagesController } from './pages.controller.js';

export { AppealPagesController, FederationPagesController, GamePagesController, TournamentPagesController };

/** The read-only HTML pages (issue 35), for the app registry. */
export const PAGES_CONTROLLERS = [TournamentPagesController, FederationPagesController, AppealPagesController, GamePagesController] as const;
