import { describe, expect, it } from '@jest/globals';
import { kafkaOptionsFromEnv } from './kafka-config.js';

describe('kafkaOptionsFromEnv', () => {
  it('is undefined without ARBITRA_KAFKA_BROKERS (the in-process bus stays)', () => {
    expect(kafkaOptionsFromEnv({})).toBeUndefined();
    expect(kafkaOptionsFromEnv({ ARBITRA_KAFKA_BROKERS: ' ' })).toBeUndefined();
  });

  it('reads a comma-separated broker list and the optional settings', () => {
    expect(
      kafkaOptionsFromEnv({
        ARBITRA_KAFKA_BROKERS: '127.0.0.1:9092, k2:9093,',
        ARBITRA_KAFKA_TOPIC: 't',
        ARBITRA_KAFKA_GROUP: 'g',
        ARBITRA_KAFKA_PARTITIONS: '3',
      }),
    ).toEqual({ brokers: ['127.0.0.1:9092', 'k2:9093'], topic: 't', groupId: 'g', clientId: undefined, partitions: 3 });
  });

  it('refuses a broker without a port and a bad partition count', () => {
    expect(() => kafkaOptionsFromEnv({ ARBITRA_KAFKA_BROKERS: 'localhost' })).toThrow(/host:port/);
    expect(() => kafkaOptionsFromEnv({ ARBITRA_KAFKA_BROKERS: 'a:1', ARBITRA_KAFKA_PARTITIONS: '0' })).toThrow(/positive integer/);
  });

  it('reads the client retries (how long an outage a call rides out) and refuses a non-number', () => {
    expect(kafkaOptionsFromEnv({ ARBITRA_KAFKA_BROKERS: 'a:1', ARBITRA_KAFKA_RETRIES: '2' })?.retries).toBe(2);
    expect(kafkaOptionsFromEnv({ ARBITRA_KAFKA_BROKERS: 'a:1' })?.retries).toBeUndefined();
    expect(() => kafkaOptionsFromEnv({ ARBITRA_KAFKA_BROKERS: 'a:1', ARBITRA_KAFKA_RETRIES: 'many' })).toThrow(/ARBITRA_KAFKA_RETRIES/);
  });
});
