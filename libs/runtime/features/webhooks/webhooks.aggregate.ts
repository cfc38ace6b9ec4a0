import { webhooksDecider, type WebhookCommand, type WebhookEvent, type WebhooksState } from '../../../domain/webhooks/index.js';
import type { AggregateType } from '../../command-handler.js';

/**
 * The federation's webhooks: one instance, id `federation`, stream `webhooks-federation`. No `version`, so no persisted
 * snapshots: a snapshot is the whole state as JSON (every delivery's mark), which every `snapshotEvery` attempts would
 * cost in proportion to the whole delivery log again; a cold start folds the log once, at a constant cost per event.
 */
export const WebhooksAggregate: AggregateType<WebhookCommand, WebhookEvent, WebhooksState> = { name: 'webhooks', decider: webhooksDecider };
export const WEBHOOKS_ID = 'federation';
export const WEBHOOKS_STREAM = `${WebhooksAggregate.name}-${WEBHOOKS_ID}`;
