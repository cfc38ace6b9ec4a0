import { afterAll, afterEach, expect, it } from '@jest/globals';
import kafkajs from 'kafkajs';
import { eventBusContract } from '../testing/event-bus.contract.js';
import { EventRecorder } from '../testing/event-recorder.js';
import { describeWithKafka, uniqueName } from '../testing/kafka-test-env.js';
import { RecordedEventFactory } from '../testing/recorded-events.js';
import { waitFor } from '../testing/wait-for.js';
import { KafkaEventBus, type KafkaEventBusOptions } from './kafka-event-bus.js';

const { ConfigResourceTypes, Kafka, logLevel } = kafkajs;

describeWithKafka('Kafka event bus (real broker)', (brokers) => {
  const open: KafkaEventBus[] = [];
  /** A bus tuned for tests: fast heartbeats and short fetch waits; errors collected per bus. */
  const bus = (topic: string, groupId: string, extra: Partial<KafkaEventBusOptions> = {}) => {
    const b = new KafkaEventBus({
      brokers,
      clientId: 'arbitra-test',
      topic,
      groupId,
      partitions: 3,
      maxWaitTimeInMs: 100,
      heartbeatInterval: 300,
      sessionTimeout: 6_000,
      logLevel: logLevel.ERROR,
      ...extra,
    });
    open.push(b);
    return b;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close()));
  });
  /** A fresh topic, created (leaders elected) before any consumer starts, and a bus publishing to it. */
  const freshTopic = async (): Promise<{ topic: string; publisher: KafkaEventBus }> => {
    const topic = uniqueName('arbitra-test');
    const publisher = bus(topic, `${topic}-publisher`);
    await publisher.connect();
    return { topic, publisher };
  };

  eventBusContract('Kafka', {
    dedupesById: true,
    async channel() {
      const topic = uniqueName('arbitra-test');
      const publisher = bus(topic, `${topic}-publisher`);
      await publisher.connect();
      return {
        publisher,
        consumer: async (group) => bus(topic, `${topic}-${group}`),
        ready: (b) => (b as KafkaEventBus).whenSubscribed(),
        close: async () => {
          await Promise.all(open.map((b) => b.close()));
        },
      };
    },
  });

  const admin = new Kafka({ brokers, clientId: 'arbitra-test-admin', logLevel: logLevel.ERROR }).admin();
  afterAll(async () => {
    await admin.disconnect();
  });

  it('creates the topic with the configured partitions and the whole history kept on connect, and connect is idempotent', async () => {
    const topic = uniqueName('arbitra-test');
    const b = bus(topic, `${topic}-g`, { partitions: 4 });
    await Promise.all([b.connect(), b.connect()]);
    await b.connect();
    await admin.connect();
    const md = await admin.fetchTopicMetadata({ topics: [topic] });
    expect(md.topics[0].partitions).toHaveLength(4);
    // Retention: a new projector replays the topic from its first event, whatever the broker's default.
    const { resources } = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms', 'retention.bytes'] }],
    });
    expect(Object.fromEntries(resources[0].configEntries.map((c) => [c.configName, c.configValue]))).toEqual({ 'retention.ms': '-1', 'retention.bytes': '-1' });
  });

  it('shares one group between two buses: every event reaches the group, no bus sees one twice, order kept per stream', async () => {
    const { topic, publisher } = await freshTopic();
    const group = `${topic}-shared`;
    // The second member's join makes kafkajs log "group is rebalancing" ERRORs: expected here, so silenced.
    const [a, b] = [bus(topic, group, { logLevel: logLevel.NOTHING }), bus(topic, group, { logLevel: logLevel.NOTHING })];
    const [recA, recB] = [new EventRecorder(), new EventRecorder()];
    a.subscribe(recA.handler);
    b.subscribe(recB.handler);
    await Promise.all([a.whenSubscribed(), b.whenSubscribed()]);
    const streams = Array.from({ length: 9 }, (_, i) => `shared-${i}`);
    const all = new RecordedEventFactory().interleaved(streams, 10);
    for (let i = 0; i < all.length; i += 15) await publisher.publish(all.slice(i, i + 15));
    const ids = all.map((e) => e.id);
    await waitFor(() => ids.every((id) => recA.hasAll([id]) || recB.hasAll([id])), 'the group to receive everything', {
      detail: () => `a ${recA.events.length}, b ${recB.events.length} of ${all.length}`,
    });
    for (const rec of [recA, recB]) {
      expect(new Set(rec.ids()).size).toBe(rec.events.length);
      for (const s of streams) {
        const revs = rec.revisionsOf(s);
        expect(revs).toEqual([...revs].sort((x, y) => x - y));
      }
    }
  });

  it('resumes a group after its committed offset: a new instance of the group gets only what came later', async () => {
    const { topic, publisher } = await freshTopic();
    const group = `${topic}-resume`;
    const events = new RecordedEventFactory();
    const first = [events.next('resume-1'), events.next('resume-1'), events.next('resume-1')];
    const one = bus(topic, group);
    const recOne = new EventRecorder();
    one.subscribe(recOne.handler);
    await publisher.publish(first);
    await waitFor(() => recOne.hasAll(first.map((e) => e.id)), 'the first events');
    await one.close(); // offsets were committed after the handler ran
    const later = [events.next('resume-1'), events.next('resume-1')];
    await publisher.publish(later);
    const two = bus(topic, group); // fresh instance: its dedupe memory is empty, so only offsets can prevent re-reads
    const recTwo = new EventRecorder();
    two.subscribe(recTwo.handler);
    // Same stream, one partition: a re-read of `first` would arrive before `later`.
    await waitFor(() => recTwo.hasAll(later.map((e) => e.id)), 'the later events');
    expect(recTwo.ids()).toEqual(later.map((e) => e.id));
  });

  it('starts a new group at the oldest retained event', async () => {
    const { topic, publisher } = await freshTopic();
    const all = new RecordedEventFactory().interleaved(['late-1', 'late-2'], 3);
    await publisher.publish(all);
    const late = bus(topic, `${topic}-late`);
    const rec = new EventRecorder();
    late.subscribe(rec.handler);
    await waitFor(() => rec.hasAll(all.map((e) => e.id)), 'the events published before the group existed');
    expect(rec.events).toHaveLength(all.length);
  });

  it('leaves its consumer group on close (no member lingers until the session times out)', async () => {
    const { topic } = await freshTopic();
    const group = `${topic}-leave`;
    const consumer = bus(topic, group);
    consumer.subscribe(() => {});
    await consumer.whenSubscribed();
    await admin.connect();
    expect((await admin.describeGroups([group])).groups[0].members).toHaveLength(1);
    await consumer.close();
    const described = (await admin.describeGroups([group])).groups[0];
    expect(described.members).toHaveLength(0);
    expect(described.state).toBe('Empty');
    await expect(consumer.publish([new RecordedEventFactory().next('x')])).rejects.toThrow(/closed/);
    expect(() => consumer.subscribe(() => {})).toThrow(/closed/);
  });

  it('reports a failing handler and a message that is not an event, and keeps delivering', async () => {
    const { topic, publisher } = await freshTopic();
    await publisher.connect();
    const errors: unknown[] = [];
    const consumer = bus(topic, `${topic}-errors`, { onError: (e) => errors.push(e) });
    const rec = new EventRecorder();
    consumer.subscribe(() => {
      throw new Error('handler failed');
    });
    consumer.subscribe(rec.handler);
    const raw = new Kafka({ brokers, clientId: 'arbitra-test-raw', logLevel: logLevel.ERROR }).producer();
    await raw.connect();
    await raw.send({ topic, messages: [{ key: 'bad', value: 'not json' }] });
    await raw.disconnect();
    const good = new RecordedEventFactory().next('bad'); // same key: after the bad message in its partition
    await publisher.publish([good]);
    await waitFor(() => rec.hasAll([good.id]), 'the good event after the bad message');
    expect(errors.map((e) => String((e as Error).message))).toEqual(expect.arrayContaining([expect.stringMatching(/^skipped .*@0: /), 'handler failed']));
  });
});
