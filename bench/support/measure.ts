import type { RecordedEvent } from '../../libs/store/event-store.port.js';

/** The middle value of `xs` (the upper one of an even count). */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU µs (user and system) this process has used so far. */
export function cpuUs(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** What applying pages of events needs of a read-model store (this build's or a compared build's). */
interface BatchStore<P> {
  inTransaction<T>(work: () => T): T;
  applyBatch(projection: P, events: readonly RecordedEvent[], upTo: number): void;
}

/** Applies `events` to one projection `size` events a transaction, as the projection runner applies its pages. */
export function applyInPages<P>(store: BatchStore<P>, projection: P, events: readonly RecordedEvent[], size: number): void {
  for (let i = 0; i < events.length; i += size) {
    const page = events.slice(i, i + size);
    store.inTransaction(() => store.applyBatch(projection, page, page[page.length - 1].position));
  }
}

/**
 * `items` starting `round` places later (wrapping): servers measured one after another in interleaved rounds take each
 * place in turn, since the one measured in the same place every round reads faster or slower by that alone.
 */
export function rotated<T>(items: readonly T[], round: number): T[] {
  const k = round % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}
