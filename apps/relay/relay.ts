import type { EventStore } from '../../libs/store/event-store.port.js';
import type { EventBus } from '../../libs/bus/event-bus.port.js';
import type { RelayCheckpoint } from './relay-checkpoint.js';

export interface RelayOptions {
  readonly store: EventStore;
  /** Where events go (the Kafka bus in distributed mode); only `publish` is used. */
  readonly bus: Pick<EventBus, 'publish'>;
  readonly checkpoint: RelayCheckpoint;
  /** Events per publish (default 500). */
  readonly batch?: number;
  /** Called after each batch the broker acknowledged and the checkpoint saved (logs, metrics, tests). */
  readonly onRelayed?: (count: number, position: number) => void;
}

/**
 * Copies the store's global log to the bus, in log order, from the saved checkpoint: pages of
 * `readAll` while catching up, then it sleeps on the store's live subscription until something
 * new is appended. A page's checkpoint is saved only after `publish` resolved (the broker
 * acknowledged it). If the process dies between the ack and the save, the next run publishes that
 * page again: consumers see at most one batch twice and drop the repeats by event id.
 */
export class Relay {
  private readonly batch: number;

  constructor(private readonly options: RelayOptions) {
    this.batch = options.batch ?? 500;
    if (!Number.isInteger(this.batch) || this.batch < 1) throw new Error(`relay batch must be a positive integer (got ${options.batch})`);
  }

  /** Relays until `signal` aborts (then resolves after the batch in flight) or a publish/save fails (rejects). */
  async run(signal: AbortSignal): Promise<void> {
    const { store, bus, checkpoint } = this.options;
    let position = await checkpoint.load();
    while (!signal.aborted) {
      const page = await store.readAll(position, this.batch);
      if (page.length === 0) {
        await this.nextAppend(position, signal);
        continue;
      }
      await bus.publish(page);
      const last = page[page.length - 1].position;
      await checkpoint.save(last);
      position = last;
      this.options.onRelayed?.(page.length, last);
    }
  }

  /** Resolves when an event after `position` exists, or when `signal` aborts. */
  private async nextAppend(position: number, signal: AbortSignal): Promise<void> {
    // A stop that came while the page was read has already fired: listening for it now would wait for an append.
    if (signal.aborted) return;
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for await (const _ of this.options.store.subscribe(position, { signal: stop.signal, batch: 1 })) {
        void _;
        break;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      stop.abort();
    }
  }
}
