import { describe, expect, it, jest } from '@jest/globals';
import kafkajs from 'kafkajs';
import { createServer } from 'node:net';
import pino from 'pino';
import { kafkajsLogCreator } from './kafkajs-log.js';

const { Kafka, logLevel } = kafkajs;

/** A pino logger at `level` whose lines are parsed into `lines`. */
function memoryLogger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level }, { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) });
  return { logger, lines };
}

/** A port nothing listens on (taken, then released). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('kafkajs lines through the app logger', () => {
  it("writes each kafkajs level at pino's matching level, with kafkajs's namespace and fields", () => {
    const { logger, lines } = memoryLogger('debug');
    const log = kafkajsLogCreator(logger)(logLevel.DEBUG);
    const entry = (level: number, message: string) => ({
      namespace: 'Connection',
      level,
      label: 'X',
      log: { timestamp: '2026-12-01T00:00:00.000Z', logger: 'kafkajs', message, broker: '127.0.0.1:9092', clientId: 'arbitra' },
    });
    log(entry(logLevel.ERROR, 'connection refused'));
    log(entry(logLevel.WARN, 'retrying'));
    log(entry(logLevel.INFO, 'joined the group'));
    log(entry(logLevel.DEBUG, 'request sent'));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'connection refused'],
      [40, 'retrying'],
      [30, 'joined the group'],
      [20, 'request sent'],
    ]);
    expect(lines[0]).toMatchObject({ component: 'kafkajs', namespace: 'Connection', broker: '127.0.0.1:9092', clientId: 'arbitra' });
    // pino's own time and logger fields, not kafkajs's copies.
    expect(lines[0]).not.toHaveProperty('timestamp');
    expect(lines[0]).not.toHaveProperty('logger');
  });

  it("drops what is below the app logger's level", () => {
    const { logger, lines } = memoryLogger('warn');
    const log = kafkajsLogCreator(logger)(logLevel.INFO);
    log({ namespace: 'Consumer', level: logLevel.INFO, label: 'INFO', log: { timestamp: 't', message: 'started' } });
    expect(lines).toEqual([]);
  });

  it('a real kafkajs client refused by a closed port logs its connection error through the app logger, not on the console', async () => {
    const { logger, lines } = memoryLogger('info');
    const consoleError = jest.spyOn(console, 'error');
    try {
      const kafka = new Kafka({
        clientId: 'arbitra-log-test',
        brokers: [`127.0.0.1:${await closedPort()}`],
        logLevel: logLevel.WARN,
        logCreator: kafkajsLogCreator(logger),
        retry: { retries: 0 },
      });
      const admin = kafka.admin();
      await expect(admin.connect()).rejects.toThrow(/ECONNREFUSED|connect/i);
      expect(lines.some((l) => l.level === 50 && l.component === 'kafkajs' && /ECONNREFUSED/.test(String(l.msg)))).toBe(true);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });
});
