import type pg from 'pg';
import { canonicalJson } from '../../domain/kernel/index.js';
import { hashCanonical } from '../hash-chain.js';
import {
  EventIdConflictError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMeta,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '../event-store.port.js';
import { StoredEvent } from '../sqlite/stored-event.js';

/** One append waiting for its transaction. */
export interface PendingAppend {
  readonly stream: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedRevision;
}

/** The log's head inside the open transaction: the last position and its hash (the next event's global link). */
export interface LogHead {
  position: number;
  hash: string | null;
}

export const COLUMNS = 'position, id, stream, revision, type, data, meta';

/** A row in COLUMNS order (position is BIGINT: pg hands it over as a string). */
export type RawRow = [string, string, string, number, string, string, string];

export const toStored = (r: RawRow): StoredEvent => new StoredEvent(Number(r[0]), r[1], r[2], r[3], r[4], r[5], r[6]);

// Every stored event among the append's ids (k = 0), and the stream's last event (k = 1), in one round trip.
const PROBE = `
  SELECT 0 AS k, ${COLUMNS} FROM events WHERE id = ANY($1::text[])
  UNION ALL
  (SELECT 1, position, NULL, NULL, revision, NULL, NULL, hash FROM events WHERE stream = $2 ORDER BY revision DESC LIMIT 1)`;

// The rows, the new head of the allocator and a notification for live subscribers (sent at COMMIT).
const WRITE = `
  WITH ins AS (
    INSERT INTO events (position, id, stream, revision, type, data, meta, hash, command_id)
    SELECT u.p, u.i, $1, u.r, u.t, u.d, u.m, u.h, u.c
      FROM unnest($2::bigint[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) AS u(p, i, r, t, d, m, h, c)
  ), head AS (
    UPDATE log_head SET position = $10, hash = $11 RETURNING position
  )
  SELECT pg_notify('arbitra_events', position::text) FROM head`;

/**
 * Writes one append inside an open transaction that holds the allocator lock (see PostgresEventStore).
 * A refusal (revision conflict, reused event id) is found by the probe, before anything is written,
 * so it never aborts the transaction: the other appends of the batch still commit.
 */
export async function appendInTransaction(client: pg.ClientBase, p: PendingAppend, head: LogHead): Promise<AppendResult> {
  const ids = p.events.map((e) => e.id);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated) throw new EventIdConflictError(repeated);
  const rows = (await client.query<[number, ...RawRow]>({ text: PROBE, values: [ids, p.stream], rowMode: 'array' })).rows;
  const stored = new Map<string, RawRow>();
  let last: { revision: number; hash: string } | null = null;
  for (const [k, ...row] of rows) {
    if (k === 0) stored.set(row[1], row as RawRow);
    else last = { revision: row[3], hash: row[6] };
  }
  if (stored.size > 0) return duplicate(p, stored);

  const current = last ? last.revision : -1;
  const ok = p.expected === 'any' || (p.expected === 'no-stream' ? current === -1 : p.expected === current);
  if (!ok) throw new WrongExpectedRevisionError(p.stream, p.expected, current);

  const cols: [string[], string[], number[], string[], string[], string[], string[], string[]] = [[], [], [], [], [], [], [], []];
  const out: RecordedEvent[] = [];
  let prevHash = last?.hash ?? null;
  let globalPrevHash = head.hash;
  let revision = current;
  let position = head.position;
  for (const e of p.events) {
    revision++;
    position++;
    // The stored data is its canonical JSON, the same text the hash covers: serialized once.
    const dataJson = canonicalJson(e.data);
    const metaNoHash = { ...e.meta, prevHash, globalPrevHash };
    const hash = hashCanonical(e.id, p.stream, revision, e.type, dataJson, canonicalJson(metaNoHash));
    const meta: EventMeta = { ...metaNoHash, hash };
    const row = [String(position), e.id, revision, e.type, dataJson, JSON.stringify(meta), hash, e.meta.commandId] as const;
    row.forEach((v, i) => (cols[i] as unknown[]).push(v));
    out.push({ id: e.id, stream: p.stream, revision, position, type: e.type, data: e.data, meta });
    prevHash = hash;
    globalPrevHash = hash;
  }
  await client.query(WRITE, [p.stream, ...cols, position, globalPrevHash]);
  head.position = position;
  head.hash = globalPrevHash;
  return { events: out, revision, position, duplicate: false };
}

/** Some event id is stored already: a retry when it is the first and every id matches what was stored, else a conflict. */
function duplicate(p: PendingAppend, stored: Map<string, RawRow>): AppendResult {
  const first = p.events[0].id;
  if (!stored.has(first)) throw new EventIdConflictError(p.events.find((e) => stored.has(e.id))!.id);
  const events = p.events.map((e) => {
    const row = stored.get(e.id);
    if (!row || row[2] !== p.stream || row[4] !== e.type || row[5] !== canonicalJson(e.data)) throw new EventIdConflictError(e.id);
    return toStored(row);
  });
  const lastEvent = events[events.length - 1];
  return { events, revision: lastEvent.revision, position: lastEvent.position, duplicate: true };
}

/** A constraint the probe should have made impossible (a writer that bypassed the allocator lock) as the port's errors. */
export function translateUniqueViolation(error: unknown, p: PendingAppend, currentRevision: number): unknown {
  const e = error as { code?: string; constraint?: string };
  if (e.code !== '23505') return error;
  if (e.constraint === 'events_id_key') return new EventIdConflictError(p.events[0].id);
  if (e.constraint === 'events_stream_revision_key') return new WrongExpectedRevisionError(p.stream, p.expected, currentRevision);
  return error;
}
