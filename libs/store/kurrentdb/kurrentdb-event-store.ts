/**
 * The EventStore port on KurrentDB (EventStoreDB), through @kurrent/kurrentdb-client 1.3.
 *
 * NOT RUN AGAINST A SERVER YET: no KurrentDB was reachable where this was written. It type-checks,
 * its pure helpers are unit-tested, and the contract passes against an in-memory MODEL of the client
 * (testing/fake-kurrentdb-client.ts, which encodes our reading of the server, so it proves internal
 * consistency only). The shared contract runs against a real server whenever KURRENTDB_URL is set
 * (docs/kurrentdb.md). Treat the adapter as unproven until that run is green.
 *
 * Design:
 * - Positions: the port's number is the event's own log position (KurrentDB's prepare position,
 *   equal to the commit position for every gRPC append), exact up to 2^53. See kurrentdb-position.ts.
 *   A number that is not an event's position (e.g. `p - 1`) is not a valid place for the server to
 *   start reading; readAll then rescans from the start of `$all`, skipping what is <= the number.
 * - Global chain (issue 10): NOT maintained here. Events carry no `meta.globalPrevHash`: the server
 *   picks `$all` positions itself and offers no expected-position check on `$all`, so concurrent appends
 *   to different streams cannot each name the previous global event without a single writer in front of
 *   the server. `verify` reports such a log as having no global chain; signed checkpoints are not kept
 *   for it either (docs/kurrentdb.md, "Audit").
 * - Hash chain: each append reads the stream's last event (revision and hash) and writes with that
 *   exact revision as the expected state, even for `any`, so the prevHash we chained to is the head
 *   the server appends after. If another writer got in between, the server refuses
 *   (WrongExpectedVersion): a numeric/no-stream append fails with WrongExpectedRevisionError, an
 *   `any` append re-reads the head and tries again (bounded).
 * - Order: the write step of appends made through one store runs one at a time in call order
 *   (OrderedLane); their reads run concurrently. So concurrent appends from one process commit in
 *   call order, as with SQLite. Cost: one write round trip at a time per store instance.
 * - Positions of new events: the append response carries one position for the whole batch, so the
 *   written events are read back (one extra read per append) and returned as stored.
 * - Idempotency by event id: KurrentDB only deduplicates recent writes, best effort, and never says
 *   "duplicate". The adapter detects a retry itself before writing: (1) the first event's id in its
 *   command's index stream (below), or (2) for a numeric/no-stream expectation the stream has moved
 *   past it, the events right after the expected revision carry the same ids, or (3) the stream's
 *   last events were written by the same command and carry the same ids. A retry returns the
 *   stored events with `duplicate: true`; an id stored with other stream/type/data fails with
 *   EventIdConflictError. Not detected: an id reused under another command id, except right after a
 *   numeric/no-stream expected revision (KurrentDB itself does not enforce unique event ids).
 * - findByCommandId: KurrentDB cannot query metadata, so every append also writes link events
 *   (`$>`, `<revision>@<stream>`) to `arbitra-command-<commandId>`; reading that stream with
 *   resolveLinkTos returns the events. Cost: one more write per distinct command in an append and one
 *   read per append (the retry check). The link write follows the event write (not atomic); a crash
 *   in between leaves the events unindexed until the command is retried; the retry is recognised by
 *   (2) above, or, when the caller re-read the stream first, because the stream still ends with that
 *   command's events (3), and it writes the missing links.
 * - Links and system events are `$`-typed, so `excludeSystemEvents()` hides both from readAll and
 *   subscriptions. Events without Arbitra metadata (another writer's) are skipped there.
 * - subscribe: catch-up through readAll pages, then a filtered subscribeToAll from the last position
 *   (exclusive); transient disconnects resume from the last delivered position; abortable.
 */
import { ANY, BACKWARDS, END, KurrentDBClient, StreamNotFoundError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import {
  EventIdConflictError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamInfo,
  type SubscribeOptions,
} from '../event-store.port.js';
import {
  actualRevision,
  commandStream,
  decodeEvent,
  encodeEvents,
  expectedNumber,
  linkEvent,
  repeatedId,
  sameContent,
  streamStateFor,
  type EncodedEvent,
  type KurrentRecord,
} from './kurrentdb-codec.js';
import { KurrentLogReader } from './kurrentdb-log-reader.js';
import { OrderedLane } from './ordered-lane.js';

export interface KurrentDbEventStoreOptions {
  /** e.g. `kurrentdb://localhost:2113?tls=false`. */
  readonly connectionString?: string;
  /** An existing client instead; the store then leaves it open on close. */
  readonly client?: KurrentDBClient;
  /** How often an `any` append re-reads the head after another writer moved the stream. Default 10. */
  readonly anyRetries?: number;
}

interface Head {
  readonly revision: number;
  readonly hash: string | null;
  /** The command that wrote the stream's last event (null: unknown or no stream). */
  readonly commandId: string | null;
}
const NO_HEAD: Head = { revision: -1, hash: null, commandId: null };
interface Written {
  readonly firstRevision: number;
  readonly encoded: EncodedEvent[];
}

export class KurrentDbEventStore implements EventStore {
  /** API replicas share one server. */
  readonly sharedWriters = true;
  readonly client: KurrentDBClient;
  private readonly ownsClient: boolean;
  private readonly anyRetries: number;
  private readonly closing = new AbortController();
  private readonly inflight = new Set<Promise<unknown>>();
  /** Heads written by this store while later appends wait in the lane (cleared when idle). */
  private readonly recent = new Map<string, Head>();
  private readonly lane = new OrderedLane(() => this.recent.clear());
  private readonly log: KurrentLogReader;

  constructor(options: KurrentDbEventStoreOptions) {
    if (options.client) this.client = options.client;
    else if (options.connectionString) this.client = KurrentDBClient.connectionString(options.connectionString);
    else throw new Error('KurrentDbEventStore needs a connectionString or a client');
    this.ownsClient = !options.client;
    this.anyRetries = options.anyRetries ?? 10;
    this.log = new KurrentLogReader(this.client);
  }

  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.closing.signal.aborted) return Promise.reject(new Error('event store is closed'));
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    const repeated = repeatedId(events);
    if (repeated) return Promise.reject(new EventIdConflictError(repeated));
    const run = async (): Promise<AppendResult> => {
      const n = expectedNumber(expected);
      const outcome = await this.lane.run(
        () => Promise.all([this.head(stream), this.commandEvents(events[0].meta.commandId)]),
        ([head, known]) => this.write(stream, events, expected, n, head, known),
      );
      return 'duplicate' in outcome ? outcome : this.finish(stream, events, outcome);
    };
    const p = run();
    this.inflight.add(p);
    void p.then(
      () => this.inflight.delete(p),
      () => this.inflight.delete(p),
    );
    return p;
  }

  /** Inside the lane: decide duplicate / refuse / write, with the head as the expected state. */
  private async write(
    stream: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    n: number | null,
    read: Head,
    known: Map<string, RecordedEvent>,
  ): Promise<Written | AppendResult> {
    const mine = this.recent.get(stream);
    let current = mine && mine.revision > read.revision ? mine : read;
    for (let attempt = 0; ; attempt++) {
      const duplicate = await this.duplicateOf(stream, events, n, current, known);
      if (duplicate) return duplicate;
      if (n !== null && n !== current.revision) throw new WrongExpectedRevisionError(stream, expected, current.revision);
      const encoded = encodeEvents(stream, current, events);
      let conflict: boolean;
      let actual: number | null = null;
      try {
        const r = await this.client.appendToStream(
          stream,
          encoded.map((e) => e.data),
          { streamState: streamStateFor(current.revision) },
        );
        conflict = !r.success; // only when the client was built with throwOnAppendFailure: false
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        conflict = true;
        actual = actualRevision(error.actualState);
      }
      if (!conflict) {
        const last = encoded[encoded.length - 1];
        this.recent.set(stream, { revision: last.revision, hash: last.hash, commandId: events[events.length - 1].meta.commandId });
        return { firstRevision: current.revision + 1, encoded };
      }
      // Another writer appended between our read and our write; nothing of ours was stored. A checked
      // append only needs the actual revision (the loop re-checks for a retry, then refuses); `any`
      // needs the new head's hash to chain to.
      current = n !== null && actual !== null ? { revision: actual, hash: null, commandId: null } : await this.head(stream);
      if (n === null && attempt >= this.anyRetries) throw new WrongExpectedRevisionError(stream, expected, current.revision);
    }
  }

  /** A retry of an append already stored returns it; an id stored with other content is refused. */
  private async duplicateOf(
    stream: string,
    events: readonly NewEvent[],
    n: number | null,
    current: Head,
    known: Map<string, RecordedEvent>,
  ): Promise<AppendResult | null> {
    let first = known.get(events[0].id);
    let range: RecordedEvent[] | null = null;
    if (!first && n !== null && current.revision > n) {
      range = await this.readStream(stream, n + 1, events.length);
      if (range[0]?.id === events[0].id) first = range[0];
    } else if (!first && current.commandId === events[0].meta.commandId && current.revision + 1 >= events.length) {
      // The stream ends with this command's events but its index does not list them: a crash between
      // the event write and the index write, retried after the caller re-read the stream.
      range = await this.readStream(stream, current.revision + 1 - events.length, events.length);
      if (range[0]?.id === events[0].id) first = range[0];
    }
    if (!first) {
      const reused = events.find((e) => known.has(e.id));
      if (reused) throw new EventIdConflictError(reused.id);
      return null;
    }
    if (first.stream !== stream) throw new EventIdConflictError(first.id);
    const stored = range && range[0]?.id === first.id ? range : await this.readStream(stream, first.revision, events.length);
    events.forEach((e, i) => {
      const s = stored[i];
      if (!s || s.id !== e.id || !sameContent(s, stream, e)) throw new EventIdConflictError(e.id);
    });
    await this.ensureIndexed(stored);
    const last = stored[stored.length - 1];
    return { events: stored, revision: last.revision, position: last.position, duplicate: true };
  }

  /** After the lane: read the new events back (for their positions) while indexing their commands. */
  private async finish(stream: string, events: readonly NewEvent[], written: Written): Promise<AppendResult> {
    const refs = written.encoded.map((e, i) => ({ id: e.id, stream, revision: e.revision, commandId: events[i].meta.commandId }));
    const [stored] = await Promise.all([this.readStream(stream, written.firstRevision, events.length), this.index(refs)]);
    written.encoded.forEach((e, i) => {
      if (stored[i]?.id !== e.id || stored[i].meta.hash !== e.hash) {
        throw new Error(`stream ${stream}: read-back of revision ${e.revision} does not match what was appended`);
      }
    });
    const last = stored[stored.length - 1];
    return { events: stored, revision: last.revision, position: last.position, duplicate: false };
  }

  private async index(refs: ReadonlyArray<{ id: string; stream: string; revision: number; commandId: string }>): Promise<void> {
    const byCommand = new Map<string, Array<(typeof refs)[number]>>();
    for (const r of refs) {
      const group = byCommand.get(r.commandId);
      if (group) group.push(r);
      else byCommand.set(r.commandId, [r]);
    }
    await Promise.all([...byCommand].map(([commandId, rs]) => this.client.appendToStream(commandStream(commandId), rs.map(linkEvent), { streamState: ANY })));
  }

  /** Writes the links a crash may have left unwritten (the duplicate path only). */
  private async ensureIndexed(stored: readonly RecordedEvent[]): Promise<void> {
    const missing: Array<{ id: string; stream: string; revision: number; commandId: string }> = [];
    for (const commandId of new Set(stored.map((e) => e.meta.commandId))) {
      const indexed = await this.commandEvents(commandId);
      for (const e of stored) if (e.meta.commandId === commandId && !indexed.has(e.id)) missing.push({ ...e, commandId });
    }
    if (missing.length > 0) await this.index(missing);
  }

  private async commandEvents(commandId: string): Promise<Map<string, RecordedEvent>> {
    const out = new Map<string, RecordedEvent>();
    try {
      for await (const r of this.client.readStream(commandStream(commandId), { resolveLinkTos: true })) {
        const e = r.event ? decodeEvent(r.event as KurrentRecord) : null;
        if (e && e.meta.commandId === commandId) out.set(e.id, e);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return out;
  }

  async findByCommandId(commandId: string): Promise<RecordedEvent[]> {
    return [...(await this.commandEvents(commandId)).values()].sort((a, b) => a.position - b.position);
  }

  async readStream(stream: string, fromRevision = 0, limit = Number.MAX_SAFE_INTEGER): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const out: RecordedEvent[] = [];
    try {
      for await (const r of this.client.readStream(stream, { fromRevision: BigInt(Math.max(0, fromRevision)), maxCount: limit })) {
        if (r.event) out.push(own(r.event as KurrentRecord));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  private async head(stream: string): Promise<Head> {
    try {
      for await (const r of this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (r.event) {
          const e = own(r.event as KurrentRecord);
          return { revision: e.revision, hash: e.meta.hash, commandId: e.meta.commandId };
        }
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return NO_HEAD;
  }

  async streamInfo(stream: string): Promise<StreamInfo> {
    const head = await this.head(stream);
    return { exists: head.revision >= 0, revision: head.revision };
  }

  readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    return this.log.readAll(afterPosition, limit);
  }

  headPosition(): Promise<number> {
    return this.log.headPosition();
  }

  subscribe(afterPosition: number, options: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
    const signal = options.signal ? AbortSignal.any([options.signal, this.closing.signal]) : this.closing.signal;
    return this.log.subscribe(afterPosition, signal, options.batch ?? 500);
  }

  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    this.closing.abort();
    await Promise.allSettled([...this.inflight]);
    if (this.ownsClient) await this.client.dispose();
  }
}

/** An event of a stream Arbitra owns: anything else there is corruption, not something to skip. */
function own(r: KurrentRecord): RecordedEvent {
  const e = decodeEvent(r);
  if (!e) throw new Error(`${r.revision}@${r.streamId} (${r.type}) is not an Arbitra event`);
  return e;
}
