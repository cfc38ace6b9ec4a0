import type { RecordedEvent } from '../../store/event-store.port.js';

/**
 * A bus handler that keeps what it received, as plain JSON copies (so a later change to the
 * delivered objects cannot hide a bug), for assertions on count, content and order.
 */
export class EventRecorder {
  readonly events: RecordedEvent[] = [];
  readonly handler = (batch: readonly RecordedEvent[]): void => {
    for (const e of batch) this.events.push(JSON.parse(JSON.stringify(e)) as RecordedEvent);
  };

  /** Ids received, in arrival order. */
  ids(): string[] {
    return this.events.map((e) => e.id);
  }

  /** Whether every id in `ids` has arrived at least once. */
  hasAll(ids: readonly string[]): boolean {
    const seen = new Set(this.ids());
    return ids.every((id) => seen.has(id));
  }

  /** How many times each id arrived. */
  counts(): Map<string, number> {
    const out = new Map<string, number>();
    for (const id of this.ids()) out.set(id, (out.get(id) ?? 0) + 1);
    return out;
  }

  /** The revisions received for one stream, in arrival order. */
  revisionsOf(stream: string): number[] {
    return this.events.filter((e) => e.stream === stream).map((e) => e.revision);
  }
}
