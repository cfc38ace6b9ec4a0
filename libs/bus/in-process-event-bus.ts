import type { RecordedEvent } from '../store/event-store.port.js';
import type { EventBus } from './event-bus.port.js';

/**
 * The embedded default: handlers run in this process, in subscription order, after the append
 * has committed. A failing handler does not stop the others or the publisher; it is reported.
 */
export class InProcessEventBus implements EventBus {
  private handlers = new Set<(events: readonly RecordedEvent[]) => void | Promise<void>>();

  constructor(private readonly onHandlerError: (e: unknown) => void = () => {}) {}

  async publish(events: readonly RecordedEvent[]): Promise<void> {
    for (const h of [...this.handlers]) {
      try {
        await h(events);
      } catch (e) {
        this.onHandlerError(e);
      }
    }
  }

  subscribe(handler: (events: readonly RecordedEvent[]) => void | Promise<void>): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
