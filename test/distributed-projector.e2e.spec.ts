import { afterAll, beforeAll, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import kafkajs from 'kafkajs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { startProjector } from '../apps/projector/start-projector.js';
import { Relay } from '../apps/relay/relay.js';
import { KafkaEventBus } from '../libs/bus/kafka/kafka-event-bus.js';
import { encodeEvent, logIdentity } from '../libs/bus/kafka/kafka-event-codec.js';
import { eventHash } from '../libs/store/hash-chain.js';
import { describeWithKafka, uniqueName } from '../libs/bus/testing/kafka-test-env.js';
import { loadConfig } from '../libs/runtime/config.js';
import { webhookDispatcher } from '../libs/runtime/features/webhooks/index.js';
import type { ReadModelStore } from '../libs/runtime/projections/read-model-store.js';
import type { RecordedEvent } from '../libs/store/event-store.port.js';
import { recordTournament } from './support/audit-scenario.js';
import { RecordsHarness } from './support/records-harness.js';

const { Kafka, logLevel } = kafkajs;
const root = new URL('..', import.meta.url).pathname;

/** Every document of every projection, in one canonical order. */
function documents(readModels: ReadModelStore) {
  return readModels.db.prepare('SELECT projection, collection, key, value FROM documents ORDER BY projection, collection, key').all();
}

function projectorConfig(metricsPublic = true) {
  return loadConfig({
    ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'arbitra-projector-')),
    ARBITRA_WAIT_MAX_MS: '10000',
    ARBITRA_RATE_LIMIT_PER_IP: '0',
    ARBITRA_RATE_LIMIT_PER_TOKEN: '0',
    ARBITRA_METRICS_PUBLIC: String(metricsPublic),
  });
}

/** Relays the whole log of `h` to `topic` with the real relay, then stops it. */
async function relayAll(h: RecordsHarness, brokers: string[], topic: string): Promise<number> {
  const bus = new KafkaEventBus({ brokers, topic, partitions: 6, deployment: await logIdentity(h.core.store) });
  const head = await h.core.store.headPosition();
  let saved = 0;
  const stop = new AbortController();
  const relay = new Relay({
    store: h.core.store,
    bus,
    checkpoint: { load: async () => saved, save: async (p) => void (saved = p) },
    batch: 7, // several pages, so streams interleave across partitions
    onRelayed: (_n, position) => position >= head && stop.abort(),
  });
  await relay.run(stop.signal);
  await bus.close();
  return head;
}

describeWithKafka('distributed mode: the projector service (Kafka -> read models)', (brokers) => {
  let h: RecordsHarness;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    h = await RecordsHarness.start();
    await recordTournament(h, 'kafka-open');
    await recordTournament(h, 'kafka-cup');
  }, 60_000);

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    await h?.stop();
  });

  it('builds, through Kafka, read models equal to a full replay of the log, and serves the same GET answers', async () => {
    const topic = uniqueName('arbitra-proj');
    const head = await relayAll(h, brokers, topic);
    const options = {
      config: projectorConfig(),
      kafka: { brokers, topic },
      settings: { group: uniqueName('proj'), dlqTopic: `${topic}.dlq`, retries: 2 },
      store: h.core.store,
      logger: pino({ level: 'silent' }),
    };
    const projector = await startProjector(options);
    cleanups.push(() => projector.close());
    expect(await projector.core.projections.waitFor(head, 30_000)).toBe(true);

    await h.core.projections.rebuild(); // the full replay, from the store
    expect(documents(projector.core.readModels)).toEqual(documents(h.core.readModels));
    expect(projector.deadLetters.count()).toBe(0);

    const path = '/v1/tournaments/kafka-open/standings';
    const viaProjector = await request(projector.app.getHttpServer()).get(path);
    const viaRecords = await request(h.app.getHttpServer()).get(path);
    expect(viaProjector.status).toBe(200);
    expect(viaProjector.body).toEqual(viaRecords.body);

    // A command sent to a projector is refused: commands go to the api.
    const refused = await request(projector.app.getHttpServer())
      .post('/v1/tournaments')
      .set('authorization', `Bearer ${projector.tokens.issue({ sub: 'a', role: 'admin' })}`)
      .send({ id: 'nope', name: 'Nope', discipline: 'scrabble', pairingSystems: ['australian-draw'] });
    expect(refused.status).toBe(405);
    expect(await h.core.store.streamInfo('tournament-nope')).toMatchObject({ revision: -1 });

    // Nor does it send webhooks: every attempt is recorded, which a projector cannot do (before, it would contend for
    // the api's leader lock on PostgreSQL and could send a delivery it cannot record). The admin's delivery log is a
    // read model: the projector still serves it.
    expect(webhookDispatcher(projector.core)).toBeUndefined();
    expect(webhookDispatcher(h.core)).toBeDefined();
  }, 90_000);

  it('sends a poison event and an undecodable message to the dead-letter topic while every later event flows; an admin’s readiness and metrics show it', async () => {
    const topic = uniqueName('arbitra-poison');
    const dlqTopic = `${topic}.dlq`;
    const log: RecordedEvent[] = await h.core.store.readAll(0, 10_000);
    const head = log[log.length - 1].position;
    // A player registration whose data is gone: the tournament projections throw on it, every attempt.
    const victim = log.find((e) => e.type === 'tournament.PlayerRegistered' && e.position < head - 5)!;
    // Hashed anew: a well-formed event of this log that the projections cannot apply (a projection bug), not an altered copy.
    const poisoned = { ...JSON.parse(JSON.stringify(victim)), data: null } as RecordedEvent;
    (poisoned.meta as { hash: string }).hash = eventHash(poisoned);
    const identity = await logIdentity(h.core.store);
    const kafka = new Kafka({ clientId: 'poison-test', brokers, logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 3 }] });
    await admin.disconnect();
    const producer = kafka.producer();
    await producer.connect();
    const messages = log.map((e) => encodeEvent(e.id === victim.id ? poisoned : JSON.parse(JSON.stringify(e)), identity));
    messages.splice(3, 0, { key: 'garbage', value: 'this is not an event' });
    await producer.send({ topic, acks: -1, messages });
    await producer.disconnect();

    const projector = await startProjector({
      config: projectorConfig(),
      kafka: { brokers, topic },
      settings: { group: uniqueName('proj'), dlqTopic, retries: 2 },
      store: h.core.store,
      logger: pino({ level: 'silent' }),
    });
    cleanups.push(() => projector.close());
    expect(await projector.core.projections.waitFor(head, 30_000)).toBe(true); // the partition was not blocked
    expect(projector.deadLetters.count()).toBeGreaterThanOrEqual(2);
    const letters = projector.core.readModels.db.prepare('SELECT event_id, projection, attempts FROM dead_letters').all();
    expect(letters).toContainEqual(expect.objectContaining({ event_id: victim.id, attempts: 3 })); // 1 + 2 retries
    expect(letters).toContainEqual(expect.objectContaining({ event_id: null, projection: '(decode)' }));
    // Every later event was applied: the other tournament, registered after the victim, is there.
    const later = await request(projector.app.getHttpServer()).get('/v1/tournaments/kafka-cup/standings');
    expect(later.status).toBe(200);

    await projector.feed.flush();
    const consumer = kafka.consumer({ groupId: uniqueName('dlq-reader') });
    const seen: Array<{ id: string | undefined; projection: string; value: string }> = [];
    await consumer.connect();
    await consumer.subscribe({ topics: [dlqTopic], fromBeginning: true });
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          const value = message.value?.toString('utf8') ?? '';
          let id: string | undefined;
          try {
            id = (JSON.parse(value) as RecordedEvent).id;
          } catch {
            id = undefined;
          }
          seen.push({ id, projection: String(message.headers?.['arbitra-dead-letter-projection']), value });
          if (seen.some((s) => s.id === victim.id) && seen.some((s) => s.value === 'this is not an event')) resolve();
        },
      });
    });
    await done;
    await consumer.disconnect();
    expect(seen.filter((s) => s.id === victim.id).length).toBeGreaterThanOrEqual(1);

    // The public learns that the service is degraded, not the dead letters: each is a recorded event (issue 32).
    const adminToken = `Bearer ${projector.tokens.issue({ sub: 'a', role: 'admin' })}`;
    const health = await request(projector.app.getHttpServer()).get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const anonymousReady = await request(projector.app.getHttpServer()).get('/health/ready');
    expect(anonymousReady.body.details.service).toEqual({ status: 'degraded' });
    const ready = await request(projector.app.getHttpServer()).get('/health/ready').set('authorization', adminToken);
    expect(ready.body.details.service.deadLetters).toMatchObject({ count: projector.deadLetters.count(), topic: dlqTopic });
    // Public metrics (ARBITRA_METRICS_PUBLIC=true) leave them out too; an admin's have them.
    const anonymous = await request(projector.app.getHttpServer()).get('/metrics').expect(200);
    expect(anonymous.text).not.toContain('arbitra_dead_letters');
    const metrics = await request(projector.app.getHttpServer()).get('/metrics').set('authorization', adminToken);
    expect(metrics.text).toMatch(/arbitra_dead_letters\{projection="\(decode\)"\} 1/);
  }, 90_000);

  it("refuses another deployment's message and an altered copy to the dead-letter topic; the log's own event sent after the copy is applied; readiness is degraded until a rebuild clears them", async () => {
    const topic = uniqueName('arbitra-trust');
    const log: RecordedEvent[] = await h.core.store.readAll(0, 10_000);
    const head = log[log.length - 1].position;
    const identity = await logIdentity(h.core.store);
    const victim = log.find((e) => e.type === 'tournament.PlayerRegistered' && e.position < head - 5)!;
    // Renamed on the way, its hash left as it was.
    const altered = { ...JSON.parse(JSON.stringify(victim)), data: { ...(victim.data as object), name: 'Mallory' } } as RecordedEvent;
    // Another deployment on the same cluster and topic: a well-formed event of its own log at a position this log uses.
    const other = { ...JSON.parse(JSON.stringify(log[1])), id: 'other-deployment-event' } as RecordedEvent;
    (other.meta as { hash: string }).hash = eventHash(other);
    const messages = log.flatMap((e) => (e.id === victim.id ? [encodeEvent(altered, identity), encodeEvent(e, identity)] : [encodeEvent(e, identity)]));
    messages.unshift(encodeEvent(other, 'another-deployment'));
    const kafka = new Kafka({ clientId: 'trust-test', brokers, logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 3 }] });
    await admin.disconnect();
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, acks: -1, messages });
    await producer.disconnect();

    const options = {
      config: projectorConfig(),
      kafka: { brokers, topic },
      settings: { group: uniqueName('proj'), dlqTopic: `${topic}.dlq`, retries: 2 },
      store: h.core.store,
      logger: pino({ level: 'silent' }),
    };
    const projector = await startProjector(options);
    cleanups.push(() => projector.close());
    expect(await projector.core.projections.waitFor(head, 30_000)).toBe(true);
    const letters = projector.core.readModels.db.prepare('SELECT event_id, projection FROM dead_letters ORDER BY id').all();
    expect(letters).toEqual(
      expect.arrayContaining([
        { event_id: 'other-deployment-event', projection: '(foreign)' },
        { event_id: victim.id, projection: '(altered)' },
      ]),
    );
    expect(letters).toHaveLength(2);
    // The read models are the log's: the real registration, not the renamed copy, and nothing of the other deployment.
    await h.core.projections.rebuild();
    expect(documents(projector.core.readModels)).toEqual(documents(h.core.readModels));
    const adminToken = `Bearer ${projector.tokens.issue({ sub: 'a', role: 'admin' })}`;
    const ready = await request(projector.app.getHttpServer()).get('/health/ready').set('authorization', adminToken);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.details.service).toMatchObject({ status: 'degraded', deadLetters: { count: 2 } });

    // The operator's fix: stop the projector, rebuild its read models from the log with the built CLI's `replay` (here
    // on a consistent copy of the log in its data dir), start it again: /health stops listing the dead letters.
    await projector.close();
    const dataDir = options.config.dataDir;
    const source = new Database(join(h.config.dataDir, 'events.db'), { readonly: true });
    source.exec(`VACUUM INTO '${join(dataDir, 'events.db')}'`);
    source.close();
    const replayed = execFileSync(process.execPath, [join(root, 'dist/apps/records/cli.js'), 'replay'], {
      env: { ...process.env, ARBITRA_DATA_DIR: dataDir, ARBITRA_STORE: 'sqlite' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(replayed).toContain('cleared 2 dead letters of the rebuilt read models');
    const again = await startProjector(options);
    cleanups.push(() => again.close());
    expect(await again.core.projections.waitFor(head, 30_000)).toBe(true);
    const after = await request(again.app.getHttpServer())
      .get('/health/ready')
      .set('authorization', `Bearer ${again.tokens.issue({ sub: 'a', role: 'admin' })}`);
    expect(after.body.details.service).toMatchObject({ status: 'up', deadLetters: { count: 0 } });
    expect(documents(again.core.readModels)).toEqual(documents(h.core.readModels));
  }, 90_000);
});
