import { createServer } from 'node:http';
import { join } from 'node:path';
import { KafkaEventBus } from '../../libs/bus/kafka/kafka-event-bus.js';
import { kafkaOptionsFromEnv } from '../../libs/bus/kafka/kafka-config.js';
import { loadConfig } from '../../libs/runtime/config.js';
import { openSelectedStore } from '../../libs/runtime/store-selection.js';
import { SqliteEventStore } from '../../libs/store/sqlite/sqlite-event-store.js';
import { PgLeaderLock } from '../../libs/runtime/leader-lock.js';
import { JsonFileCheckpoint } from './relay-checkpoint.js';
import { superviseRelay, type RelayStatus } from './relay-supervisor.js';
import { createLogger } from '../../libs/runtime/logger.js';
import { postgresDependency, startAtStart } from '../../libs/runtime/dependency-wait.js';

// The relay process of the distributed mode: the store's global log -> Kafka, checkpoint after
// the broker's ack. Reads ARBITRA_DATA_DIR (events.db, relay-checkpoint.json), ARBITRA_KAFKA_*
// (see libs/bus/kafka/kafka-config.ts) and ARBITRA_RELAY_BATCH (default 500).
const config = loadConfig();
const logger = createLogger(config.logLevel);
const kafka = kafkaOptionsFromEnv();
if (!kafka) {
  logger.fatal('ARBITRA_KAFKA_BROKERS is not set: the relay has nowhere to publish');
  process.exit(2);
}
const batch = process.env.ARBITRA_RELAY_BATCH ? Number(process.env.ARBITRA_RELAY_BATCH) : undefined;

// PostgreSQL not reachable yet, or gone between that check and the store opening: wait with a backoff (GET /health
// answers 503 meanwhile) and retry. The broker needs no wait here: the supervisor below retries it.
// Another process (the API) appends to this file; the store notices by polling (pollMs).
const store = await startAtStart(
  config.store === 'postgres' ? [postgresDependency(config.pgUrl!)] : [],
  async () => (await openSelectedStore(config)) ?? new SqliteEventStore({ path: join(config.dataDir, 'events.db'), synchronous: config.sqliteSync }),
  { logger, health: { port: config.port, host: config.host } },
);
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'stopping after the batch in flight');
    stop.abort();
  });
}

// On PostgreSQL, one relay is active (a leader lock in the database, libs/runtime/leader-lock.ts); the
// others wait as standbys and take over from the checkpoint kept in the database. A relay whose lock, broker or
// database fails goes back to contending after a backoff (relay-supervisor.ts): it exits only when told to stop.
const topic = kafka.topic ?? 'arbitra.events';
const leader =
  config.store === 'postgres'
    ? new PgLeaderLock({
        connectionString: config.pgUrl!,
        name: `arbitra-relay:${topic}`,
        onRetry: (err, waitMs) => logger.warn({ err, waitMs }, 'the database holding the leader lock cannot be reached; retrying'),
      })
    : undefined;
logger.info({ topic, from: leader ? 'the checkpoint in PostgreSQL' : 'relay-checkpoint.json', head: await store.headPosition() }, 'relay started');
// GET /health on PORT for probes: the process answers, and says whether it is the active relay or a standby.
const status: RelayStatus = { role: 'standby', position: null, lastError: null };
const health = createServer((request, response) => {
  const ok = request.url === '/health' || request.url === '/health/ready';
  response.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
  response.end(JSON.stringify(ok ? { status: 'ok', relay: status } : { status: 404 }));
});
health.on('error', (e) => logger.error({ err: e }, 'relay health endpoint'));
health.listen(config.port, config.host, () => logger.info({ port: config.port }, 'relay health on GET /health'));
await superviseRelay(
  {
    store,
    bus: (deployment) => new KafkaEventBus({ ...kafka, deployment, logger, onError: (e) => logger.error({ err: e }, 'kafka') }),
    checkpoint: new JsonFileCheckpoint(join(config.dataDir, 'relay-checkpoint.json')),
    leader,
    batch,
    logger,
    onRelayed: (count, position) => logger.debug({ count, position }, 'relayed'),
    status,
  },
  stop.signal,
);
health.close();
await store.close();
logger.info('relay stopped');
process.exit(0);
