import { join } from 'node:path';
import { KafkaEventBus } from '../../libs/bus/kafka/kafka-event-bus.js';
import { kafkaOptionsFromEnv } from '../../libs/bus/kafka/kafka-config.js';
import { loadConfig } from '../../libs/runtime/config.js';
import { openSelectedStore } from '../../libs/runtime/store-selection.js';
import { SqliteEventStore } from '../../libs/store/sqlite/sqlite-event-store.js';
import { PgLeaderLock } from '../../libs/runtime/leader-lock.js';
import { JsonFileCheckpoint, type RelayCheckpoint } from './relay-checkpoint.js';
import { Relay } from './relay.js';
import { createLogger } from '../../libs/runtime/logger.js';

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

// Another process (the API) appends to this file; the store notices by polling (pollMs).
const store = (await openSelectedStore(config)) ?? new SqliteEventStore({ path: join(config.dataDir, 'events.db'), synchronous: config.sqliteSync });
const bus = new KafkaEventBus({ ...kafka, logger, onError: (e) => logger.error({ err: e }, 'kafka') });
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'stopping after the batch in flight');
    stop.abort();
  });
}

// On PostgreSQL, one relay is active (a leader lock in the database, libs/runtime/leader-lock.ts); the
// others wait as standbys and take over from the checkpoint kept in the database.
let checkpoint: RelayCheckpoint = new JsonFileCheckpoint(join(config.dataDir, 'relay-checkpoint.json'));
let lock: PgLeaderLock | undefined;
if (config.store === 'postgres') {
  lock = new PgLeaderLock({ connectionString: config.pgUrl!, name: `arbitra-relay:${bus.topic}` });
  logger.info({ lock: `arbitra-relay:${bus.topic}` }, 'standby: waiting for the relay leader lock');
  if (!(await lock.acquire(stop.signal))) process.exit(0);
  logger.info('leader: this relay is the active one');
  lock.onLost((e) => {
    logger.error({ err: e }, 'leader lock lost: stopping');
    process.exit(1);
  });
  checkpoint = lock.checkpoint();
}
const relay = new Relay({
  store,
  bus,
  checkpoint,
  batch,
  onRelayed: (count, position) => logger.debug({ count, position }, 'relayed'),
});

await bus.connect();
logger.info({ topic: bus.topic, from: await checkpoint.load(), head: await store.headPosition() }, 'relay started');
let exitCode = 0;
try {
  await relay.run(stop.signal);
} catch (e) {
  logger.error({ err: e }, 'relay failed; restart it to resume from the checkpoint');
  exitCode = 1;
} finally {
  await lock?.release();
  await bus.close();
  await store.close();
}
logger.info('relay stopped');
process.exit(exitCode);
