import { webhooksDecider, type WebhookCommand, type WebhookEvent, type WebhooksState } from '../../../domain/webhooks/index.js';
import type { AggregateType } from '../../command-handler.js';

/** The federation's webhooks: one instance, id `federation`, stream `webhooks-federation`. */
export const WebhooksAggregate: AggregateType<WebhookCommand, WebhookEvent, WebhooksState> = { name: 'webhooks', decider: webhooksDecider };
export const WEBHOOKS_ID = 'federation';
export const WEBHOOKS_STREAM = `${WebhooksAggregate.name}-${WEBHOOKS_ID}`;
