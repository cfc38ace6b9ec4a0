import { PenaltiesController } from './penalties.controller.js';

export { PenaltiesController };
export { issueIntoLedger } from './ledger-command.js';

/** The penalty ledger's controllers, for the app registry. */
export const PENALTY_CONTROLLERS = [PenaltiesController] as const;
