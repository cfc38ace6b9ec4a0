import type { RecordedEvent } from '../store/event-store.port.js';

/**
 * Publishes recorded events to whoever listens (projectors, process managers, other services).
 * Delivery is at-least-once and in order per stream; consumers dedupe by event id or position.
 */
export interface EventBus {
  publish(events: readonly RecordedEvent[]): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(handler: (events: readonly RecordedEvent[]) => void | Promise<void>): () => void;
  close(): Promise<void>;
}
