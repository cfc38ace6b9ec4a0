import type { Logger } from 'pino';
import type { EventBus } from '../../libs/bus/event-bus.port.js';
import { logIdentity } from '../../libs/bus/kafka/kafka-event-codec.js';
import type { EventStore } from '../../libs/store/event-store.port.js';
import { abortableDelay, type LeaderCheckpoint } from '../../libs/runtime/leader-lock.js';
import type { RelayCheckpoint } from './relay-checkpoint.js';
import { Relay } from './relay.js';

/** The leader lock as the relay uses it (libs/runtime/leader-lock.ts, PgLeaderLock). */
export interface RelayLeadership {
  acquire(signal: AbortSignal): Promise<boolean>;
  onLost(handler: (e: Error) => void): void;
  checkpoint(): LeaderCheckpoint;
  release(): Promise<void>;
}

export interface RelaySupervisorOptions {
  readonly store: EventStore;
  /**
   * A new bus for each term (a client whose retries ran out is closed, not reused), stamping `deployment` (the log's
   * identity, logIdentity) on its messages; only publish, connect and close are used.
   */
  readonly bus: (deployment: string) => Pick<EventBus, 'publish' | 'close'> & { connect(): Promise<void> };
  /** Without a leader lock (SQLite): the one checkpoint of this relay. */
  readonly checkpoint: RelayCheckpoint;
  readonly leader?: RelayLeadership;
  readonly batch?: number;
  readonly logger: Logger;
  /** First wait after a failed term (default 1000 ms), doubling to `maxBackoffMs` (default 30 s). */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Called after each batch acknowledged and checkpointed. */
  readonly onRelayed?: (count: number, position: number) => void;
  /** Kept up to date for the relay's /health: its role now, the last position relayed, the last failure. */
  readonly status?: RelayStatus;
}

export interface RelayStatus {
  role: 'standby' | 'active' | 'recovering' | 'stopped';
  position: number | null;
  lastError: string | null;
}

/**
 * Runs the relay until `stop` aborts, whatever its dependencies do. A term is: take the leader lock (standby until
 * then), connect a bus, relay from the checkpoint. A term ends when the lock is lost (back to standby), or when
 * Kafka or the store fails (the broker down past the client's retries, a database restart): the lock is released,
 * the bus closed, and after a backoff the relay contends again. Nothing is sent twice beyond the one page the
 * checkpoint had not covered, which consumers drop by id.
 */
export async function superviseRelay(options: RelaySupervisorOptions, stop: AbortSignal): Promise<void> {
  const { logger, leader } = options;
  const status = options.status ?? { role: 'standby', position: null, lastError: null };
  let failures = 0;
  while (!stop.aborted) {
    status.role = 'standby';
    let checkpoint = options.checkpoint;
    const term = new AbortController();
    const endTerm = () => term.abort();
    stop.addEventListener('abort', endTerm, { once: true });
    if (leader) {
      logger.info('standby: waiting for the relay leader lock');
      if (!(await leader.acquire(stop))) {
        stop.removeEventListener('abort', endTerm);
        break;
      }
      logger.info('leader: this relay is the active one');
      leader.onLost((e) => {
        logger.error({ err: e }, 'leader lock lost: back to standby');
        term.abort();
      });
      checkpoint = leader.checkpoint();
    }
    status.role = 'active';
    let bus: ReturnType<RelaySupervisorOptions['bus']> | undefined;
    try {
      // The log's identity, once it has a first event (an empty log has nothing to relay yet).
      const deployment = await identityOf(options.store, term.signal);
      if (deployment === undefined) continue;
      bus = options.bus(deployment);
      await bus.connect();
      const onRelayed = (count: number, position: number) => {
        status.position = position;
        options.onRelayed?.(count, position);
      };
      const relay = new Relay({ store: options.store, bus, checkpoint, batch: options.batch, onRelayed });
      logger.info({ from: await checkpoint.load() }, 'relay term started');
      failures = 0; // connected and read: a later failure starts the backoff again from its first step
      await relay.run(term.signal);
    } catch (e) {
      failures++;
      status.role = 'recovering';
      status.lastError = String((e as Error)?.message ?? e);
      logger.error({ err: e, failures }, 'relay term failed; contending again after a backoff');
    } finally {
      stop.removeEventListener('abort', endTerm);
      await leader?.release();
      await bus?.close().catch((e: unknown) => logger.warn({ err: e }, 'closing the Kafka client'));
    }
    if (failures > 0 && !stop.aborted) {
      const wait = Math.min((options.backoffMs ?? 1000) * 2 ** (failures - 1), options.maxBackoffMs ?? 30_000);
      await abortableDelay(wait, stop);
    }
  }
  status.role = 'stopped';
}

/** The log's identity; on an empty log, waits for its first event (undefined if `signal` aborts first). */
async function identityOf(store: EventStore, signal: AbortSignal): Promise<string | undefined> {
  const identity = await logIdentity(store);
  if (identity !== undefined || signal.aborted) return identity;
  for await (const first of store.subscribe(0, { signal, batch: 1 })) return first.meta.hash;
  return undefined;
}
