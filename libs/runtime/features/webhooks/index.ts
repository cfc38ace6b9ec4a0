import type { Feature } from '../../arbitra-core.js';
import { deliveriesProjection } from './deliveries.projection.js';
import { WebhooksAggregate } from './webhooks.aggregate.js';

export { WebhooksAggregate, WEBHOOKS_ID, WEBHOOKS_STREAM } from './webhooks.aggregate.js';
export { WebhookDispatcher, webhookDispatcher } from './webhook-dispatcher.js';
export { signature, type WebhookPost } from './webhook-requests.js';
export {
  checkTarget,
  guardedPost,
  PUBLIC_ONLY,
  refusedAddress,
  targetPolicy,
  WebhookTargetRefused,
  type WebhookResolver,
  type WebhookTargetPolicy,
} from './webhook-targets.js';
export {
  deliveriesProjection,
  deliveryPage,
  DELIVERIES_PROJECTION,
  DELIVERY_OUTCOMES,
  DELIVERY_PAGE,
  type DeliveryOutcome,
  type DeliveryPage,
} from './deliveries.projection.js';
export { ManualClock, REAL_CLOCK, type WebhookClock } from './webhook-clock.js';

/**
 * Webhooks a federation registers: the aggregate (registrations and delivery log) and the delivery log's paged read
 * model; the dispatcher runs beside the HTTP app.
 */
export const WEBHOOKS_FEATURE: Feature = { name: 'webhooks', aggregates: [WebhooksAggregate], projections: [deliveriesProjection] };
