import { LiveController } from './live.controller.js';
import { WebhooksController } from './webhooks.controller.js';

/** Live clients: server-sent events of tournaments and games, and the federation's webhooks. */
export const LIVE_CONTROLLERS = [LiveController, WebhooksController] as const;
