import type { RecordedEvent } from '../../../store/event-store.port.js';

/** A test event as the store would hand it to a projection: position `i + 1`, revision `i`, fixed metadata. */
export function recordedEvent(e: { readonly type: string; readonly data: unknown }, i: number, stream: string): RecordedEvent {
  return {
    id: `e${i}`,
    stream,
    revision: i,
    position: i + 1,
    type: e.type,
    data: e.data,
    meta: {
      actor: { id: 'arb-1', role: 'arbiter' },
      commandId: `c${i}`,
      correlationId: `c${i}`,
      causationId: null,
      recordedAt: '2026-11-29T10:00:00.000Z',
      schemaVersion: 1,
      prevHash: null,
      hash: 'h',
    },
  };
}

/** Events of one stream, in order, as recorded (see `recordedEvent`). */
export const recordedEvents = (events: ReadonlyArray<{ readonly type: string; readonly data: unknown }>, stream = 'tournament-t1'): RecordedEvent[] =>
  events.map((e, i) => recordedEvent(e, i, stream));
