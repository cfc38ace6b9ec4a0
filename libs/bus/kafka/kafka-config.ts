import type { KafkaEventBusOptions } from './kafka-event-bus.js';

type Env = Record<string, string | undefined>;

/**
 * Kafka bus settings from the environment, or undefined when `ARBITRA_KAFKA_BROKERS` is unset
 * (the runtime then keeps the in-process bus).
 *
 *   ARBITRA_KAFKA_BROKERS     comma-separated host:port list (use 127.0.0.1, not localhost, locally)
 *   ARBITRA_KAFKA_TOPIC       default arbitra.events
 *   ARBITRA_KAFKA_GROUP       consumer group id, default arbitra
 *   ARBITRA_KAFKA_CLIENT_ID   default arbitra
 *   ARBITRA_KAFKA_PARTITIONS  partitions when the topic is created, default 6
 *   ARBITRA_KAFKA_RETRIES     retries of a failed request before the call fails, default 8 (about 25 s)
 */
export function kafkaOptionsFromEnv(env: Env = process.env): KafkaEventBusOptions | undefined {
  const raw = env.ARBITRA_KAFKA_BROKERS?.trim();
  if (!raw) return undefined;
  const brokers = raw
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b.length > 0);
  for (const b of brokers) {
    if (!/^[^\s:]+:\d+$/.test(b)) throw new Error(`ARBITRA_KAFKA_BROKERS: "${b}" is not host:port`);
  }
  const partitions = env.ARBITRA_KAFKA_PARTITIONS ? Number(env.ARBITRA_KAFKA_PARTITIONS) : undefined;
  if (partitions !== undefined && (!Number.isInteger(partitions) || partitions < 1)) {
    throw new Error(`ARBITRA_KAFKA_PARTITIONS must be a positive integer (got ${env.ARBITRA_KAFKA_PARTITIONS})`);
  }
  const retries = env.ARBITRA_KAFKA_RETRIES ? Number(env.ARBITRA_KAFKA_RETRIES) : undefined;
  if (retries !== undefined && (!Number.isInteger(retries) || retries < 0)) {
    throw new Error(`ARBITRA_KAFKA_RETRIES must be a whole number of retries (got ${env.ARBITRA_KAFKA_RETRIES})`);
  }
  return {
    brokers,
    topic: env.ARBITRA_KAFKA_TOPIC || undefined,
    groupId: env.ARBITRA_KAFKA_GROUP || undefined,
    clientId: env.ARBITRA_KAFKA_CLIENT_ID || undefined,
    partitions,
    ...(retries !== undefined && { retries }),
  };
}
