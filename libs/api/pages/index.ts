import { TournamentPagesController } from './pages.controller.js';

export { TournamentPagesController };

/** The read-only HTML pages (issue 35), for the app registry. */
export const PAGES_CONTROLLERS = [TournamentPagesController] as const;
