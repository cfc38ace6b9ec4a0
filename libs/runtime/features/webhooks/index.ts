import type { Feature } from '../../arbitra-core.js';
import { WebhooksAggregate } from './webhooks.aggregate.js';

export { WebhooksAggregate, WEBHOOKS_ID, WEBHOOKS_STREAM } from './webhooks.aggregate.js';
export { WebhookDispatcher, webhookDispatcher } from './webhook-dispatcher.js';
export { signature, type WebhookPost } from './webhook-requests.js';
export { ManualClock, REAL_CLOCK, type WebhookClock } from './webhook-clock.js';

/** Webhooks a federation registers: the aggregate (registrations and delivery log); the dispatcher runs beside the HTTP app. */
export const WEBHOOKS_FEATURE: Feature = { name: 'webhooks', aggregates: [WebhooksAggregate] };
