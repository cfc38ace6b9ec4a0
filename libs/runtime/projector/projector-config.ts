import { hostname } from 'node:os';

type Env = Record<string, string | undefined>;

/** What the projector reads besides ArbitraConfig and the Kafka settings (libs/bus/kafka/kafka-config.ts). */
export interface ProjectorSettings {
  /** Consumer group; each projector replica keeps its own read models, so each has its own group (default `arbitra-projector-<hostname>`). */
  readonly group: string;
  /** Where an event goes once a projection failed on it `retries + 1` times (default `<topic>.dlq`). */
  readonly dlqTopic: string;
  /** Attempts after the first before an event is dead-lettered for a projection (default 3). */
  readonly retries: number;
}

/**
 *   ARBITRA_PROJECTOR_GROUP    consumer group of this replica (k8s: the pod name)
 *   ARBITRA_DLQ_TOPIC          dead-letter topic, default <ARBITRA_KAFKA_TOPIC>.dlq
 *   ARBITRA_PROJECTOR_RETRIES  default 3
 */
export function projectorSettingsFromEnv(env: Env = process.env, topic = 'arbitra.events'): ProjectorSettings {
  const retries = env.ARBITRA_PROJECTOR_RETRIES ? Number(env.ARBITRA_PROJECTOR_RETRIES) : 3;
  if (!Number.isInteger(retries) || retries < 0 || retries > 100) {
    throw new Error(`ARBITRA_PROJECTOR_RETRIES must be an integer from 0 to 100 (got ${env.ARBITRA_PROJECTOR_RETRIES})`);
  }
  return {
    group: env.ARBITRA_PROJECTOR_GROUP || `arbitra-projector-${hostname()}`,
    dlqTopic: env.ARBITRA_DLQ_TOPIC || `${topic}.dlq`,
    retries,
  };
}
