/**
 * A bounded set of recently seen event ids, oldest evicted first. Kafka delivery is
 * at-least-once: a relay retry after a lost ack, or a consumer restart before its offset commit,
 * hands the same event over again; this set lets a consumer drop such repeats within a window.
 */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(readonly capacity = 10_000) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`RecentIds capacity must be a positive integer (got ${capacity})`);
  }

  /** Records `id`; returns false when it was already among the recent ids (a repeat). */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      // A Set iterates in insertion order: the first value is the oldest.
      this.ids.delete(this.ids.values().next().value as string);
    }
    return true;
  }

  /** How many ids are remembered now. */
  get size(): number {
    return this.ids.size;
  }
}
