import { createServer, type Server } from 'node:http';
import pg from 'pg';
import type { Logger } from 'pino';
import { kafkaClient } from '../bus/kafka/kafka-client.js';
import { StoreUnavailableError } from '../store/event-store.port.js';
import { isConnectionFailure } from '../store/postgres/pg-errors.js';
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
  const health = new StartingHealth(options.health);
  try {
    return await checkAll(dependencies, options, health);
  } finally {
    await health.close();
  }
}

async function checkAll(dependencies: readonly Dependency[], options: DependencyWaitOptions, health: StartingHealth): Promise<boolean> {
  const { logger, signal = new AbortController().signal } = options;
  const waiting = new Set(dependencies.map((d) => d.name));
  health.waitingFor = () => [...waiting];
  for (const dependency of dependencies) {
    for (let failures = 0; ; failures++) {
      if (signal.aborted) return false;
      try {
        await dependency.check();
        if (failures > 0) logger.info({ dependency: dependency.name, failures }, `${dependency.name} is reachable; starting`);
        waiting.delete(dependency.name);
        break;
      } catch (err) {
        const waitMs = backoffMs(failures, options);
        logger.warn({ err, dependency: dependency.name, waitMs }, `${dependency.name} cannot be reached yet; not ready, retrying`);
        await health.bind();
        await abortableDelay(waitMs, signal);
      }
    }
  }
  return true;
}

const backoffMs = (failures: number, options: DependencyWaitOptions) =>
  Math.min((options.initialBackoffMs ?? 500) * 2 ** failures, options.maxBackoffMs ?? 10_000);

/**
 * True for an error that says a dependency could not be reached or went away during start-up (the database restarting,
 * the broker down), looking through wrapping errors' `cause`: such a start is tried again, anything else stops it.
 */
export function isUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof StoreUnavailableError || isConnectionFailure(e)) return true;
    const name = String((e as Error).name ?? '');
    // kafkajs's errors for a broker it could not reach or gave up retrying.
    if (/^KafkaJS(Connection|NumberOfRetriesExceeded|BrokerNotFound|RequestTimeout)Error$/.test(name)) return true;
  }
  return false;
}

/**
 * Waits for `dependencies`, then runs `start` (opening the store, connecting the clients). A dependency that goes away
 * between its check and `start` (the database restarting in that window) fails `start` with an unreachable error
 * (isUnreachable): the wait and `start` are tried again with the same backoff, the probes answering 503 from the first
 * failure, until `start` resolves. Any other error is thrown. Resolves undefined if `signal` aborted first. `start` must not bind the
 * service's port (the probes hold it until it resolves) and must release what it opened before it rejects.
 */
export async function startWhenReachable<T>(
  dependencies: readonly Dependency[],
  start: () => Promise<T>,
  options: DependencyWaitOptions,
): Promise<{ started: T } | undefined> {
  const { logger, signal = new AbortController().signal } = options;
  const health = new StartingHealth(options.health);
  try {
    for (let failures = 0; ; failures++) {
      if (!(await checkAll(dependencies, options, health))) return undefined;
      health.waitingFor = () => dependencies.map((d) => d.name);
      try {
        const started = await start();
        if (failures > 0) logger.info({ failures }, 'started after its dependencies came back');
        return { started };
      } catch (err) {
        if (!isUnreachable(err)) throw err;
        const waitMs = backoffMs(failures, options);
        logger.warn({ err, waitMs }, 'a dependency went away while starting; not ready, retrying');
        await health.bind();
        await abortableDelay(waitMs, signal);
        if (signal.aborted) return undefined;
      }
    }
  } finally {
    await health.close();
  }
}

/** The probes' answers while a service waits: bound at the first failure only (a service whose dependencies answer never binds it). */
class StartingHealth {
  private server?: Server;
  waitingFor: () => string[] = () => [];
  constructor(private readonly at?: { readonly port: number; readonly host: string }) {}
  async bind(): Promise<void> {
    if (this.at && !this.server) this.server = await startingHealth(this.at, () => this.waitingFor());
  }
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
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
 * At a service's start: waits for `dependencies`, then runs `start`, both retried while a dependency is unreachable
 * (see startWhenReachable), the health probes answered 503 on the service's port meanwhile; a SIGINT or SIGTERM while
 * waiting exits 0.
 */
export async function startAtStart<T>(
  dependencies: readonly Dependency[],
  start: () => Promise<T>,
  options: Omit<DependencyWaitOptions, 'signal'>,
): Promise<T> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  let outcome;
  try {
    outcome = await startWhenReachable(dependencies, start, { ...options, signal: stop.signal });
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
  // Told to stop while starting: the stop is honoured, not swallowed by a start that then succeeded.
  if (outcome && !stop.signal.aborted) return outcome.started;
  options.logger.info('stopped while waiting for its dependencies');
  process.exit(0);
}
