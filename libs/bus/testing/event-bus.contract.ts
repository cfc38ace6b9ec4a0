import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../../store/sqlite/sqlite-event-store.js';
import { newEvent } from '../../store/testing/event-store.contract.js';
import type { RecordedEvent } from '../../store/event-store.port.js';
import type { EventBus } from '../event-bus.port.js';
import { EventRecorder } from './event-recorder.js';
import { RecordedEventFactory } from './recorded-events.js';
import { waitFor } from './wait-for.js';

/**
 * One isolated place to publish and consume for a single test (Kafka: a fresh topic), so no
 * test, and no rerun, ever sees another's events.
 */
export interface BusChannel {
  /** The bus events are published on. */
  readonly publisher: EventBus;
  /** A bus receiving what `publisher` publishes, as consumer group `group` (in-process: the publisher itself). */
  consumer(group: string): Promise<EventBus>;
  /** Resolves once `bus`'s subscriptions are live (in-process: at once). */
  ready(bus: EventBus): Promise<void>;
  /** Closes every bus made for this channel (idempotent). */
  close(): Promise<void>;
}

/** What a bus adapter's spec gives the contract. */
export interface BusContractHarness {
  channel(): Promise<BusChannel>;
  /** True when a repeated event id is dropped (Kafka); false when it is handed over again (in-process). */
  readonly dedupesById: boolean;
}

/** A stable order for comparing sets of events (streams may interleave differently across partitions). */
const sorted = (events: readonly RecordedEvent[]) => [...events].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The contract every EventBus adapter meets: delivery intact, per-stream order, at-least-once, groups, unsubscribe, close. */
export function eventBusContract(name: string, harness: BusContractHarness): void {
  describe(`EventBus contract: ${name}`, () => {
    let channel: BusChannel;
    let events: RecordedEventFactory;
    const stream = (label: string) => `${label}-${randomUUID()}`;

    beforeEach(async () => {
      channel = await harness.channel();
      events = new RecordedEventFactory();
    });
    afterEach(async () => {
      await channel.close();
    });

    it('delivers every published event exactly as published, data and meta intact, including events read from the SQLite store', async () => {
      const store = new SqliteEventStore({ path: ':memory:', synchronous: 'OFF' });
      try {
        const a = stream('game');
        const b = stream('tournament');
        await store.append(a, [newEvent('x.Moved', { move: 'e4', clock: { white: 299.5, black: null } }), newEvent('x.Moved', { move: 'ñ→✓' })], 'no-stream');
        await store.append(
          b,
          [
            newEvent('t.Paired', {
              pairs: [
                [1, 2],
                [3, 4],
              ],
              note: '',
            }),
          ],
          'no-stream',
        );
        // Read back: class instances whose data/meta are lazy getters (the relay publishes these).
        const stored = await store.readAll(0, 100);
        const plain = [events.next(stream('plain'), { nested: { deep: [true, 0, 'x'] } })];
        const consumer = await channel.consumer('g1');
        const rec = new EventRecorder();
        consumer.subscribe(rec.handler);
        await channel.ready(consumer);
        await channel.publisher.publish(stored);
        await channel.publisher.publish(plain);
        const sent = JSON.parse(JSON.stringify([...stored, ...plain])) as RecordedEvent[];
        await waitFor(() => rec.events.length >= sent.length, `${sent.length} events`, { detail: () => `${rec.events.length} arrived` });
        expect(sorted(rec.events)).toEqual(sorted(sent));
        expect(rec.events.find((e) => e.stream === a)?.meta.hash).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        await store.close();
      }
    });

    it('keeps per-stream order across many streams and many publish calls, concurrent ones included', async () => {
      const streams = Array.from({ length: 12 }, (_, i) => stream(`s${i}`));
      const all = events.interleaved(streams, 20);
      const consumer = await channel.consumer('g1');
      const rec = new EventRecorder();
      consumer.subscribe(rec.handler);
      await channel.ready(consumer);
      const chunks = Array.from({ length: 12 }, (_, i) => all.slice(i * 20, (i + 1) * 20));
      await channel.publisher.publish(chunks[0]);
      // Calls issued together are still delivered in call order per stream.
      await Promise.all(chunks.slice(1, 6).map((c) => channel.publisher.publish(c)));
      for (const c of chunks.slice(6)) await channel.publisher.publish(c);
      await waitFor(() => rec.hasAll(all.map((e) => e.id)), `${all.length} events`, { detail: () => `${rec.events.length} arrived` });
      for (const s of streams) expect(rec.revisionsOf(s)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(rec.events).toHaveLength(all.length);
    });

    it('is at-least-once when the same events are published again (a relay retry); a deduping adapter hands each id over once', async () => {
      const s = stream('retry');
      const first = [events.next(s), events.next(s), events.next(s)];
      const later = [events.next(s), events.next(s)];
      const consumer = await channel.consumer('g1');
      const rec = new EventRecorder();
      consumer.subscribe(rec.handler);
      await channel.ready(consumer);
      await channel.publisher.publish(first);
      await waitFor(() => rec.hasAll(first.map((e) => e.id)), 'the first publish');
      await channel.publisher.publish([...first, ...later]); // the retry re-sends what was already acked
      // Same stream, so the repeats come before `later`: once `later` is in, the repeats were handled.
      await waitFor(() => rec.hasAll(later.map((e) => e.id)), 'the events after the repeat');
      const counts = rec.counts();
      for (const e of [...first, ...later]) expect(counts.get(e.id)).toBeGreaterThanOrEqual(1);
      if (harness.dedupesById) {
        expect(rec.ids()).toEqual([...first, ...later].map((e) => e.id));
      } else {
        expect(rec.events).toHaveLength(first.length * 2 + later.length);
      }
      expect(rec.revisionsOf(s).filter((r, i, all) => all.indexOf(r) === i)).toEqual([0, 1, 2, 3, 4]);
    });

    it('gives a second consumer group everything, independently of the first', async () => {
      const streams = Array.from({ length: 5 }, (_, i) => stream(`g${i}`));
      const all = events.interleaved(streams, 10);
      const one = await channel.consumer('g1');
      const two = await channel.consumer('g2');
      const recOne = new EventRecorder();
      const recTwo = new EventRecorder();
      one.subscribe(recOne.handler);
      two.subscribe(recTwo.handler);
      await channel.ready(one);
      await channel.ready(two);
      await channel.publisher.publish(all.slice(0, 25));
      await channel.publisher.publish(all.slice(25));
      const ids = all.map((e) => e.id);
      await waitFor(() => recOne.hasAll(ids) && recTwo.hasAll(ids), 'both groups to have everything', {
        detail: () => `g1 ${recOne.events.length}, g2 ${recTwo.events.length} of ${all.length}`,
      });
      for (const rec of [recOne, recTwo]) {
        expect(rec.events).toHaveLength(all.length);
        for (const s of streams) expect(rec.revisionsOf(s)).toEqual(Array.from({ length: 10 }, (_, i) => i));
      }
    });

    it('stops delivering to a handler once it unsubscribes, while the other handlers go on', async () => {
      const s = stream('unsub');
      const consumer = await channel.consumer('g1');
      const leaving = new EventRecorder();
      const staying = new EventRecorder();
      const unsubscribe = consumer.subscribe(leaving.handler);
      consumer.subscribe(staying.handler);
      await channel.ready(consumer);
      const before = events.next(s);
      await channel.publisher.publish([before]);
      await waitFor(() => leaving.hasAll([before.id]) && staying.hasAll([before.id]), 'the first event at both handlers');
      unsubscribe();
      unsubscribe(); // a second call is harmless
      const after = [events.next(s), events.next(s)];
      await channel.publisher.publish(after);
      // Both handlers share one delivery path: once `staying` has them, `leaving` would have too.
      await waitFor(() => staying.hasAll(after.map((e) => e.id)), 'the later events at the remaining handler');
      expect(leaving.ids()).toEqual([before.id]);
      expect(staying.revisionsOf(s)).toEqual([0, 1, 2]);
    });

    it('closes cleanly: idempotent, and a closed bus delivers nothing more', async () => {
      const s = stream('close');
      const consumer = await channel.consumer('g1');
      const rec = new EventRecorder();
      consumer.subscribe(rec.handler);
      await channel.ready(consumer);
      const e = events.next(s);
      await channel.publisher.publish([e]);
      await waitFor(() => rec.hasAll([e.id]), 'the event before close');
      await consumer.close();
      await consumer.close();
      await channel.publisher.close();
      await channel.publisher.publish([events.next(s)]).catch(() => undefined); // may refuse; must not deliver
      expect(rec.ids()).toEqual([e.id]);
    });
  });
}
