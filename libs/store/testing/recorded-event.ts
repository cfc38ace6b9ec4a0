import type { RecordedEvent } from '../event-store.port.js';

/**
 * A recorded event as a projection or a process manager receives it, for tests that feed one
 * directly: the `n`th of its stream (revision n - 1, position n), recorded by an arbiter at 09:00:0n.
 */
export function recordedEvent(type: string, data: unknown, n: number, stream: string, day = '2026-11-29'): RecordedEvent {
  return {
    id: `e-${n}`,
    stream,
    revision: n - 1,
    position: n,
    type,
    data,
    meta: {
      actor: { id: 'td-1', role: 'arbiter' },
      commandId: `c-${n}`,
      correlationId: `c-${n}`,
      causationId: null,
      recordedAt: `${day}T09:00:0${n % 10}.000Z`,
      schemaVersion: 1,
      prevHash: null,
      hash: 'h',
    },
  } as RecordedEvent;
}
