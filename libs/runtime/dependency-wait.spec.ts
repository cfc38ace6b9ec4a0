import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import pino from 'pino';
import { postgresDependency, waitForDependencies, type Dependency } from './dependency-wait.js';

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
