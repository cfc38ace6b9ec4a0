import type { Actor } from '../domain/kernel/index.js';

/** What the caller supplies for one new event. */
export interface NewEvent {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly meta: NewEventMeta;
}

export interface NewEventMeta {
  readonly actor: Actor;
  readonly commandId: string;
  readonly correlationId: string;
  readonly causationId: string | null;
  /** When the server recorded it (ISO-8601), or the observed time for table clock readings. */
  readonly recordedAt: string;
  readonly schemaVersion: number;
  /**
   * SHA-256 of the canonical JSON of the command that produced the event, without its context
   * (command id, actor, time): a retry with the same command id must repeat the same command.
   * Absent on events recorded before it was introduced.
   */
  readonly commandFingerprint?: string;
}

export interface EventMeta extends NewEventMeta {
  readonly prevHash: string | null;
  /**
   * The hash of the event at the previous global position (null at position 1): the global chain
   * (libs/store/global-chain.ts). Covered by `hash`. Absent on events stored before the global chain
   * and on a KurrentDB log, which cannot maintain it (docs/kurrentdb.md).
   */
  readonly globalPrevHash?: string | null;
  readonly hash: string;
}

/** A stored event: immutable, hash-chained per stream, globally ordered by `position`. */
export interface RecordedEvent<D = unknown> {
  readonly id: string;
  readonly stream: string;
  /** Per stream, from 0. */
  readonly revision: number;
  /** Global order, from 1. */
  readonly position: number;
  readonly type: string;
  readonly data: D;
  readonly meta: EventMeta;
}

/** `no-stream`: the stream must not exist; `any`: no check; a number: the stream's last revision must equal it. */
export type ExpectedRevision = 'no-stream' | 'any' | number;

export interface AppendResult {
  readonly events: RecordedEvent[];
  /** The stream's revision after the append. */
  readonly revision: number;
  /** Global position of the last event of the append. */
  readonly position: number;
  /** True when every event id was already stored: nothing was appended and the stored events are returned. */
  readonly duplicate: boolean;
}

export interface StreamInfo {
  readonly exists: boolean;
  /** Last revision, or -1 when the stream does not exist. */
  readonly revision: number;
}

export interface SubscribeOptions {
  readonly signal?: AbortSignal;
  /** Page size while catching up. */
  readonly batch?: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number,
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** An event id reused for different content: a client bug, never silently accepted. */
export class EventIdConflictError extends Error {
  constructor(readonly eventId: string) {
    super(`event id ${eventId} is already stored with different content or in another stream`);
    this.name = 'EventIdConflictError';
  }
}

/**
 * The store could not be reached or was going away (a database restart, a dropped connection): nothing is known to
 * have been refused, so the caller may retry (a command with the same id is idempotent). The API answers 503.
 */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the event store is unavailable: ${String((cause as Error)?.message ?? cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

export interface EventStore {
  /**
   * Other processes append to this store as a matter of course (PostgreSQL and KurrentDB, shared by API replicas).
   * A command handler then reads a stream before deciding on it, and does not pipeline a stream's commands: deciding on
   * its cached state would let the replica whose commands skip that read win every race while another replica's
   * retries, which must read, lose them all.
   */
  readonly sharedWriters: boolean;
  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  readStream(stream: string, fromRevision?: number, limit?: number): Promise<RecordedEvent[]>;
  /**
   * Events with position > `afterPosition`, in order, at most `limit`; fewer only where the log ends (as the read
   * saw it): a reader that gets a short page has read everything (the runners stop there without another read).
   */
  readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]>;
  /** Catch-up from `afterPosition`, then the live tail, until the signal aborts. */
  subscribe(afterPosition: number, options?: SubscribeOptions): AsyncIterable<RecordedEvent>;
  streamInfo(stream: string): Promise<StreamInfo>;
  /** The events a command produced, if that command id was already handled. */
  findByCommandId(commandId: string): Promise<RecordedEvent[]>;
  /** Global position of the last stored event (0 when empty). */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}
