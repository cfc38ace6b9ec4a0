import type { IHeaders, Message } from 'kafkajs';
import type { RecordedEvent } from '../../store/event-store.port.js';

/** Header names carried next to each event (routing and tracing without parsing the value). */
export const HEADER_ID = 'arbitra-id';
export const HEADER_TYPE = 'arbitra-type';
export const HEADER_POSITION = 'arbitra-position';
/** The deployment the event comes from: its log's identity (logIdentity), so a consumer can refuse another log's events. */
export const HEADER_DEPLOYMENT = 'arbitra-deployment';
/** The event's hash as stored (meta.hash): a consumer recomputes it from the message to refuse an altered copy. */
export const HEADER_HASH = 'arbitra-hash';

/**
 * One recorded event as a Kafka message: key = stream id (so one stream stays in one partition,
 * in order), value = the event's JSON. `JSON.stringify` is used on the event itself because events
 * read from the SQLite store keep `data`/`meta` behind getters and serialize through `toJSON`.
 */
export function encodeEvent(event: RecordedEvent, deployment?: string): Message {
  return {
    key: event.stream,
    value: JSON.stringify(event),
    headers: {
      [HEADER_ID]: event.id,
      [HEADER_TYPE]: event.type,
      [HEADER_POSITION]: String(event.position),
      [HEADER_HASH]: event.meta.hash,
      ...(deployment !== undefined && { [HEADER_DEPLOYMENT]: deployment }),
    },
  };
}

/** The event back from a message value; throws on a value that is not a recorded event. */
export function decodeEvent(value: Buffer | null, headers?: IHeaders): RecordedEvent {
  if (value === null) throw new Error('Kafka message without a value (tombstone) on the event topic');
  const e = JSON.parse(value.toString('utf8')) as RecordedEvent;
  if (typeof e?.id !== 'string' || typeof e.stream !== 'string' || typeof e.position !== 'number' || typeof e.type !== 'string') {
    const id = headers?.[HEADER_ID]?.toString();
    throw new Error(`Kafka message is not a recorded event${id ? ` (header id ${id})` : ''}`);
  }
  return e;
}

/**
 * The identity of a deployment's log: the hash of its first event. Every deployment's log starts with its own first
 * event (its id, time and chain are its own), so two deployments sharing a Kafka cluster cannot carry the same one.
 * Undefined while the log is empty.
 */
export async function logIdentity(store: { readAll(after: number, limit: number): Promise<readonly RecordedEvent[]> }): Promise<string | undefined> {
  const [first] = await store.readAll(0, 1);
  return first?.meta.hash;
}
