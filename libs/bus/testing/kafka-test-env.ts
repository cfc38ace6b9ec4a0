import { describe, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';

/** Brokers for integration tests, from `ARBITRA_KAFKA_BROKERS` (comma-separated), or undefined. */
export function testBrokers(): string[] | undefined {
  const raw = process.env.ARBITRA_KAFKA_BROKERS?.trim();
  return raw
    ? raw
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean)
    : undefined;
}

/** A topic or group name no earlier run (or other test) has used. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/**
 * `describe` for suites that need a real broker. Without `ARBITRA_KAFKA_BROKERS`: in CI
 * (`CI=true`) one failing test says what is missing, never a silent skip; elsewhere the suite
 * is skipped with a printed note.
 */
export function describeWithKafka(name: string, body: (brokers: string[]) => void): void {
  const brokers = testBrokers();
  if (brokers) {
    describe(name, () => body(brokers));
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs a Kafka broker', () => {
        throw new Error('ARBITRA_KAFKA_BROKERS is not set: CI must start deploy/kafka/broker.sh and export ARBITRA_KAFKA_BROKERS=127.0.0.1:9092');
      });
    });
  } else {
    console.log(`skipped "${name}": set ARBITRA_KAFKA_BROKERS (e.g. 127.0.0.1:9092 after deploy/kafka/broker.sh start) to run it`);
    describe.skip(name, () => body([]));
  }
}
