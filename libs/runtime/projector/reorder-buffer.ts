import type { RecordedEvent } from '../../store/event-store.port.js';

interface Delivery {
  readonly offset: string;
  /** The event's global position, or 0 for a message already dealt with (dead-lettered). */
  readonly position: number;
}

/**
 * Events received from Kafka, put back into the log's global order. Kafka keeps order per partition
 * (per stream) only, while a read model (standings with the penalty ledger beside the tournament)
 * needs the log's order, so events are handed to the projections as the contiguous run of positions
 * after the last one applied; an event that overtook an earlier position waits here for it. A
 * redelivered event (same position) is kept once, and one at or below the applied position is
 * dropped: with the checkpoint written in the same transaction as the documents, nothing is applied
 * twice. The log must have no gaps in its positions (SQLite and PostgreSQL stores).
 *
 * Offsets: a partition's offset may be committed past a message only once its event is applied, so a
 * projector killed at any moment is redelivered what it had not yet written.
 */
export class ReorderBuffer {
  private readonly events = new Map<number, RecordedEvent>();
  private readonly deliveries = new Map<number, Delivery[]>();
  private highest = 0;

  /** Records a message of `partition` at `offset`: its event, or null for one handled otherwise (dead-lettered). */
  add(partition: number, offset: string, event: RecordedEvent | null, applied: number): void {
    let list = this.deliveries.get(partition);
    if (!list) this.deliveries.set(partition, (list = []));
    list.push({ offset, position: event?.position ?? 0 });
    if (!event || event.position <= applied) return;
    this.events.set(event.position, event);
    this.highest = Math.max(this.highest, event.position);
  }

  /** The contiguous run of events after `after` (at most `limit`); drops what is at or below `after`. */
  readAll(after: number, limit: number): RecordedEvent[] {
    for (const p of this.events.keys()) if (p <= after) this.events.delete(p);
    const run: RecordedEvent[] = [];
    for (let p = after + 1; run.length < limit; p++) {
      const e = this.events.get(p);
      if (!e) break;
      run.push(e);
    }
    return run;
  }

  /** Per partition, the offset to commit (next to read) now that everything up to `applied` is written; forgets those messages. */
  committable(applied: number): Array<{ partition: number; offset: string }> {
    const out: Array<{ partition: number; offset: string }> = [];
    for (const [partition, list] of this.deliveries) {
      let n = 0;
      while (n < list.length && list[n].position <= applied) n++;
      if (n === 0) continue;
      out.push({ partition, offset: (BigInt(list[n - 1].offset) + 1n).toString() });
      list.splice(0, n);
    }
    return out;
  }

  /** Forgets a partition's deliveries (revoked in a rebalance: its new owner starts from the committed offset). */
  forget(partition: number): void {
    this.deliveries.delete(partition);
  }

  /** Events waiting for an earlier position. */
  get waiting(): number {
    return this.events.size;
  }

  /** The highest position received. */
  get highestSeen(): number {
    return this.highest;
  }
}
