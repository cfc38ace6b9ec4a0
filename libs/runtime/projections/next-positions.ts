import type { RecordedEvent } from '../../store/event-store.port.js';

/**
 * How many of `events`, from the first, are the log's positions right after `after` (after + 1, after + 2, …), at
 * most `limit`: a gap, a repeat or a step back ends the run. What may stand in for a read of the log from `after`.
 */
export function nextRunLength(events: readonly RecordedEvent[], after: number, limit = events.length): number {
  let n = 0;
  while (n < events.length && n < limit && events[n].position === after + 1 + n) n++;
  return n;
}
