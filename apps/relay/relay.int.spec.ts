import { afterEach, expect, it } from '@jest/globals';
import kafkajs from 'kafkajs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KafkaEventBus } from '../../libs/bus/kafka/kafka-event-bus.js';
import { EventRecorder } from '../../libs/bus/testing/event-recorder.js';
import { describeWithKafka, uniqueName } from '../../libs/bus/testing/kafka-test-env.js';
import { waitFor } from '../../libs/bus/testing/wait-for.js';
import { SqliteEventStore } from '../../libs/store/sqlite/sqlite-event-store.js';
import { newEvent } from '../../libs/store/testing/event-store.contract.js';
import type { RecordedEvent } from '../../libs/store/event-store.port.js';
import { JsonFileCheckpoint, type RelayCheckpoint } from './relay-checkpoint.js';
import { Relay } from './relay.js';

const { Kafka, logLevel } = kafkajs;

describeWithKafka('relay: SQLite log -> Kafka (real broker)', (brokers) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  /** A store, a fresh topic, a checkpoint file and a consumer (deduping by id) recording what arrives. */
  async function setup() {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-relay-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'OFF', pollMs: 50 });
    cleanup.push(() => store.close());
    const topic = uniqueName('arbitra-relay-test');
    const busFor = (groupId: string) => {
      const b = new KafkaEventBus({
        brokers,
        topic,
        groupId,
        partitions: 3,
        maxWaitTimeInMs: 100,
        heartbeatInterval: 300,
        sessionTimeout: 6_000,
        logLevel: logLevel.ERROR,
      });
      cleanup.push(() => b.close());
      return b;
    };
    const consumer = busFor(`${topic}-projector`);
    await consumer.connect(); // creates the topic before the relay and the consumer race for it
    const rec = new EventRecorder();
    consumer.subscribe(rec.handler);
    const admin = new Kafka({ brokers, clientId: 'arbitra-relay-test', logLevel: logLevel.ERROR }).admin();
    await admin.connect();
    cleanup.push(() => admin.disconnect());
    const messagesInTopic = async () => (await admin.fetchTopicOffsets(topic)).reduce((n, p) => n + Number(p.high), 0);
    /** Positions each relay run got acknowledged by the broker, per run, in publish order. */
    const acked: number[][] = [];
    /** Starts a relay as a fresh process would: its own bus and checkpoint object over the same file. */
    const startRelay = (checkpoint: RelayCheckpoint = new JsonFileCheckpoint(join(dir, 'relay-checkpoint.json'))) => {
      const stop = new AbortController();
      const kafkaBus = busFor(`${topic}-relay`);
      const mine: number[] = [];
      acked.push(mine);
      const bus = {
        publish: async (events: readonly RecordedEvent[]) => {
          await kafkaBus.publish(events);
          mine.push(...events.map((e) => e.position));
        },
      };
      const run = new Relay({ store, bus, checkpoint, batch: 10 }).run(stop.signal);
      return { stop: async () => (stop.abort(), run), run };
    };
    const checkpointFile = new JsonFileCheckpoint(join(dir, 'relay-checkpoint.json'));
    return { store, rec, messagesInTopic, startRelay, checkpointFile, acked };
  }

  async function appendInterleaved(store: SqliteEventStore, streams: string[], rounds: number, perAppend: number) {
    for (let r = 0; r < rounds; r++) {
      for (const s of streams) {
        const events = Array.from({ length: perAppend }, () => newEvent('relay.Tested', { s, r }));
        await store.append(s, events, 'any');
      }
    }
  }

  const revisions = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('relays the log in order, follows the live tail, and resumes from its checkpoint after a stop with no gap and no repeat', async () => {
    const { store, rec, messagesInTopic, startRelay, checkpointFile, acked } = await setup();
    const streams = ['game-a', 'game-b', 'game-c'].map((s) => uniqueName(s));
    await appendInterleaved(store, streams, 3, 4); // 36 events before the relay starts
    const first = startRelay();
    await waitFor(() => rec.events.length >= 36, 'the catch-up', { detail: () => `${rec.events.length}/36` });
    await appendInterleaved(store, [streams[0]], 2, 3); // 6 more while it runs: the live tail
    await waitFor(() => rec.events.length >= 42, 'the live tail', { detail: () => `${rec.events.length}/42` });
    await first.stop();
    expect(await checkpointFile.load()).toBe(await store.headPosition());

    await appendInterleaved(store, streams.slice(1), 2, 2); // 8 while no relay runs
    const second = startRelay();
    await waitFor(() => rec.events.length >= 50, 'the events appended while stopped', { detail: () => `${rec.events.length}/50` });
    await second.stop();

    // A clean stop re-sends nothing: the second run starts right after the first run's last event.
    expect(acked.flat()).toEqual(revisions(50).map((i) => i + 1));
    expect(acked[1][0]).toBe(43);
    // The topic may hold more: a kafkajs producer retry after a partial failure repeats a request.
    expect(await messagesInTopic()).toBeGreaterThanOrEqual(50);
    expect(rec.events).toHaveLength(50); // deduped by id
    expect(rec.revisionsOf(streams[0])).toEqual(revisions(18));
    expect(rec.revisionsOf(streams[1])).toEqual(revisions(16));
    expect(rec.revisionsOf(streams[2])).toEqual(revisions(16));
    expect(await checkpointFile.load()).toBe(await store.headPosition());
  });

  it('after a crash between the broker ack and the checkpoint save, a restart re-sends only that batch and the consumer drops the repeats', async () => {
    const { store, rec, messagesInTopic, startRelay, checkpointFile, acked } = await setup();
    const streams = ['crash-a', 'crash-b'].map((s) => uniqueName(s));
    await appendInterleaved(store, streams, 5, 3); // 30 events: batches 1-10, 11-20, 21-30
    let saves = 0;
    const crashing: RelayCheckpoint = {
      load: () => checkpointFile.load(),
      save: async (position) => {
        if (++saves === 2) throw new Error('simulated crash after the broker acked batch 2');
        await checkpointFile.save(position);
      },
    };
    await expect(startRelay(crashing).run).rejects.toThrow(/simulated crash/);
    expect(await checkpointFile.load()).toBe(10);
    expect(acked[0]).toEqual(revisions(20).map((i) => i + 1)); // batch 2 was acked, its checkpoint lost

    const restarted = startRelay();
    // Every stream has events in the last batch, which follows the repeats in its partition:
    // once all 30 distinct ids are in, the repeats have been handled too.
    await waitFor(() => new Set(rec.ids()).size >= 30, 'all 30 events', { detail: () => `${rec.events.length}/30` });
    await restarted.stop();
    expect(acked[1]).toEqual(revisions(20).map((i) => i + 11)); // resumes after the checkpoint: only 11-20 again
    expect(await messagesInTopic()).toBeGreaterThanOrEqual(40);
    expect(rec.events).toHaveLength(30); // deduped by id
    expect(new Set(rec.ids()).size).toBe(30);
    for (const s of streams) expect(rec.revisionsOf(s)).toEqual(revisions(15));
    expect(await checkpointFile.load()).toBe(30);
  });
});
