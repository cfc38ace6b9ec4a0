import { FederationPagesController } from './federation-pages.controller.js';
import { TournamentPagesController } from './pages.controller.js';

export { FederationPagesController, TournamentPagesController };

/** The read-only HTML pages (issue 35), for the app registry. */
export const PAGES_CONTROLLERS = [TournamentPagesController, FederationPagesController] as const;
