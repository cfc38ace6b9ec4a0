import { PassThrough } from 'node:stream';
import { StreamNotFoundError, UnknownError, WrongExpectedVersionError, type KurrentDBClient, type Position } from '@kurrent/kurrentdb-client';

/**
 * An in-memory MODEL of the few KurrentDB client calls the adapter makes, for unit tests only. It
 * encodes our reading of the server (positions are byte offsets with commit === prepare, reads from
 * a position are inclusive and refuse a non-record position, subscriptions from a position are
 * exclusive, `$>` links resolve, WrongExpectedVersion reports the actual revision). Passing against
 * it shows the adapter's logic is consistent with that reading, NOT that KurrentDB behaves so.
 */
interface Rec {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  isJson: boolean;
  data: Buffer;
  metadata: Buffer;
  position: bigint;
}
interface Sent {
  id: string;
  type: string;
  contentType: string;
  data: unknown;
  metadata?: unknown;
}
type State = 'any' | 'no_stream' | 'stream_exists' | bigint;

export class FakeKurrentDbClient {
  private readonly log: Rec[] = [];
  private readonly streams = new Map<string, Rec[]>();
  private readonly subscribers = new Set<{ out: PassThrough; regex: RegExp; after: bigint }>();
  private next = 1000n;
  appends = 0;

  constructor() {
    this.write('$settings', [{ id: '00000000-0000-4000-8000-000000000001', type: '$settings', contentType: 'application/json', data: {} }]);
  }

  asClient(): KurrentDBClient {
    return this as unknown as KurrentDBClient;
  }

  async appendToStream(stream: string, events: Sent | Sent[], options: { streamState?: State } = {}) {
    this.appends++;
    await Promise.resolve();
    const state = options.streamState ?? 'any';
    const current = this.streams.get(stream);
    const last = current ? current[current.length - 1].revision : null;
    const ok = state === 'any' || (state === 'no_stream' ? last === null : state === 'stream_exists' ? last !== null : last === state);
    if (!ok) throw new WrongExpectedVersionError(undefined, { streamName: stream, expected: state, current: last ?? 'no_stream' });
    const written = this.write(stream, Array.isArray(events) ? events : [events]);
    const end = written[written.length - 1];
    return { success: true, nextExpectedRevision: end.revision, position: { commit: end.position, prepare: end.position } };
  }

  async *readStream(
    stream: string,
    o: { fromRevision?: 'start' | 'end' | bigint; maxCount?: number | bigint; direction?: string; resolveLinkTos?: boolean } = {},
  ) {
    await Promise.resolve();
    const recs = this.streams.get(stream);
    if (!recs) throw new StreamNotFoundError(undefined, stream);
    const back = o.direction === 'backwards';
    const from =
      o.fromRevision === undefined || o.fromRevision === 'start'
        ? back
          ? BigInt(recs.length - 1)
          : 0n
        : o.fromRevision === 'end'
          ? BigInt(recs.length - 1)
          : o.fromRevision;
    const picked = back ? recs.filter((r) => r.revision <= from).reverse() : recs.filter((r) => r.revision >= from);
    for (const r of picked.slice(0, Number(o.maxCount ?? Number.MAX_SAFE_INTEGER))) {
      if (o.resolveLinkTos && r.type === '$>') {
        const text = r.data.toString('utf8');
        const at = text.indexOf('@');
        const target = this.streams.get(text.slice(at + 1))?.[Number(text.slice(0, at))];
        yield target ? { event: convert(target), link: convert(r) } : { event: undefined, link: convert(r) };
      } else yield { event: convert(r) };
    }
  }

  async *readAll(o: { fromPosition?: 'start' | 'end' | Position; maxCount?: number | bigint; direction?: string; filter?: { regex?: string } } = {}) {
    await Promise.resolve();
    const regex = new RegExp(o.filter?.regex ?? '.*');
    const back = o.direction === 'backwards';
    let recs: Rec[];
    if (back) recs = [...this.log].reverse();
    else if (o.fromPosition === undefined || o.fromPosition === 'start') recs = this.log;
    else {
      const p = (o.fromPosition as Position).prepare;
      // The server refuses to start reading inside a record: only record positions (or the end) are valid.
      if (p < this.next && !this.log.some((r) => r.position === p)) throw new UnknownError(undefined, `invalid position ${p}`);
      recs = this.log.filter((r) => r.position >= p);
    }
    let n = 0;
    for (const r of recs) {
      if (n >= Number(o.maxCount ?? Number.MAX_SAFE_INTEGER)) return;
      if (!regex.test(r.type)) continue;
      n++;
      yield { event: { ...convert(r), position: { commit: r.position, prepare: r.position } } };
    }
  }

  subscribeToAll(o: { fromPosition?: 'start' | 'end' | Position; filter?: { regex?: string } } = {}) {
    const out = new PassThrough({ objectMode: true }) as PassThrough & { unsubscribe(): Promise<void> };
    const after = o.fromPosition === undefined || o.fromPosition === 'start' ? -1n : o.fromPosition === 'end' ? this.next : o.fromPosition.prepare;
    const sub = { out, regex: new RegExp(o.filter?.regex ?? '.*'), after };
    out.unsubscribe = async () => {
      this.subscribers.delete(sub);
    };
    setImmediate(() => {
      for (const r of this.log) this.push(sub, r);
      this.subscribers.add(sub);
    });
    return out;
  }

  async dispose(): Promise<void> {
    for (const s of this.subscribers) s.out.end();
    this.subscribers.clear();
  }

  private push(sub: { out: PassThrough; regex: RegExp; after: bigint }, r: Rec): void {
    if (r.position > sub.after && sub.regex.test(r.type)) sub.out.write({ event: convert(r) });
  }

  private write(stream: string, events: Sent[]): Rec[] {
    const recs = this.streams.get(stream) ?? [];
    this.streams.set(stream, recs);
    return events.map((e) => {
      const json = e.contentType === 'application/json';
      const data = json ? Buffer.from(JSON.stringify(e.data)) : Buffer.from(e.data as Uint8Array);
      const metadata = e.metadata === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(e.metadata));
      const r: Rec = { streamId: stream, id: e.id, revision: BigInt(recs.length), type: e.type, isJson: json, data, metadata, position: this.next };
      this.next += BigInt(64 + data.length + metadata.length);
      recs.push(r);
      this.log.push(r);
      for (const s of this.subscribers) this.push(s, r);
      return r;
    });
  }
}

function convert(r: Rec) {
  return {
    streamId: r.streamId,
    id: r.id,
    revision: r.revision,
    type: r.type,
    isJson: r.isJson,
    data: r.isJson ? JSON.parse(r.data.toString('utf8')) : new Uint8Array(r.data),
    metadata: r.metadata.length ? JSON.parse(r.metadata.toString('utf8')) : undefined,
    created: new Date(0),
    position: { commit: r.position, prepare: r.position },
  };
}
