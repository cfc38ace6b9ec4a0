/** What an entry weighs beyond its value's JSON: the map's entry and its id (an estimate). */
const ENTRY_BYTES = 64;

/**
 * Values by id, weighed in estimated JSON bytes (plus their id and a fixed overhead per entry), evicted oldest-written
 * first once they weigh more than `budget` in all (the newest stays, whatever its weight).
 */
export class ValueCache {
  private readonly entries = new Map<string, { value: unknown; bytes: number }>();
  private total = 0;

  constructor(private readonly budget: number) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  get(id: string): unknown {
    return this.entries.get(id)?.value;
  }

  /** Writes `value` last in the eviction order. */
  set(id: string, value: unknown, bytes: number): void {
    this.delete(id);
    const weight = bytes + id.length + ENTRY_BYTES;
    this.entries.set(id, { value, bytes: weight });
    this.total += weight;
    while (this.total > this.budget && this.entries.size > 1) this.delete(this.entries.keys().next().value as string);
  }

  /** The same entry with a value it computed (and its size, once known), in its place in the eviction order; if still kept. */
  replace(id: string, value: unknown, bytes?: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.value = value;
    if (bytes === undefined) return;
    const weight = bytes + id.length + ENTRY_BYTES;
    this.total += weight - entry.bytes;
    entry.bytes = weight;
  }

  delete(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.total -= entry.bytes;
    this.entries.delete(id);
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }
}
