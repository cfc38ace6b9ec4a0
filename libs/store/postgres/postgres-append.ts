import type pg from 'pg';
import { canonicalJson } from '../../domain/kernel/index.js';
import { chainedMeta, hashCanonical } from '../hash-chain.js';
import {
  EventIdConflictError,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '../event-store.port.js';
import { StoredEvent } from '../sqlite/stored-event.js';
import type { AppendSealing, LogPoint, SealAt } from '../seals.js';

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

// Every stored event among the batch's ids (k = 0), the last event of each of its streams (k = 1) and the seals at
// position $3 (k = 2: key id, mac, hash; none asked for with -1), in one round trip.
const PROBE = `
  SELECT 0 AS k, ${COLUMNS} FROM events WHERE id = ANY($1::text[])
  UNION ALL
  SELECT 1, h.position, NULL, h.stream, h.revision, NULL, NULL, h.hash
    FROM unnest($2::text[]) AS s(name)
    CROSS JOIN LATERAL (SELECT position, stream, revision, hash FROM events WHERE stream = s.name ORDER BY revision DESC LIMIT 1) h
  UNION ALL
  SELECT 2, position, NULL, key_id, NULL, mac, NULL, hash FROM seals WHERE position = $3::bigint`;

// Every row of the batch, the new head of the allocator and a notification for live subscribers (sent at COMMIT).
const WRITE = `
  WITH ins AS (
    INSERT INTO events (position, id, stream, revision, type, data, meta, hash, command_id)
    SELECT u.p, u.i, u.s, u.r, u.t, u.d, u.m, u.h, u.c
      FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
        AS u(p, i, s, r, t, d, m, h, c)
  ), head AS (
    UPDATE log_head SET position = $10, hash = $11 RETURNING position
  ), seal AS (
    INSERT INTO seals (position, hash, key_id, mac) SELECT $10, $11, $12::text, $13::text WHERE $12::text IS NOT NULL
  )
  SELECT pg_notify('arbitra_events', position::text) FROM head`;

export type Outcome = { ok: true; value: AppendResult } | { ok: false; error: unknown };

/** An event known in this transaction: stored before it, or written by an earlier append of the batch. */
interface Known {
  readonly stream: string;
  readonly type: string;
  /** Canonical JSON of its data, as stored. */
  readonly data: string;
  readonly event: RecordedEvent;
}

/**
 * Writes a batch of appends inside an open transaction that holds the allocator lock (see
 * PostgresEventStore): one probe reads what the batch needs (stored ids, stream heads), the appends
 * are checked and hash-chained in memory in order, and one statement writes every accepted event.
 * A refusal (revision conflict, reused event id) is decided in memory, so it fails alone and never
 * aborts the transaction; a database error does, and the caller then runs each append alone.
 */
export async function appendBatch(
  client: pg.ClientBase,
  batch: readonly PendingAppend[],
  head: LogHead,
  seals: AppendSealing,
): Promise<{ outcomes: Outcome[]; sealed: LogPoint | null }> {
  const allIds = batch.flatMap((p) => p.events.map((e) => e.id));
  const streams = [...new Set(batch.map((p) => p.stream))];
  // The head this batch chains from needs a look at its seals only when it is not one the store knows (seals.ts).
  const from: LogHead = { ...head };
  const sealsAt = !seals.active || seals.knows(from) ? -1 : from.position;
  const rows = (await client.query<[number, ...RawRow]>({ text: PROBE, values: [allIds, streams, sealsAt], rowMode: 'array' })).rows;
  const known = new Map<string, Known>();
  const heads = new Map<string, { revision: number; hash: string }>();
  const sealsFrom: SealAt[] = [];
  for (const [k, ...row] of rows) {
    if (k === 0) known.set(row[1], { stream: row[2], type: row[4], data: row[5], event: toStored(row as RawRow) });
    else if (k === 1) heads.set(row[2], { revision: row[3], hash: row[6] });
    else sealsFrom.push({ hash: row[6], keyId: row[2], mac: row[4] });
  }
  const sealable = seals.sealable(from, () => sealsFrom);

  const cols: unknown[][] = [[], [], [], [], [], [], [], [], []];
  const outcomes = batch.map((p): Outcome => {
    try {
      return { ok: true, value: appendOne(p, head, known, heads, cols) };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError || error instanceof EventIdConflictError) return { ok: false, error };
      throw error;
    }
  });
  if (cols[0].length === 0) return { outcomes, sealed: null };
  // Sealed only when it chains from a sealed event: never over one appended without the key (seals.ts).
  const seal = sealable ? seals.seal({ position: head.position, hash: head.hash! }) : null;
  await client.query(WRITE, [...cols, head.position, head.hash, seal?.keyId ?? null, seal?.mac ?? null]);
  return { outcomes, sealed: seal && { position: seal.position, hash: seal.hash } };
}

function appendOne(
  p: PendingAppend,
  head: LogHead,
  known: Map<string, Known>,
  heads: Map<string, { revision: number; hash: string }>,
  cols: unknown[][],
): AppendResult {
  const ids = p.events.map((e) => e.id);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated) throw new EventIdConflictError(repeated);
  if (ids.some((id) => known.has(id))) return duplicate(p, known);

  const last = heads.get(p.stream);
  const current = last ? last.revision : -1;
  const ok = p.expected === 'any' || (p.expected === 'no-stream' ? current === -1 : p.expected === current);
  if (!ok) throw new WrongExpectedRevisionError(p.stream, p.expected, current);

  const out: RecordedEvent[] = [];
  let prevHash = last?.hash ?? null;
  let revision = current;
  for (const e of p.events) {
    revision++;
    const position = head.position + 1;
    // The stored data is its canonical JSON, the same text the hash covers: serialized once.
    const dataJson = canonicalJson(e.data);
    const meta = chainedMeta(e.meta, prevHash, head.hash);
    const hash = hashCanonical(e.id, p.stream, revision, e.type, dataJson, canonicalJson(meta));
    meta.hash = hash;
    const metaJson = JSON.stringify(meta);
    const row = [String(position), e.id, p.stream, revision, e.type, dataJson, metaJson, hash, e.meta.commandId];
    row.forEach((v, i) => cols[i].push(v));
    // The event as the log holds it (data parsed from the canonical JSON when read), as the SQLite store hands it back.
    const event = new StoredEvent(position, e.id, p.stream, revision, e.type, dataJson, metaJson, meta);
    known.set(e.id, { stream: p.stream, type: e.type, data: dataJson, event });
    out.push(event);
    prevHash = hash;
    head.position = position;
    head.hash = hash;
  }
  heads.set(p.stream, { revision, hash: prevHash! });
  return { events: out, revision, position: head.position, duplicate: false };
}

/** Some event id is known already: a retry when it is the first and every id matches what was stored, else a conflict. */
function duplicate(p: PendingAppend, known: Map<string, Known>): AppendResult {
  if (!known.has(p.events[0].id)) throw new EventIdConflictError(p.events.find((e) => known.has(e.id))!.id);
  const events = p.events.map((e) => {
    const k = known.get(e.id);
    if (!k || k.stream !== p.stream || k.type !== e.type || k.data !== canonicalJson(e.data)) throw new EventIdConflictError(e.id);
    return k.event;
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
