import kafkajs from 'kafkajs';
import type { Kafka as KafkaClient } from 'kafkajs';
import type { Logger } from 'pino';
import { kafkajsLogCreator } from './kafkajs-log.js';

const { Kafka, logLevel } = kafkajs;

/**
 * A kafkajs client as the bus and the projector's feed use it: retried `retries` times (default 8, about 25 s of
 * backoff) from 100 ms, kafkajs's own lines at `logLevel` (default WARN), written through `logger` when one is given
 * (else kafkajs's console logger). Past its retries a call fails: the relay and the projector then start over.
 */
export function kafkaClient(options: { clientId: string; brokers: readonly string[]; logLevel?: number; logger?: Logger; retries?: number }): KafkaClient {
  return new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    logLevel: options.logLevel ?? logLevel.WARN,
    ...(options.logger && { logCreator: kafkajsLogCreator(options.logger) }),
    retry: { retries: options.retries ?? 8, initialRetryTime: 100 },
  });
}
