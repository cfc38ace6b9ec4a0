import { LiveController } from './live.controller.js';

/** Live clients: server-sent events of tournaments and games. */
export const LIVE_CONTROLLERS = [LiveController] as const;
