import {
  BACKWARDS,
  DeadlineExceededError,
  END,
  NotLeaderError,
  UnavailableError,
  UnknownError,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import { setTimeout as delay } from 'node:timers/promises';
import type { RecordedEvent } from '../event-store.port.js';
import { decodeEvent, type KurrentRecord } from './kurrentdb-codec.js';
import { toKurrentPosition, toPortPosition } from './kurrentdb-position.js';
import { pumpReadable } from './readable-pump.js';

/** Errors after which a live subscription reconnects instead of failing. */
export const isTransient = (e: unknown): boolean =>
  e instanceof UnavailableError ||
  e instanceof DeadlineExceededError ||
  e instanceof NotLeaderError ||
  // Some grpc-js paths surface the raw status: 14 UNAVAILABLE, 4 DEADLINE_EXCEEDED.
  [14, 4].includes((e as { code?: unknown } | null)?.code as number);

/**
 * The global log side of the KurrentDB adapter: `$all` filtered with excludeSystemEvents(), which
 * hides system events and the `$>` links of the command index, keeping only Arbitra events.
 * Positions: see kurrentdb-position.ts. Not run against a server yet (see kurrentdb-event-store.ts).
 */
export class KurrentLogReader {
  constructor(private readonly client: KurrentDBClient) {}

  async readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    return (await this.page(afterPosition, limit)).events;
  }

  /** A readAll page, plus the last position the server showed us (foreign events included). */
  private async page(after: number, limit: number): Promise<{ events: RecordedEvent[]; last: number }> {
    if (limit <= 0) return { events: [], last: 0 };
    try {
      return await this.readAllFrom(after, after, limit);
    } catch (error) {
      // Not an event's position (e.g. `p - 1`): the server cannot start there. Rescan from the start.
      if (after <= 0 || !(error instanceof UnknownError)) throw error;
      return this.readAllFrom(0, after, limit);
    }
  }

  /** Reads `$all` from `start` (inclusive), keeping Arbitra events with position > `after`. */
  private async readAllFrom(start: number, after: number, limit: number): Promise<{ events: RecordedEvent[]; last: number }> {
    const events: RecordedEvent[] = [];
    let from = start;
    let cursor = after;
    let last = 0;
    for (;;) {
      // +1: the read includes the event at `from`. Rescanning from the start, use larger pages.
      const want = from < after ? 1000 : limit - events.length + 1;
      let seen = 0;
      for await (const r of this.client.readAll({ fromPosition: toKurrentPosition(from), maxCount: want, filter: excludeSystemEvents() })) {
        seen++;
        if (!r.event) continue;
        const position = toPortPosition(r.event.position, `${r.event.revision}@${r.event.streamId}`);
        if (position > last) last = position;
        if (position <= cursor) continue;
        cursor = position;
        const e = decodeEvent(r.event as KurrentRecord);
        if (e) events.push(e);
        if (events.length === limit) return { events, last };
      }
      if (seen < want || last <= from) return { events, last };
      from = last;
    }
  }

  async headPosition(): Promise<number> {
    for await (const r of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() })) {
      if (r.event) return toPortPosition(r.event.position, 'the last event');
    }
    return 0;
  }

  /** Catch-up through readAll pages, then live; resumes after transient failures; ends on abort. */
  async *subscribe(afterPosition: number, signal: AbortSignal, batch: number): AsyncGenerator<RecordedEvent> {
    let position = afterPosition;
    let delivered = false;
    let backoff = 250;
    while (!signal.aborted) {
      try {
        const { events: page, last } = await this.page(position, batch);
        if (signal.aborted) return;
        if (page.length > 0) {
          for (const e of page) {
            position = e.position;
            delivered = true;
            yield e;
            if (signal.aborted) return;
          }
          backoff = 250;
          continue;
        }
        // Caught up. Go live from a position the server knows to be an event's (exclusive).
        let from = position;
        if (last > position)
          from = last; // only foreign events after `position`
        else if (!delivered && position > 0) {
          const head = await this.headPosition();
          if (head > position) continue; // appended since our page: catch up again
          from = head;
        }
        const live = this.client.subscribeToAll({ fromPosition: toKurrentPosition(from), filter: excludeSystemEvents() });
        for await (const r of pumpReadable<AllStreamResolvedEvent>(live, signal)) {
          const e = r.event ? decodeEvent(r.event as KurrentRecord) : null;
          if (!e || e.position <= position) continue;
          position = e.position;
          delivered = true;
          backoff = 250;
          yield e;
        }
        return;
      } catch (error) {
        // A dropped connection, while catching up or live: resume from the last delivered position.
        // Stopped while a call was failing: the subscription ends cleanly (its owner asked for that), whatever the call's error.
        if (signal.aborted) return;
        if (!isTransient(error)) throw error;
        const stopped = await delay(backoff, false, { signal }).catch(() => true);
        if (stopped) return;
        backoff = Math.min(backoff * 2, 5000);
      }
    }
  }
}
