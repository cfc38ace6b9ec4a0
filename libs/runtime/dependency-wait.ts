import { createServer, type Server } from 'node:http';
import pg from 'pg';
import type { Logger } from 'pino';
import { kafkaClient } from '../bus/kafka/kafka-client.js';
import { abortableDelay } from './leader-lock.js';

/** Something a service needs reachable before it starts (its database, its broker). */
export interface Dependency {
  /** For the log and the health answer: `postgres`, `kafka`. */
  readonly name: string;
  /** Resolves once it answers; rejects with why not. */
  check(): Promise<void>;
}

export function postgresDependency(connectionString: string): Dependency {
  return {
    name: 'postgres',
    check: async () => {
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

export function kafkaDependency(brokers: readonly string[], clientId = 'arbitra'): Dependency {
  return {
    name: 'kafka',
    check: async () => {
      // One attempt, no retries of its own (the wait below retries), kafkajs's lines silenced (logLevel NOTHING).
      const admin = kafkaClient({ clientId, brokers, retries: 0, logLevel: 0 }).admin();
      try {
        await admin.connect();
        await admin.describeCluster();
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
    },
  };
}

export interface DependencyWaitOptions {
  readonly logger: Logger;
  readonly signal?: AbortSignal;
  /** While waiting, GET /health and /health/ready on this port answer 503 (the port the service listens on once started). */
  readonly health?: { readonly port: number; readonly host: string };
  /** First wait after a failed check (default 500 ms), doubling up to `maxBackoffMs` (default 10 s). */
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
}

/**
 * Waits until every dependency answers, checking again with a doubling backoff and logging each failure, instead of
 * letting a service exit when its database or broker is not up yet (a whole deployment started at once). After a first
 * failure, a small server answers the probes `starting`: `/health` 200 (alive), `/health/ready` 503 (not ready). Resolves true once all
 * answer, false if `signal` aborted first.
 */
export async function waitForDependencies(dependencies: readonly Dependency[], options: DependencyWaitOptions): Promise<boolean> {
  const { logger, signal = new AbortController().signal } = options;
  const waiting = new Set(dependencies.map((d) => d.name));
  let health: Server | undefined; // bound at the first failure only: a service whose dependencies answer never binds it
  try {
    for (const dependency of dependencies) {
      for (let failures = 0; ; failures++) {
        if (signal.aborted) return false;
        try {
          await dependency.check();
          if (failures > 0) logger.info({ dependency: dependency.name, failures }, `${dependency.name} is reachable; starting`);
          waiting.delete(dependency.name);
          break;
        } catch (err) {
          const waitMs = Math.min((options.initialBackoffMs ?? 500) * 2 ** failures, options.maxBackoffMs ?? 10_000);
          logger.warn({ err, dependency: dependency.name, waitMs }, `${dependency.name} cannot be reached yet; not ready, retrying`);
          if (options.health && !health) health = await startingHealth(options.health, () => [...waiting]);
          await abortableDelay(waitMs, signal);
        }
      }
    }
    return true;
  } finally {
    const server = health;
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  }
}

function startingHealth(at: { port: number; host: string }, waitingFor: () => string[]): Promise<Server> {
  // Liveness (`/health`) holds: the process runs and retries (a probe failing it would restart the process for nothing);
  // readiness (`/health/ready`) and anything else is 503 until the service has started.
  const server = createServer((request, response) => {
    response.writeHead(request.url === '/health' ? 200 : 503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close' });
    response.end(JSON.stringify({ status: 'starting', waitingFor: waitingFor() }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve(server));
  });
}

/**
 * At a service's start: waits for `dependencies` (see waitForDependencies), the health probes answered 503 on the
 * service's port meanwhile; a SIGINT or SIGTERM while waiting exits 0.
 */
export async function waitAtStart(dependencies: readonly Dependency[], options: Omit<DependencyWaitOptions, 'signal'>): Promise<void> {
  if (dependencies.length === 0) return;
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    if (await waitForDependencies(dependencies, { ...options, signal: stop.signal })) return;
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
  options.logger.info('stopped while waiting for its dependencies');
  process.exit(0);
}
