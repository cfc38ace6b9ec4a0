import type { Position } from '@kurrent/kurrentdb-client';

/**
 * Port positions <-> KurrentDB positions.
 *
 * KurrentDB reports an event's place in `$all` as a (commit, prepare) pair of byte offsets in its
 * transaction log. Every append made through the gRPC API is an implicit transaction, and for those
 * the server reports commit === prepare === the event record's own log position (see AllReader in
 * the server: `new CommitEventRecord(eventRecord, eventRecord.LogPosition)`). The two only differ for
 * events written in explicit transactions, which only the retired TCP API could make.
 *
 * The port's number is the PREPARE position: the event's own log offset, unique per event and
 * strictly increasing in `$all` order. It round-trips as `{ commit: n, prepare: n }`, which is
 * exactly the position the server reports for such an event, so `readAll(n)`/`subscribe(n)` resume
 * right after it. Numbers are byte offsets, so they have gaps and do not start at 1; the port only
 * asks for order. They stay exact up to 2^53 bytes (8 PiB) of log; beyond that we refuse loudly
 * rather than round.
 */
export function toPortPosition(position: Position | undefined, where: string): number {
  if (!position) {
    throw new Error(`KurrentDB returned no log position for ${where}: the adapter needs KurrentDB/EventStoreDB 22.6 or later`);
  }
  return toSafeNumber(position.prepare, `log position of ${where}`);
}

/** The `fromPosition` that resumes a read or subscription at a port position (0 is the start). */
export function toKurrentPosition(position: number): Position | 'start' {
  if (!Number.isSafeInteger(position) || position < 0) throw new RangeError(`not a log position: ${position}`);
  if (position === 0) return 'start';
  const p = BigInt(position);
  return { commit: p, prepare: p };
}

export function toSafeNumber(value: bigint, what: string): number {
  if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} ${value} does not fit a safe JS number`);
  return Number(value);
}
