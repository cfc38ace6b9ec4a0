import { AppealsController } from './appeals.controller.js';

export { AppealsController };

/** Every appeals controller, for the app registry. */
export const APPEALS_CONTROLLERS = [AppealsController] as const;
