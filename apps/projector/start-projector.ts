import { join } from 'node:path';
import pino from 'pino';
import type { Server } from 'node:http';
import { Gauge } from 'prom-client';
import { TokenService } from '../../libs/api/auth/token.service.js';
import { createHttpApp } from '../../libs/api/http-app.js';
import type { KafkaEventBusOptions } from '../../libs/bus/kafka/kafka-event-bus.js';
import { logIdentity } from '../../libs/bus/kafka/kafka-event-codec.js';
import { ArbitraCore, type Feature } from '../../libs/runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../libs/runtime/config.js';
import { TokenRevocations } from '../../libs/runtime/features/auth/index.js';
import { DeadLetterTable, withDeadLetters } from '../../libs/runtime/projector/dead-letters.js';
import { bufferedLog, KafkaFeed } from '../../libs/runtime/projector/kafka-feed.js';
import type { ProjectorSettings } from '../../libs/runtime/projector/projector-config.js';
import { ReorderBuffer } from '../../libs/runtime/projector/reorder-buffer.js';
import { openSelectedStore } from '../../libs/runtime/store-selection.js';
import type { EventStore } from '../../libs/store/event-store.port.js';
import { SqliteEventStore } from '../../libs/store/sqlite/sqlite-event-store.js';
import { CONTROLLERS, FEATURES } from '../records/registry.js';
import { readOnlyStore } from './read-only-store.js';

export interface ProjectorOptions {
  readonly config: ArbitraConfig;
  readonly kafka: KafkaEventBusOptions;
  readonly settings: ProjectorSettings;
  readonly logger?: pino.Logger;
  /** The records app's features by default (their projections; never their process managers). */
  readonly features?: readonly Feature[];
  /** The event store for the reads served from it (default: the one ARBITRA_STORE selects); left open on close when given. */
  readonly store?: EventStore;
}

/**
 * The projector service: the records app's projections, fed from Kafka instead of the store, in
 * their own read-model database (`<data dir>/read-models.db`), serving the GET endpoints. It runs
 * no process manager and accepts no command (405: commands go to the api). The store is opened for
 * the reads served from it (a stream's events, `asOfPosition`) and the log head in `/health/ready`.
 */
export async function startProjector(options: ProjectorOptions) {
  const { config, kafka, settings } = options;
  const logger = options.logger ?? pino({ level: config.logLevel });
  const buffer = new ReorderBuffer();
  const features = (options.features ?? FEATURES).map((f) => ({
    ...f,
    processManagers: [],
    projections: (f.projections ?? []).map((p) =>
      withDeadLetters(p, settings.retries, (event, projection, error, attempts) => {
        logger.error({ eventId: event.id, position: event.position, projection, err: error, attempts }, 'dead-lettered');
        deadLetters.record({ event, projection, error, attempts, body: JSON.stringify(event) });
      }),
    ),
  }));
  const core: ArbitraCore = new ArbitraCore({
    config,
    store: options.store
      ? readOnlyStore(options.store, { keepOpen: true })
      : readOnlyStore((await openSelectedStore(config)) ?? new SqliteEventStore({ path: join(config.dataDir, 'events.db'), synchronous: config.sqliteSync })),
    features,
    collectProcessMetrics: true,
    readOnly: true,
    projectionSource: bufferedLog(() => core.store, buffer),
    healthDetails: () => {
      const last = deadLetters.last();
      return { deadLetters: { count: deadLetters.count(), topic: settings.dlqTopic, ...(last ? { last } : {}) }, waitingForEarlier: buffer.waiting };
    },
  });
  const deadLetters: DeadLetterTable = new DeadLetterTable(core.readModels.db);
  new Gauge({
    name: 'arbitra_dead_letters',
    help: 'Events this projector gave up on (after bounded retries) and sent to the dead-letter topic, by projection',
    labelNames: ['projection'],
    registers: [core.metrics.registry],
    collect() {
      this.reset();
      const rows = core.readModels.db.prepare('SELECT projection, count(*) AS n FROM dead_letters GROUP BY projection').all() as Array<{
        projection: string;
        n: number;
      }>;
      for (const r of rows) this.set({ projection: r.projection }, r.n);
    },
  });
  new Gauge({
    name: 'arbitra_projector_waiting_events',
    help: 'Events received from Kafka that wait for an earlier position',
    registers: [core.metrics.registry],
    collect() {
      this.set(buffer.waiting);
    },
  });
  const feed = new KafkaFeed({
    brokers: kafka.brokers,
    clientId: kafka.clientId,
    topic: kafka.topic ?? 'arbitra.events',
    partitions: kafka.partitions,
    retries: kafka.retries,
    groupId: settings.group,
    dlqTopic: settings.dlqTopic,
    buffer,
    deadLetters,
    // Offsets are committed up to what is stored, not only applied in memory: a projector killed now resumes from its
    // stored checkpoints, and Kafka must still hold what follows them.
    applied: () => core.projections.storedPosition,
    identity: () => logIdentity(core.store),
    notify: () => core.projections.notify(),
    onError: (e) => logger.error({ err: e }, 'kafka'),
    logger,
  });
  const { tokens } = TokenService.fromDataDir(config.dataDir, config.jwtSecret, { ttl: config.tokenTtl, maxTtl: config.tokenMaxTtl });
  let metricsServer: Server | undefined;
  let app, revocations: TokenRevocations | undefined;
  try {
    await core.start();
    await feed.start();
    revocations = await TokenRevocations.start(core);
    app = await createHttpApp({ core, config, tokens, revocations, controllers: CONTROLLERS, logger, onMetricsServer: (s) => (metricsServer = s) });
  } catch (e) {
    // A start that failed (the database or broker gone meanwhile) releases what it opened: the caller may try again.
    revocations?.close();
    await feed.stop().catch(() => undefined);
    await core.close().catch(() => undefined);
    throw e;
  }
  const close = async () => {
    await app.close();
    // Projections first: their trailing checkpoints are stored, so the feed's last commit covers all they applied.
    await core.projections.stop();
    await feed.stop();
    await core.close();
  };
  return { core, app, feed, tokens, deadLetters, buffer, metricsServer, close };
}
