import 'reflect-metadata';
import { kafkaOptionsFromEnv } from '../../libs/bus/kafka/kafka-config.js';
import { loadConfig } from '../../libs/runtime/config.js';
import { projectorSettingsFromEnv } from '../../libs/runtime/projector/projector-config.js';
import { describeStore } from '../../libs/runtime/store-selection.js';
import { startProjector } from './start-projector.js';
import { closeOnSignal } from '../records/shutdown.js';
import { createLogger } from '../../libs/runtime/logger.js';
import { kafkaDependency, postgresDependency, startAtStart } from '../../libs/runtime/dependency-wait.js';

// The projector process of the distributed mode: Kafka -> read models (its own read-models.db) -> GET endpoints.
// Reads ArbitraConfig (libs/runtime/config.ts), ARBITRA_KAFKA_* and ARBITRA_PROJECTOR_* / ARBITRA_DLQ_TOPIC.
const config = loadConfig();
const logger = createLogger(config.logLevel);
const kafka = kafkaOptionsFromEnv();
if (!kafka) {
  logger.fatal('ARBITRA_KAFKA_BROKERS is not set: the projector has nothing to consume');
  process.exit(2);
}
const settings = projectorSettingsFromEnv(process.env, kafka.topic);
// The database or the broker not reachable yet, or gone between that check and the start: wait, not ready (503 on the
// health probes), and retry with a backoff.
const dependencies = [...(config.store === 'postgres' ? [postgresDependency(config.pgUrl!)] : []), kafkaDependency(kafka.brokers, kafka.clientId)];
const projector = await startAtStart(dependencies, () => startProjector({ config, kafka, settings, logger }), {
  logger,
  health: { port: config.port, host: config.host },
});
await projector.app.listen({ port: config.port, host: config.host });
// The stop handler is in place before the banner says the server is up: a SIGTERM right after it is a clean stop.
closeOnSignal(logger, async () => {
  await projector.close();
});
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
process.stdout.write(
  [
    `Arbitra projector listening on ${url}`,
    `  read models: ${config.dataDir}/read-models.db (from Kafka ${kafka.brokers.join(',')}, topic ${kafka.topic ?? 'arbitra.events'}, group ${settings.group})`,
    `  dead letters: ${settings.dlqTopic} after ${settings.retries + 1} attempts`,
    `  events:      ${describeStore(config)}`,
  ].join('\n') + '\n',
);
