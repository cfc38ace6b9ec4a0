import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import pino from 'pino';
import { StoreUnavailableError } from '../store/event-store.port.js';
import { isUnreachable, postgresDependency, startWhenReachable, waitForDependencies, type Dependency } from './dependency-wait.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A pino logger whose lines are kept as objects. */
function recordingLogger() {
  const lines: Array<{ msg: string; dependency?: string; waitMs?: number }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('waitForDependencies (a service started before its database or broker)', () => {
  it('retries with a doubling backoff, answers its probes 503 naming what it waits for once a check failed, and frees the port once all answer', async () => {
    const port = await freePort();
    const { logger, lines } = recordingLogger();
    const probes: Array<{ status: number; body: unknown } | 'nothing listening'> = [];
    let kafkaChecks = 0;
    const postgres: Dependency = { name: 'postgres', check: async () => undefined };
    const kafka: Dependency = {
      name: 'kafka',
      check: async () => {
        kafkaChecks++;
        const r = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null);
        probes.push(r ? { status: r.status, body: await r.json() } : 'nothing listening');
        if (r) expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200); // alive meanwhile
        if (kafkaChecks < 4) throw new Error('connect ECONNREFUSED');
      },
    };
    const ok = await waitForDependencies([postgres, kafka], { logger, health: { port, host: '127.0.0.1' }, initialBackoffMs: 5, maxBackoffMs: 12 });
    expect(ok).toBe(true);
    // Nothing bound before the first failure; then 503 naming what is still awaited.
    const starting = { status: 503, body: { status: 'starting', waitingFor: ['kafka'] } };
    expect(probes).toEqual(['nothing listening', starting, starting, starting]);
    expect(lines.filter((l) => l.dependency === 'kafka').map((l) => [l.msg, l.waitMs])).toEqual([
      ['kafka cannot be reached yet; not ready, retrying', 5],
      ['kafka cannot be reached yet; not ready, retrying', 10],
      ['kafka cannot be reached yet; not ready, retrying', 12],
      ['kafka is reachable; starting', undefined],
    ]);
    // The port is free again for the service itself.
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });

  it('gives up when stopped while waiting (false), and a PostgreSQL nobody listens for is a failed check', async () => {
    const { logger, lines } = recordingLogger();
    const stop = new AbortController();
    const pg = postgresDependency(`postgres://nobody@127.0.0.1:${await freePort()}/none`);
    await expect(pg.check()).rejects.toThrow(/ECONNREFUSED/);
    const waiting = waitForDependencies([pg], { logger, signal: stop.signal, initialBackoffMs: 60_000 });
    while (!lines.some((l) => l.dependency === 'postgres')) await new Promise((r) => setTimeout(r, 10));
    stop.abort();
    expect(await waiting).toBe(false);
  });
});

describe('startWhenReachable (the database gone between the dependency check and the store opening)', () => {
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('tries the check and the start again while the start fails unreachable, the probes 503 meanwhile, and frees the port once started', async () => {
    const port = await freePort();
    const { logger, lines } = recordingLogger();
    const calls: string[] = [];
    const probes: Array<number | 'nothing listening'> = [];
    const postgres: Dependency = { name: 'postgres', check: async () => void calls.push('check') };
    const started = await startWhenReachable(
      [postgres],
      async () => {
        calls.push('start');
        probes.push((await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.status ?? 'nothing listening');
        // As openSelectedStore wraps it: the connection failure is the cause.
        if (calls.filter((c) => c === 'start').length < 3) throw new Error('cannot open the event log', { cause: refused() });
        return 'the store';
      },
      { logger, health: { port, host: '127.0.0.1' }, initialBackoffMs: 5, maxBackoffMs: 8 },
    );
    expect(started).toEqual({ started: 'the store' });
    expect(calls).toEqual(['check', 'start', 'check', 'start', 'check', 'start']);
    expect(probes).toEqual(['nothing listening', 503, 503]);
    expect(lines.filter((l) => l.msg.startsWith('a dependency went away')).map((l) => l.waitMs)).toEqual([5, 8]);
    expect(lines.at(-1)?.msg).toBe('started after its dependencies came back');
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });

  it('throws a start error that is not about reaching a dependency, at once, without retrying', async () => {
    const { logger } = recordingLogger();
    let starts = 0;
    const broken = new Error('the log is broken at position 12');
    await expect(
      startWhenReachable(
        [],
        async () => {
          starts++;
          throw broken;
        },
        { logger, initialBackoffMs: 5 },
      ),
    ).rejects.toBe(broken);
    expect(starts).toBe(1);
  });

  it('gives up (undefined) when stopped during the backoff after a failed start', async () => {
    const { logger, lines } = recordingLogger();
    const stop = new AbortController();
    const starting = startWhenReachable(
      [],
      async () => {
        throw refused();
      },
      { logger, signal: stop.signal, initialBackoffMs: 60_000 },
    );
    while (!lines.some((l) => l.msg.startsWith('a dependency went away'))) await new Promise((r) => setTimeout(r, 10));
    stop.abort();
    expect(await starting).toBeUndefined();
  });

  it('counts as unreachable: a PostgreSQL restart, a store unavailable, a broker kafkajs gave up on; not a refusal', () => {
    expect(isUnreachable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isUnreachable(new StoreUnavailableError(new Error('down')))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('Connection error: connect ECONNREFUSED'), { name: 'KafkaJSConnectionError' }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('password authentication failed'), { code: '28P01' }))).toBe(false);
    expect(isUnreachable(new Error('relation "events" has no column "hash"'))).toBe(false);
  });
});
