import { randomUUID } from 'node:crypto';
import { newEvent } from '../../store/testing/event-store.contract.js';
import type { RecordedEvent } from '../../store/event-store.port.js';

/**
 * Hands out recorded events for bus tests without a store: unique ids, revisions per stream from
 * 0, global positions from 1, meta as the store would record it (hash fields included).
 */
export class RecordedEventFactory {
  private position = 0;
  private readonly revisions = new Map<string, number>();

  /** The next event of `stream`; `data` defaults to a small payload naming stream and revision. */
  next(stream: string, data?: unknown): RecordedEvent {
    const revision = (this.revisions.get(stream) ?? -1) + 1;
    this.revisions.set(stream, revision);
    const base = newEvent('test.Happened', data ?? { stream, revision });
    return {
      id: base.id,
      stream,
      revision,
      position: ++this.position,
      type: base.type,
      data: base.data,
      meta: { ...base.meta, prevHash: revision === 0 ? null : `prev-${randomUUID()}`, hash: `hash-${randomUUID()}` },
    };
  }

  /** `perStream` events for each of `streams`, interleaved round-robin (the global log's shape). */
  interleaved(streams: readonly string[], perStream: number): RecordedEvent[] {
    const out: RecordedEvent[] = [];
    for (let i = 0; i < perStream; i++) for (const s of streams) out.push(this.next(s));
    return out;
  }
}
