import type { Command, DomainEvent } from '../domain/kernel/index.js';
import type { EventStore } from '../store/event-store.port.js';
import type { SnapshotStore } from '../store/snapshot-store.port.js';
import type { UpcasterRegistry } from '../store/upcasters.js';
import type { AggregateType } from './command-types.js';

export interface StreamState {
  revision: number;
  state: unknown;
  /** Revision of the last persisted snapshot of this stream (-1: none). */
  snapshotAt: number;
  /** Length of that snapshot's JSON (0: none). */
  snapshotBytes: number;
}

/**
 * A snapshot is due `snapshotEvery` events after the last, or later for a large state: once the events since it
 * reach the snapshot's size at this many bytes each. A snapshot of a 5,000-player tournament is about 1.3 MB, and
 * writing one every 50 events took half the CPU of registering players there; spaced by size, writing snapshots costs
 * about this many bytes of JSON per event at any size, and a cold start folds at most about as many events' bytes as
 * the snapshot it loads.
 */
export const SNAPSHOT_BYTES_PER_EVENT = 1_000;

/** A stream's state after the last append this process handed to the store, before the store has answered it. */
export interface Tip extends StreamState {
  /** Settles when the store has answered that append: true if it was stored. */
  readonly stored: Promise<boolean>;
}

/**
 * The command path's folded state per stream: kept in memory by revision (least recently used forgotten first), and
 * persisted as snapshots every `snapshotEvery` events (later for large states: SNAPSHOT_BYTES_PER_EVENT) for aggregates
 * with a `version`. Both are caches: a load always folds whatever the log holds after them, so a cold start, a cache
 * miss and a replay without snapshots decide alike.
 */
export class StreamStates {
  private readonly cache = new Map<string, StreamState>();

  constructor(
    private readonly store: EventStore,
    private readonly upcasters: UpcasterRegistry,
    private readonly options: { cacheSize?: number; snapshots?: SnapshotStore; snapshotEvery?: number },
  ) {}

  /** The stream's state and revision: from the cache (or a snapshot) plus whatever was appended since. */
  async load<C extends Command, E extends DomainEvent, S>(aggregate: AggregateType<C, E, S>, stream: string): Promise<StreamState> {
    const cached = this.cache.get(stream) ?? (await this.fromSnapshot(aggregate, stream));
    let state = (cached?.state as S | undefined) ?? aggregate.decider.initialState();
    let revision = cached?.revision ?? -1;
    const newer = await this.store.readStream(stream, revision + 1);
    for (const recorded of newer) {
      const e = this.upcasters.upcast(recorded);
      state = aggregate.decider.evolve(state, { type: e.type, data: e.data } as E);
      revision = e.revision;
    }
    const entry: StreamState = { revision, state, snapshotAt: cached?.snapshotAt ?? -1, snapshotBytes: cached?.snapshotBytes ?? 0 };
    if (newer.length > 0 || (cached && !this.cache.has(stream))) {
      if (newer.length > 0) this.maybeSnapshot(aggregate, stream, entry, newer[newer.length - 1].meta.hash);
      this.remember(stream, entry);
    }
    return entry;
  }

  /**
   * The state cached for the stream as it is, without looking in the log for newer events (another process's appends):
   * for a decision whose append checks the revision. Undefined when the stream is not cached.
   */
  cached(stream: string): StreamState | undefined {
    const entry = this.cache.get(stream);
    if (entry) this.remember(stream, entry);
    return entry;
  }

  /** The persisted snapshot, if it is of the aggregate's current version and still matches the log. */
  private async fromSnapshot(aggregate: { version?: number }, stream: string): Promise<StreamState | undefined> {
    const snapshots = this.options.snapshots;
    if (!snapshots || aggregate.version === undefined) return undefined;
    let s;
    try {
      s = snapshots.load(stream);
      if (!s || s.version !== aggregate.version) return undefined;
      const state = JSON.parse(s.state) as unknown;
      // The event the snapshot follows must still be in the log, the same event: else fold from the start.
      const [at] = await this.store.readStream(stream, s.revision, 1);
      if (!at || at.revision !== s.revision || at.meta.hash !== s.hash) return undefined;
      return { revision: s.revision, state, snapshotAt: s.revision, snapshotBytes: s.state.length };
    } catch {
      return undefined; // an unreadable snapshot is ignored: the log is the truth
    }
  }

  private maybeSnapshot(aggregate: { version?: number }, stream: string, entry: StreamState, hash: string): void {
    const snapshots = this.options.snapshots;
    if (!snapshots || aggregate.version === undefined) return;
    const due = Math.max(this.options.snapshotEvery ?? 50, Math.ceil(entry.snapshotBytes / SNAPSHOT_BYTES_PER_EVENT));
    if (entry.revision - entry.snapshotAt < due) return;
    try {
      const state = JSON.stringify(entry.state);
      snapshots.save({ stream, version: aggregate.version, revision: entry.revision, hash, state });
      entry.snapshotAt = entry.revision;
      entry.snapshotBytes = state.length;
    } catch {
      // A snapshot is a cache: failing to write one never fails a command.
    }
  }

  private remember(stream: string, entry: StreamState): void {
    this.cache.delete(stream);
    this.cache.set(stream, entry);
    const max = this.options.cacheSize ?? 10_000;
    if (this.cache.size > max) this.cache.delete(this.cache.keys().next().value as string);
  }

  /** After an append at `entry.revision` (its last event's hash `hash`): remembered, and snapshotted when due. */
  appended(aggregate: { version?: number }, stream: string, entry: StreamState, hash: string): void {
    // An entry decided on a state whose own append then wrote a snapshot (pipelined commands) carries that snapshot's mark.
    const before = this.cache.get(stream);
    if (before && before.snapshotAt > entry.snapshotAt) {
      entry.snapshotAt = before.snapshotAt;
      entry.snapshotBytes = before.snapshotBytes;
    }
    this.maybeSnapshot(aggregate, stream, entry, hash);
    this.remember(stream, entry);
  }

  /** Forgets a stream's state (another process appended to it: the next load reads the log). */
  forget(stream: string): void {
    this.cache.delete(stream);
  }
}
