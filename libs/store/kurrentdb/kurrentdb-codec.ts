import { createHash } from 'node:crypto';
import type { CurrentStreamState, EventData, Position } from '@kurrent/kurrentdb-client';
import { canonicalJson } from '../../domain/kernel/index.js';
import { hashCanonical } from '../hash-chain.js';
import type { EventMeta, ExpectedRevision, NewEvent, RecordedEvent } from '../event-store.port.js';
import { toPortPosition, toSafeNumber } from './kurrentdb-position.js';

/** The fields of a KurrentDB recorded event that the adapter reads (the client's type satisfies it). */
export interface KurrentRecord {
  readonly streamId: string;
  readonly id: string;
  readonly revision: bigint;
  readonly type: string;
  readonly isJson: boolean;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly position?: Position;
}

/** An event ready to send, and the envelope it will have once stored (all but the position). */
export interface EncodedEvent {
  readonly data: EventData;
  readonly id: string;
  readonly revision: number;
  readonly hash: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const COMMAND_STREAM_PREFIX = 'arbitra-command-';
const LINK_TYPE = '$>';

/**
 * Encodes one append's events after the stream head `prevHash` at `revision` (-1: no stream),
 * computing the hash chain exactly as the SQLite adapter does. Data and metadata are sent as their
 * canonical JSON re-parsed, so what the server stores re-serializes to the very text that was hashed.
 * The metadata also carries KurrentDB's conventional `$correlationId`/`$causationId`; keys starting
 * with `$` are dropped again on decode and are not part of the hashed envelope.
 */
export function encodeEvents(stream: string, head: { revision: number; hash: string | null }, events: readonly NewEvent[]): EncodedEvent[] {
  let prevHash = head.hash;
  let revision = head.revision;
  return events.map((e) => {
    if (!UUID.test(e.id)) throw new TypeError(`KurrentDB event ids must be lowercase UUIDs, got ${JSON.stringify(e.id)}`);
    revision++;
    const dataJson = canonicalJson(e.data);
    const metaJson = canonicalJson({ ...e.meta, prevHash });
    const hash = hashCanonical(e.id, stream, revision, e.type, dataJson, metaJson);
    const meta = { ...(JSON.parse(metaJson) as Omit<EventMeta, 'hash'>), hash };
    const metadata: Record<string, unknown> = { ...meta, $correlationId: meta.correlationId };
    if (meta.causationId !== null) metadata.$causationId = meta.causationId;
    prevHash = hash;
    // JSONEventData types `data` as an object, array or string; any JSON value serializes the same way.
    const data = { id: e.id, contentType: 'application/json', type: e.type, data: JSON.parse(dataJson), metadata } as EventData;
    return { data, id: e.id, revision, hash };
  });
}

/**
 * A stored record as a port event, or null when it is not an Arbitra event (a system event, a
 * link, a binary event, or an event some other writer put in the database without our metadata).
 */
export function decodeEvent(r: KurrentRecord): RecordedEvent | null {
  if (r.type.startsWith('$') || !r.isJson) return null;
  const m = r.metadata;
  if (typeof m !== 'object' || m === null || Array.isArray(m) || m instanceof Uint8Array) return null;
  const raw = m as Record<string, unknown>;
  if (typeof raw.hash !== 'string' || !('prevHash' in raw) || typeof raw.commandId !== 'string') return null;
  const meta: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (!k.startsWith('$')) meta[k] = v;
  return {
    id: r.id,
    stream: r.streamId,
    revision: toSafeNumber(r.revision, 'stream revision'),
    position: toPortPosition(r.position, `${r.revision}@${r.streamId}`),
    type: r.type,
    data: r.data,
    meta: meta as unknown as EventMeta,
  };
}

/** True when a stored event holds the same stream, type and data as a new one (the SQLite rule). */
export function sameContent(stored: RecordedEvent, stream: string, e: NewEvent): boolean {
  return stored.stream === stream && stored.type === e.type && canonicalJson(stored.data) === canonicalJson(e.data);
}

/** The index stream holding links to the events a command produced. */
export function commandStream(commandId: string): string {
  if (/^[A-Za-z0-9._:@-]{1,200}$/.test(commandId)) return COMMAND_STREAM_PREFIX + commandId;
  return `${COMMAND_STREAM_PREFIX}sha256-${createHash('sha256').update(commandId).digest('hex')}`;
}

/**
 * A link (`$>`, data `<revision>@<stream>`) from a command's index stream to one stored event. Its id
 * is derived from the event id, so writing the same link twice is recognisably the same event.
 */
export function linkEvent(e: Pick<RecordedEvent, 'id' | 'stream' | 'revision'>): EventData {
  return {
    id: linkId(e.id),
    contentType: 'application/octet-stream',
    type: LINK_TYPE,
    data: Buffer.from(`${e.revision}@${e.stream}`, 'utf8'),
    metadata: undefined,
  } as EventData;
}

export function linkId(eventId: string): string {
  const h = createHash('sha256').update(`arbitra-command-link\u0000${eventId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The port's expected revision as a number (-1 for no-stream), or null for `any`. */
export function expectedNumber(expected: ExpectedRevision): number | null {
  if (expected === 'any') return null;
  if (expected === 'no-stream') return -1;
  if (!Number.isSafeInteger(expected) || expected < 0) throw new RangeError(`not a stream revision: ${expected}`);
  return expected;
}

/** The client's `streamState` for "the stream's last revision is exactly `revision`" (-1: absent). */
export function streamStateFor(revision: number): 'no_stream' | bigint {
  return revision === -1 ? 'no_stream' : BigInt(revision);
}

/** A WrongExpectedVersionError's actual state as a port revision. */
export function actualRevision(state: CurrentStreamState): number {
  return state === 'no_stream' ? -1 : toSafeNumber(state, 'stream revision');
}

/** Rejects a batch that carries the same event id twice (the SQLite adapter's UNIQUE does the same). */
export function repeatedId(events: readonly NewEvent[]): string | null {
  const seen = new Set<string>();
  for (const e of events) {
    if (seen.has(e.id)) return e.id;
    seen.add(e.id);
  }
  return null;
}
