import type { EventMeta, RecordedEvent } from '../event-store.port.js';

/** A row of the events table as better-sqlite3 returns it. */
export interface Row {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  meta: string;
}

/** A row as an array, in the store's COLUMNS order: position, id, stream, revision, type, data, meta. */
export type RawRow = [number, string, string, number, string, string, string];

/**
 * A stored row as an event. `data` and `meta` are parsed on first access and cached, so a replay
 * that filters by type, or a scan that needs only positions, never pays for JSON it skips (and the
 * object keeps one shape). They are getters, so `{...event}` does not copy them: copy explicitly,
 * or serialize (`toJSON` writes the whole event).
 */
export class StoredEvent implements RecordedEvent {
  readonly id: string;
  readonly stream: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  #data: string;
  #meta: string;
  #parsedData: unknown = undefined;
  #parsedMeta: EventMeta | undefined = undefined;

  /** `parsedMeta`: the object `meta` was serialised from, when the caller has it (an append). */
  constructor(position: number, id: string, stream: string, revision: number, type: string, data: string, meta: string, parsedMeta?: EventMeta) {
    this.id = id;
    this.stream = stream;
    this.revision = revision;
    this.position = position;
    this.type = type;
    this.#data = data;
    this.#meta = meta;
    this.#parsedMeta = parsedMeta;
  }

  get data(): unknown {
    return (this.#parsedData ??= JSON.parse(this.#data));
  }

  get meta(): EventMeta {
    return (this.#parsedMeta ??= JSON.parse(this.#meta) as EventMeta);
  }

  toJSON(): RecordedEvent {
    return { id: this.id, stream: this.stream, revision: this.revision, position: this.position, type: this.type, data: this.data, meta: this.meta };
  }
}

export function toEvent(r: Row): RecordedEvent {
  return new StoredEvent(r.position, r.id, r.stream, r.revision, r.type, r.data, r.meta);
}
