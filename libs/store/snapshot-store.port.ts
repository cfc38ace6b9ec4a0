/**
 * Aggregate snapshots: a cache of a stream's folded state at a revision, never the truth. A
 * snapshot is used only when its `version` is the aggregate's current version and the event it
 * claims to follow is still in the log with the same `hash`; otherwise the stream is folded from
 * its first event (and a new snapshot written).
 */
export interface Snapshot {
  readonly stream: string;
  /** The aggregate's snapshot version (its decider's version) when the snapshot was taken. */
  readonly version: number;
  /** The last revision folded into `state`. */
  readonly revision: number;
  /** The hash of the event at `revision`: ties the snapshot to the exact log it was folded from. */
  readonly hash: string;
  /** The folded state as JSON. */
  readonly state: string;
}

export interface SnapshotStore {
  load(stream: string): Snapshot | undefined;
  save(snapshot: Snapshot): void;
  close(): void;
}

/** Snapshots in memory (tests, and stores without a file). */
export class MemorySnapshotStore implements SnapshotStore {
  readonly snapshots = new Map<string, Snapshot>();
  load(stream: string): Snapshot | undefined {
    return this.snapshots.get(stream);
  }
  save(snapshot: Snapshot): void {
    this.snapshots.set(snapshot.stream, snapshot);
  }
  close(): void {}
}
