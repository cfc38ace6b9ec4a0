import type { RecordedEvent } from '../../store/event-store.port.js';

/**
 * Documents a projection reads and writes while applying events. Keys are per collection.
 * Values are plain JSON. Everything a projection does goes through this, so the same reducer
 * runs against the durable store (live), an in-memory map ("as of position P"), or a rebuild.
 */
export interface DocumentTx {
  get<T>(collection: string, key: string): T | undefined;
  /**
   * `known`, optional: what the caller knows of the value's JSON. `json`: the text JSON.stringify(value) gives, made
   * already (to measure it): the durable store writes it as is instead of serialising the value again. `bytes`: an
   * estimate of its size, for a value the store keeps in memory without serialising it (a transient collection's, see
   * Projection.transient): the durable store bounds its memory by such sizes. Ignored elsewhere.
   */
  put(collection: string, key: string, value: unknown, known?: KnownJson): void;
  delete(collection: string, key: string): void;
  /**
   * A document computed only when someone reads it. `compute` must be a pure function of immutable values it
   * closes over (a folded state never mutated), so computing it later gives exactly what computing it now would.
   * The durable store keeps the computation in memory until a read (the collection must be transient, and the
   * projection's `materialize` must rebuild it after a restart); MemoryDocuments computes it at once.
   */
  defer(collection: string, key: string, compute: () => unknown): void;
}

/** What is known of a value's JSON (DocumentTx.put). */
export interface KnownJson {
  readonly json?: string;
  readonly bytes?: number;
}

/**
 * A projection: a deterministic reducer from events to read-model documents. It must not read
 * the clock, randomness or anything but the event and its documents, so a rebuild gives the
 * same documents every time. Bump `version` when its output changes: the runner rebuilds it.
 */
export interface Projection {
  readonly name: string;
  readonly version: number;
  /** Cheap filter; events it does not handle still advance its checkpoint. */
  handles(type: string): boolean;
  apply(event: RecordedEvent, docs: DocumentTx): void;
  /**
   * Called once after each batch of events (in the same transaction), for documents that are a
   * pure function of state kept by `apply`: computing them once per batch instead of once per
   * event gives the same documents at every checkpoint, much faster on a replay.
   */
  flush?(docs: DocumentTx): void;
  /**
   * Collections the durable store keeps in memory only, never on disk: values the projection can
   * rebuild from its persisted documents (a get that misses returns undefined, and the projection
   * rebuilds and puts the value). Everywhere else (MemoryDocuments) they are documents like any other.
   */
  readonly transient?: readonly string[];
  /**
   * Collections written for recovery only (a folded state's snapshot and journal entries): the durable store writes
   * them in the batch like any other, and a get reads them from the file, but it does not keep them in memory once the
   * batch commits, where each would take the place of a document the next batch reads (the memory keeps a bounded
   * number). Within a batch they are read back like any other. Not for transient collections. Everywhere else
   * (MemoryDocuments) they are documents like any other.
   */
  readonly recoveryOnly?: readonly string[];
  /**
   * A transient document for readers of the durable store (ReadModelStore.get, raw, derive), rebuilt from
   * the projection's persisted documents (`docs` reads them; what it puts is ignored); undefined if none.
   */
  materialize?(collection: string, key: string, docs: DocumentTx): unknown;
}

/** A DocumentTx over plain maps: for "as of position P" views and tests. */
export class MemoryDocuments implements DocumentTx {
  readonly collections = new Map<string, Map<string, unknown>>();

  get<T>(collection: string, key: string): T | undefined {
    return this.collections.get(collection)?.get(key) as T | undefined;
  }

  put(collection: string, key: string, value: unknown): void {
    let c = this.collections.get(collection);
    if (!c) this.collections.set(collection, (c = new Map()));
    c.set(key, value);
  }

  delete(collection: string, key: string): void {
    this.collections.get(collection)?.delete(key);
  }

  defer(collection: string, key: string, compute: () => unknown): void {
    this.put(collection, key, compute());
  }
}
