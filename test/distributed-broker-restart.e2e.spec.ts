import { afterAll, expect, it, jest } from '@jest/globals';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startProjector } from '../apps/projector/start-projector.js';
import { superviseRelay } from '../apps/relay/relay-supervisor.js';
import { KafkaEventBus } from '../libs/bus/kafka/kafka-event-bus.js';
import { describeWithKafka, uniqueName } from '../libs/bus/testing/kafka-test-env.js';
import { loadConfig } from '../libs/runtime/config.js';
import { SqliteEventStore } from '../libs/store/sqlite/sqlite-event-store.js';
import { BENCH_PROJECTIONS, benchEvent } from '../bench/support/bench-fixtures.js';

/**
 * Issue 16: the broker restarted under load. A broker of this test's own (deploy/kafka/broker.sh on
 * free ports, its own state dir; the shared one other suites use is left alone) is killed with
 * SIGKILL while events are appended, relayed and projected, and started again on the same data
 * (the same java command line, no new format). Every event reaches the read models exactly once.
 */
const root = new URL('..', import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.once('connect', () => (c.destroy(), resolve(true)));
    c.once('error', () => resolve(false));
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeWithKafka('distributed mode: the broker restarted under load', () => {
  let broker: { pid: number; cmd: string[]; dir: string; port: number } | undefined;
  let restarted: ChildProcess | undefined;

  afterAll(async () => {
    if (restarted?.pid) process.kill(restarted.pid, 'SIGKILL');
    else if (broker) process.kill(broker.pid, 'SIGKILL');
  });

  it('relay and projector ride out a broker killed and restarted mid-stream: every event is applied once', async () => {
    const lib = join(root, '.ci-kafka/lib');
    if (!existsSync(lib)) throw new Error('deploy/kafka/broker.sh start must have fetched the broker jars into .ci-kafka/lib');
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-broker-'));
    execFileSync('cp', ['-al', lib, join(dir, 'lib')]);
    const port = await freePort();
    const env = { ...process.env, KAFKA_PORT: String(port), KAFKA_CONTROLLER_PORT: String(await freePort()), KAFKA_CI_DIR: dir };
    execFileSync('bash', [join(root, 'deploy/kafka/broker.sh'), 'start'], { env, stdio: 'ignore' });
    const pid = Number(readFileSync(join(dir, 'broker.pid'), 'utf8'));
    broker = { pid, cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean), dir, port };
    const brokers = [`127.0.0.1:${port}`];

    const topic = uniqueName('arbitra-restart');
    const store = new SqliteEventStore({ path: join(mkdtempSync(join(tmpdir(), 'arbitra-restart-log-')), 'events.db'), synchronous: 'OFF' });
    const stop = new AbortController();
    let saved = 0;
    // kafkajs's lines (connection refused while the broker is down) go to the apps' logger, not to the console.
    const kafkaLines: Array<{ level: number; component?: string }> = [];
    const relayLogger = pino({ level: 'warn' }, { write: (line: string) => void kafkaLines.push(JSON.parse(line) as { level: number }) });
    const consoleError = jest.spyOn(console, 'error');
    // The relay process as its supervisor runs it: a failed run (broker gone too long) is started again from the checkpoint.
    const relaying = superviseRelay(
      {
        store,
        bus: (deployment) => new KafkaEventBus({ brokers, topic, partitions: 3, deployment, logger: relayLogger }),
        checkpoint: { load: async () => saved, save: async (p) => void (saved = p) },
        batch: 20,
        logger: relayLogger,
        backoffMs: 500,
      },
      stop.signal,
    );
    const projector = await startProjector({
      config: loadConfig({ ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'arbitra-restart-proj-')), ARBITRA_SQLITE_SYNC: 'OFF' }),
      kafka: { brokers, topic, partitions: 3 },
      settings: { group: uniqueName('restart'), dlqTopic: `${topic}.dlq`, retries: 0 },
      store,
      features: [{ name: 'bench', projections: BENCH_PROJECTIONS }],
      logger: pino({ level: 'silent' }),
    });
    try {
      const streams = 20;
      const revisions = new Array<number>(streams).fill(-1);
      let n = 0;
      const append = async (count: number) => {
        for (let i = 0; i < count; i++, n++) {
          const s = n % streams;
          await store.append(`bench-game-${s}`, [benchEvent(n)], revisions[s] === -1 ? 'no-stream' : revisions[s]);
          revisions[s]++;
          if (i % 10 === 0) await sleep(5);
        }
      };
      await append(300);
      process.kill(pid, 'SIGKILL'); // the broker dies mid-stream
      await append(300); // the log keeps growing while it is down
      restarted = spawn(broker.cmd[0], broker.cmd.slice(1), { detached: true, stdio: ['ignore', openSync(join(dir, 'restart.log'), 'a'), 'ignore'] });
      for (let i = 0; i < 120 && !(await portOpen(port)); i++) await sleep(500);
      await append(300);

      const head = await store.headPosition();
      expect(head).toBe(900);
      expect(await projector.core.projections.waitFor(head, 90_000)).toBe(true);
      const games = projector.core.readModels.list<{ turns: number }>('bench-game-summary', 'games');
      expect(games).toHaveLength(streams);
      expect(games.reduce((sum, g) => sum + g.value.turns, 0)).toBe(900); // none lost, none applied twice
      expect(projector.deadLetters.count()).toBe(0);
      expect(kafkaLines.some((l) => l.component === 'kafkajs' && l.level >= 40)).toBe(true);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
      stop.abort();
      await projector.close();
      await relaying;
      await store.close();
    }
  }, 240_000);
});
