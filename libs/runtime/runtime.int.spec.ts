import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refuse, type Command, type CommandContext, type Decider } from '../domain/kernel/index.js';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store.js';
import { UpcasterRegistry } from '../store/upcasters.js';
import {
  CommandHandler,
  CommandIdReusedError,
  ConcurrencyExhaustedError,
  PreconditionFailedError,
  conflictBackoff,
  eventIdFor,
  type AggregateType,
} from './command-handler.js';
import { ProcessManagerRunner, type ProcessManager } from './process-manager.js';
import type { Projection } from './projections/projection.js';
import { ProjectionRunner } from './projections/projection-runner.js';
import { ReadModelStore } from './projections/read-model-store.js';
import { IDLE_CHECKPOINT_LAG } from './projections/trailing-checkpoints.js';

// A deliberately tiny aggregate to exercise the runtime's mechanics (the real deciders have their own specs).
type TallyCommand = Command<'add', { n: number }> | Command<'close', Record<string, never>>;
type TallyEvent = { type: 'tally.Added'; data: { n: number } } | { type: 'tally.Closed'; data: Record<string, never> };
type TallyState = { total: number; closed: boolean };
const tallyDecider: Decider<TallyCommand, TallyEvent, TallyState> = {
  initialState: () => ({ total: 0, closed: false }),
  decide(c, s) {
    if (s.closed) refuse('tally/closed', 'the tally is closed', 'test rule: a closed tally takes no more');
    if (c.type === 'add') return [{ type: 'tally.Added', data: { n: c.data.n } }];
    return [{ type: 'tally.Closed', data: {} }];
  },
  evolve(s, e) {
    return e.type === 'tally.Added' ? { ...s, total: s.total + e.data.n } : { ...s, closed: true };
  },
};
const Tally: AggregateType<TallyCommand, TallyEvent, TallyState> = { name: 'tally', decider: tallyDecider };
const ctx = (commandId: string): CommandContext => ({ at: '2026-11-29T10:00:00.000Z', actor: { id: 'a1', role: 'arbiter' }, commandId });

const totals: Projection = {
  name: 'totals',
  version: 1,
  handles: (t) => t === 'tally.Added',
  apply(e, docs) {
    const cur = docs.get<{ total: number; events: number }>('tally', e.stream) ?? { total: 0, events: 0 };
    docs.put('tally', e.stream, { total: cur.total + (e.data as { n: number }).n, events: cur.events + 1 });
  },
};

describe('runtime', () => {
  let dir: string;
  let store: SqliteEventStore;
  let readModels: ReadModelStore;
  let upcasters: UpcasterRegistry;
  let handler: CommandHandler;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'arbitra-runtime-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL', pollMs: 20 });
    readModels = new ReadModelStore(join(dir, 'read.db'));
    upcasters = new UpcasterRegistry();
    handler = new CommandHandler(store, upcasters);
  });
  afterEach(async () => {
    readModels.close();
    await store.close();
  });

  /** `n` tally.Added events on a stream of their own, in one append. */
  const bulk = (stream: string, n: number) =>
    store.append(
      stream,
      Array.from({ length: n }, (_, i) => ({
        id: eventIdFor(`${stream}-${i}`, 0),
        type: 'tally.Added',
        data: { n: 1 },
        meta: {
          actor: { id: 'a1', role: 'arbiter' as const },
          commandId: `${stream}-${i}`,
          correlationId: `${stream}-${i}`,
          causationId: null,
          recordedAt: '2026-11-29T10:00:00.000Z',
          schemaVersion: 1,
        },
      })),
      'any',
    );

  describe('command handling', () => {
    it('decides on the folded state and appends with ids derived from the command id', async () => {
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 2 }, context: ctx('c1') });
      const r = await handler.execute(Tally, 't1', { type: 'add', data: { n: 3 }, context: ctx('c2') });
      expect(r.revision).toBe(1);
      expect(r.events[0].id).toBe(eventIdFor('c2', 0));
      expect(r.events[0].meta).toMatchObject({ actor: { id: 'a1', role: 'arbiter' }, commandId: 'c2', recordedAt: '2026-11-29T10:00:00.000Z' });
      const fresh = new CommandHandler(store, upcasters);
      expect((await fresh.load(Tally, 'tally-t1')).state).toEqual({ total: 5, closed: false });
    });

    it('returns the first result for a retried command id and appends nothing', async () => {
      const first = await handler.execute(Tally, 't1', { type: 'add', data: { n: 2 }, context: ctx('c1') });
      const retry = await handler.execute(Tally, 't1', { type: 'add', data: { n: 2 }, context: ctx('c1') });
      expect(retry.duplicate).toBe(true);
      expect(retry.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
      expect((await store.readStream('tally-t1')).length).toBe(1);
    });

    it('refuses a command id reused for another aggregate as a different command (the same rule as another body, issue 32)', async () => {
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 2 }, context: ctx('c1') });
      await expect(handler.execute(Tally, 't2', { type: 'add', data: { n: 2 }, context: ctx('c1') })).rejects.toBeInstanceOf(CommandIdReusedError);
      expect(await store.streamInfo('tally-t2')).toEqual({ exists: false, revision: -1 });
    });

    it("never hands one actor's recorded answer to another actor who reuses the command id", async () => {
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 2 }, context: ctx('c1') });
      const intruder = { ...ctx('c1'), actor: { id: 'someone-else', role: 'player' as const } };
      await expect(handler.execute(Tally, 't1', { type: 'add', data: { n: 2 }, context: intruder })).rejects.toMatchObject({ type: 'command/id-reused' });
      expect((await store.readStream('tally-t1')).length).toBe(1);
    });

    it('stores nothing when the decider refuses', async () => {
      await handler.execute(Tally, 't1', { type: 'close', data: {}, context: ctx('c1') });
      await expect(handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx('c2') })).rejects.toMatchObject({ type: 'tally/closed' });
      expect((await store.readStream('tally-t1')).length).toBe(1);
    });

    it('answers If-Match with a precondition failure instead of retrying', async () => {
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx('c1') });
      await expect(handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx('c2') }, { expectedRevision: 5 })).rejects.toBeInstanceOf(
        PreconditionFailedError,
      );
      const ok = await handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx('c3') }, { expectedRevision: 0 });
      expect(ok.revision).toBe(1);
    });

    it('re-reads and re-decides when another writer got there first', async () => {
      const other = new CommandHandler(store, upcasters);
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx('c1') }); // warms handler's cache at revision 0
      await other.execute(Tally, 't1', { type: 'close', data: {}, context: ctx('c2') }); // moves the stream on behind handler's back
      // handler's cached revision is stale: the append conflicts, it re-reads, and the decider now refuses.
      await expect(handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx('c3') })).rejects.toMatchObject({ type: 'tally/closed' });
      // Four writers in separate processes (separate handlers) racing on one stream all land within the retry bound.
      const writers = await Promise.all(
        Array.from({ length: 4 }, (_, i) => new CommandHandler(store, upcasters).execute(Tally, 't9', { type: 'add', data: { n: 1 }, context: ctx(`w${i}`) })),
      );
      expect(writers.map((w) => w.revision).sort()).toEqual([0, 1, 2, 3]);
    });

    it('decides on the cached state without reading the log; a refusal, a no-op or an If-Match mismatch on it is decided again on the log', async () => {
      type GateCommand = Command<'touch' | 'open' | 'enter' | 'greet', Record<string, never>>;
      type GateEvent = { type: 'gate.Touched' | 'gate.Opened' | 'gate.Entered' | 'gate.Greeted'; data: Record<string, never> };
      const Gate: AggregateType<GateCommand, GateEvent, { open: boolean }> = {
        name: 'gate',
        decider: {
          initialState: () => ({ open: false }),
          decide(c, s) {
            if (c.type === 'enter' && !s.open) refuse('gate/closed', 'the gate is closed', 'test rule: enter an open gate only');
            if (c.type === 'greet' && !s.open) return []; // nobody to greet at a closed gate
            const type = ({ touch: 'gate.Touched', open: 'gate.Opened', enter: 'gate.Entered', greet: 'gate.Greeted' } as const)[c.type];
            return [{ type, data: {} }];
          },
          evolve: (s, e) => (e.type === 'gate.Opened' ? { open: true } : s),
        },
      };
      const send = (h: CommandHandler, type: GateCommand['type'], id: string, expectedRevision?: number) =>
        h.execute(Gate, 'g', { type, data: {}, context: ctx(id) }, { expectedRevision });
      const reads: string[] = [];
      const readStream = store.readStream.bind(store);
      store.readStream = (stream, from, limit) => (reads.push(stream), readStream(stream, from, limit));
      const other = new CommandHandler(store, upcasters);

      await send(handler, 'touch', 'g1');
      reads.length = 0;
      await send(handler, 'touch', 'g2'); // cached at revision 0: decided and appended without a read
      expect(reads).toEqual([]);
      await send(other, 'open', 'g3'); // behind handler's back: handler's cache says closed
      // Refused on the cached state: read from the log (now open) and decided again.
      expect((await send(handler, 'enter', 'g4')).revision).toBe(3);
      await send(other, 'touch', 'g5');
      // If-Match names the log's revision (4), the cache says 3: read again, not a 412.
      expect((await send(handler, 'touch', 'g6', 4)).revision).toBe(5);
      await expect(send(handler, 'touch', 'g7', 4)).rejects.toBeInstanceOf(PreconditionFailedError);

      const late = new CommandHandler(store, upcasters);
      await late.execute(Gate, 'h', { type: 'touch', data: {}, context: ctx('h1') });
      await other.execute(Gate, 'h', { type: 'open', data: {}, context: ctx('h2') });
      // Nothing to do on the cached (closed) state; on the log's (open) state a greeting.
      const greeted = await late.execute(Gate, 'h', { type: 'greet', data: {}, context: ctx('h3') });
      expect(greeted.events.map((e) => e.type)).toEqual(['gate.Greeted']);
    });

    it('a revision conflict on the cached state is not counted as an attempt: the command is read and decided again', async () => {
      const once = new CommandHandler(store, upcasters, { maxAttempts: 1 });
      const other = new CommandHandler(store, upcasters);
      await once.execute(Tally, 'r', { type: 'add', data: { n: 1 }, context: ctx('r1') });
      await other.execute(Tally, 'r', { type: 'add', data: { n: 2 }, context: ctx('r2') }); // once's cache is now stale
      // One attempt allowed, and it is the one on the log's state: the append at the stale revision does not use it up.
      const result = await once.execute(Tally, 'r', { type: 'add', data: { n: 4 }, context: ctx('r3') });
      expect(result.revision).toBe(2);
      expect((await once.load(Tally, 'tally-r')).state.total).toBe(7);
    });

    it("after a revision conflict waits before reading again, so another process's burst of commands to the stream passes", async () => {
      const other = new CommandHandler(store, upcasters);
      const shared = Object.create(store, { sharedWriters: { value: true } }) as SqliteEventStore;
      let bursts = 3;
      let sent = 0;
      shared.append = async (stream, events, expected) => {
        // The other process appends in this one's window, three times running.
        if (bursts-- > 0) await other.execute(Tally, 'w', { type: 'add', data: { n: 10 }, context: ctx(`burst-${sent++}`) });
        return store.append(stream, events, expected);
      };
      const waits: number[] = [];
      const replica = new CommandHandler(shared, upcasters, { maxAttempts: 4, retryDelay: (attempt) => (waits.push(attempt), 0) });
      const result = await replica.execute(Tally, 'w', { type: 'add', data: { n: 1 }, context: ctx('w1') });
      expect(result.revision).toBe(3);
      expect(waits).toEqual([1, 2, 3]); // a wait after each conflict, none after the attempt that won
      expect((await replica.load(Tally, 'tally-w')).state.total).toBe(31);

      bursts = 4; // four conflicts in four attempts: the command fails as a conflict, nothing of it stored
      waits.length = 0;
      await expect(replica.execute(Tally, 'w', { type: 'add', data: { n: 1 }, context: ctx('w2') })).rejects.toBeInstanceOf(ConcurrencyExhaustedError);
      expect(waits).toEqual([1, 2, 3]); // no wait after the last attempt
      expect((await store.findByCommandId('w2')).length).toBe(0);
    });

    it('the wait after the n-th conflict is random below min(2^n, 100) ms: replicas that collided do not retry in step', () => {
      for (let attempt = 1; attempt <= 30; attempt++) {
        const waits = Array.from({ length: 200 }, () => conflictBackoff(attempt));
        const cap = Math.min(2 ** attempt, 100);
        expect(waits.every((w) => w >= 0 && w < cap)).toBe(true);
        expect(new Set(waits).size).toBeGreaterThan(150);
      }
    });

    it('on a store other processes write to (PostgreSQL, KurrentDB) reads the stream before every decision, so replicas race on equal terms', async () => {
      const reads: string[] = [];
      const shared = Object.create(store, { sharedWriters: { value: true } }) as SqliteEventStore;
      shared.readStream = (stream, from, limit) => (reads.push(stream), store.readStream(stream, from, limit));
      const replica = new CommandHandler(shared, upcasters);
      await replica.execute(Tally, 's', { type: 'add', data: { n: 1 }, context: ctx('s1') });
      reads.length = 0;
      // Cached at revision 0, yet read: a replica deciding on its cache would win every race against one whose retries read.
      await replica.execute(Tally, 's', { type: 'add', data: { n: 1 }, context: ctx('s2') });
      expect(reads).toEqual(['tally-s']);
      expect(store.sharedWriters).toBe(false); // the embedded store has one writing process: there the cache is decided on
    });

    describe('pipelined commands to one stream', () => {
      /** The store, with the appends it has been handed and not yet answered counted, and chosen appends failing. */
      function watched(fail: (commandId: string) => boolean = () => false) {
        const seen = { inFlight: 0, most: 0 };
        const s = Object.create(store) as SqliteEventStore;
        s.append = async (stream, events, expected) => {
          seen.most = Math.max(seen.most, ++seen.inFlight);
          try {
            if (fail(events[0].meta.commandId)) {
              await new Promise((r) => setImmediate(r)); // refused when the batch is written, as a failed write is
              throw new Error('disk I/O error');
            }
            return await store.append(stream, events, expected);
          } finally {
            seen.inFlight--;
          }
        };
        return { store: s, seen };
      }
      // Commands with ids the server made (no Idempotency-Key): nothing to look up first.
      const fresh = { freshCommandId: true };
      const add = (h: CommandHandler, id: string, n: number) => h.execute(Tally, 'p', { type: 'add', data: { n }, context: ctx(id) }, fresh);
      const close = (h: CommandHandler, id: string) => h.execute(Tally, 'p', { type: 'close', data: {}, context: ctx(id) }, fresh);

      it("are decided on the state the append before leaves, without waiting for its commit: their appends share the store's transaction", async () => {
        const { store: s, seen } = watched();
        const h = new CommandHandler(s, upcasters);
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => add(h, `a${i}`, i)));
        expect(results.map((r) => r.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        expect(seen.most).toBe(10); // all ten handed to the store before the first was answered
        expect((await h.load(Tally, 'tally-p')).state.total).toBe(45);
      });

      it('so are commands with an Idempotency-Key (each a different key): only a retry of the same key waits for its first attempt', async () => {
        const { store: s, seen } = watched();
        const h = new CommandHandler(s, upcasters);
        const keyed = (id: string) => h.execute(Tally, 'p', { type: 'add', data: { n: 1 }, context: ctx(id) });
        const results = await Promise.all(['k1', 'k2', 'k3', 'k4', 'k1'].map(keyed));
        expect(results.map((r) => [r.revision, r.duplicate])).toEqual([
          [0, false],
          [1, false],
          [2, false],
          [3, false],
          [0, true],
        ]);
        expect(seen.most).toBe(4);
      });

      it('a refusal decided on the state an unstored append leaves waits for that append: it stands if the append is stored', async () => {
        const h = new CommandHandler(store, upcasters);
        const [closed, refused] = await Promise.allSettled([close(h, 'c1'), add(h, 'c2', 1)]);
        expect(closed.status).toBe('fulfilled');
        expect(refused).toMatchObject({ status: 'rejected', reason: { type: 'tally/closed' } });
      });

      it('an append fails: the commands decided after it on the state it would have left are decided again on the log', async () => {
        const { store: s } = watched((id) => id === 'c1' || id === 'x1');
        const h = new CommandHandler(s, upcasters, { retryDelay: () => 0 });
        // A refusal on the state the failed close would have left: decided again, on an open tally, it adds.
        const [closed, added] = await Promise.allSettled([close(h, 'c1'), add(h, 'c2', 5)]);
        expect(closed).toMatchObject({ status: 'rejected', reason: { message: 'disk I/O error' } });
        expect(added).toMatchObject({ status: 'fulfilled', value: { revision: 0 } });
        // Appends at the revision the failed one would have left: refused by the store for it, decided again.
        const [lost, ...rest] = await Promise.allSettled([add(h, 'x1', 100), add(h, 'x2', 1), add(h, 'x3', 2)]);
        expect(lost.status).toBe('rejected');
        expect(rest.map((r) => (r.status === 'fulfilled' ? r.value.revision : r.reason))).toEqual([1, 2]);
        expect((await store.readStream('tally-p')).map((e) => e.meta.commandId)).toEqual(['c2', 'x2', 'x3']);
        expect((await h.load(Tally, 'tally-p')).state).toEqual({ total: 8, closed: false });
      });

      it('a retry of a keyed command sent while its first attempt is being stored gets the first answer, not a refusal', async () => {
        const h = new CommandHandler(store, upcasters);
        const keyed = () => h.execute(Tally, 'p', { type: 'close', data: {}, context: ctx('k1') });
        const [first, retry] = await Promise.all([keyed(), keyed()]);
        expect(retry.duplicate).toBe(true);
        expect(retry.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
        expect(await store.readStream('tally-p')).toHaveLength(1);
      });
    });

    it('queues concurrent commands to one stream within a process instead of failing them', async () => {
      const results = await Promise.all(
        Array.from({ length: 32 }, (_, i) => handler.execute(Tally, 'busy', { type: 'add', data: { n: 1 }, context: ctx(`q${i}`) })),
      );
      expect(results.map((r) => r.revision)).toEqual(Array.from({ length: 32 }, (_, i) => i));
      expect((await handler.load(Tally, 'tally-busy')).state.total).toBe(32);
    });
  });

  describe('projections', () => {
    it('applies events and keeps the checkpoint with the rows, continuing after a restart without double counting', async () => {
      for (let i = 0; i < 5; i++) await handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx(`c${i}`) });
      let runner = new ProjectionRunner(store, readModels, [totals], upcasters);
      await runner.catchUp();
      expect(readModels.get('totals', 'tally', 'tally-t1')).toEqual({ total: 5, events: 5 });
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 10 }, context: ctx('c9') });
      runner = new ProjectionRunner(store, readModels, [totals], upcasters); // "restart"
      await runner.catchUp();
      expect(readModels.get('totals', 'tally', 'tally-t1')).toEqual({ total: 15, events: 6 });
      expect(readModels.checkpoint('totals')?.position).toBe(await store.headPosition());
    });

    describe('a projection with nothing to apply in a page', () => {
      const closes: Projection = {
        name: 'closes',
        version: 1,
        handles: (t) => t === 'tally.Closed',
        apply: (e, docs) => docs.put('closed', e.stream, { at: e.position }),
      };
      it('writes nothing for it: its stored checkpoint trails, and catches up with its next document, past IDLE_CHECKPOINT_LAG, and on stop', async () => {
        for (let i = 0; i < 3; i++) await handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx(`a${i}`) });
        const runner = new ProjectionRunner(store, readModels, [totals, closes], upcasters);
        await runner.catchUp();
        const head = await store.headPosition();
        // Readers see both at the head (positions in memory); only the projection that wrote documents stored it.
        expect(runner.checkpoints()).toEqual({ totals: head, closes: head });
        expect(readModels.checkpoint('totals')?.position).toBe(head);
        expect(readModels.checkpoint('closes')?.position).toBe(0);
        await expect(runner.waitFor(head, 10)).resolves.toBe(true);

        await handler.execute(Tally, 't1', { type: 'close', data: {}, context: ctx('close') });
        await runner.catchUp();
        const closed = await store.headPosition();
        expect(readModels.get('closes', 'closed', 'tally-t1')).toEqual({ at: closed });
        expect(readModels.checkpoint('closes')?.position).toBe(closed);

        await bulk('tally-bulk', IDLE_CHECKPOINT_LAG - 1);
        await runner.catchUp();
        expect(readModels.checkpoint('closes')?.position).toBe(closed);
        await bulk('tally-bulk-2', 1);
        await runner.catchUp();
        expect(readModels.checkpoint('closes')?.position).toBe(closed + IDLE_CHECKPOINT_LAG);

        await bulk('tally-bulk-3', 5);
        await runner.catchUp();
        expect(readModels.checkpoint('closes')?.position).toBe(closed + IDLE_CHECKPOINT_LAG);
        await runner.stop();
        expect(readModels.checkpoint('closes')?.position).toBe(await store.headPosition());
      });

      it('after a crash (no stop), a restart re-reads from the trailing checkpoint and ends with the documents of an uninterrupted run', async () => {
        for (let i = 0; i < 4; i++) await handler.execute(Tally, 't1', { type: 'add', data: { n: 2 }, context: ctx(`b${i}`) });
        await new ProjectionRunner(store, readModels, [totals, closes], upcasters).catchUp(); // then "crashes"
        expect(readModels.checkpoint('closes')?.position).toBe(0);
        await handler.execute(Tally, 't1', { type: 'close', data: {}, context: ctx('close') });
        const restarted = new ProjectionRunner(store, readModels, [totals, closes], upcasters);
        await restarted.catchUp();

        const fresh = new ReadModelStore(join(dir, 'uninterrupted.db'));
        try {
          await new ProjectionRunner(store, fresh, [totals, closes], upcasters).catchUp();
          for (const [name, collection] of [
            ['totals', 'tally'],
            ['closes', 'closed'],
          ] as const)
            expect(readModels.list(name, collection)).toEqual(fresh.list(name, collection));
          expect(readModels.get('totals', 'tally', 'tally-t1')).toEqual({ total: 8, events: 4 });
          expect(readModels.checkpoint('closes')?.position).toBe(await store.headPosition());
        } finally {
          fresh.close();
        }
      });
    });

    it('reads the log once for a short page (its end) instead of reading again to find nothing', async () => {
      let reads = 0;
      const counted = Object.assign(Object.create(store) as SqliteEventStore, {
        readAll: (after: number, limit: number) => (reads++, store.readAll(after, limit)),
      });
      const runner = new ProjectionRunner(counted, readModels, [totals], upcasters, { batch: 2 });
      for (let i = 0; i < 3; i++) await handler.execute(Tally, 'r', { type: 'add', data: { n: 1 }, context: ctx(`r${i}`) });
      expect(await runner.catchUp()).toBe(3);
      expect(reads).toBe(2); // a full page of 2, then 1 (short: the end)
      expect(readModels.get('totals', 'tally', 'tally-r')).toEqual({ total: 3, events: 3 });
      reads = 0;
      await handler.execute(Tally, 'r', { type: 'add', data: { n: 1 }, context: ctx('r3') });
      expect(await runner.catchUp()).toBe(1);
      expect(reads).toBe(1);
      expect(await runner.catchUp()).toBe(0); // nothing new: one empty read
      expect(reads).toBe(2);
    });

    describe('events handed over by the publisher (notify(events))', () => {
      /** Every position it applied, in order: the log's positions once each, or a doubled or skipped event shows. */
      const seen: Projection = {
        name: 'seen',
        version: 1,
        handles: () => true,
        apply(e, docs) {
          docs.put('seen', 'all', [...(docs.get<number[]>('seen', 'all') ?? []), e.position]);
        },
      };
      const positions = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
      let reads: number;
      const runners: ProjectionRunner[] = [];
      afterEach(async () => {
        for (const r of runners.splice(0)) await r.stop(); // a failed expectation leaves no loop behind
      });
      const counted = (shared = false) =>
        Object.assign(Object.create(store) as SqliteEventStore, {
          readAll: (after: number, limit: number) => (reads++, store.readAll(after, limit)),
          sharedWriters: shared,
        });
      const add = (stream: string, n: number, id: string) => handler.execute(Tally, stream, { type: 'add', data: { n }, context: ctx(id) });
      /** A runner that follows the log, once its first read (at start) is done; only notify() wakes it. */
      const started = async (source: SqliteEventStore) => {
        const runner = new ProjectionRunner(source, readModels, [totals, seen], upcasters, { idleMs: 3_600_000 });
        runners.push(runner);
        runner.start();
        const first = await add('t0', 1, 'first');
        runner.notify(first.events);
        await expect(runner.waitFor(first.position, 10_000)).resolves.toBe(true);
        reads = 0;
        return runner;
      };

      it("applies the published events that follow its position without reading the log, a group commit's batch too", async () => {
        const runner = await started(counted());
        const one = await add('t1', 2, 'c1');
        runner.notify(one.events);
        await expect(runner.waitFor(one.position, 10_000)).resolves.toBe(true);
        const group = await Promise.all([add('t1', 3, 'c2'), add('t2', 4, 'c3'), add('t3', 5, 'c4')]);
        for (const r of group) runner.notify(r.events);
        await expect(runner.waitFor(Math.max(...group.map((r) => r.position)), 10_000)).resolves.toBe(true);
        expect(reads).toBe(0);
        expect(readModels.get('totals', 'tally', 'tally-t1')).toEqual({ total: 5, events: 2 });
        expect(readModels.get('seen', 'seen', 'all')).toEqual(positions(5));
      });

      it('after a gap (an append it was not handed) reads the log and applies every event once, in order; then takes published events again', async () => {
        const runner = await started(counted());
        await add('t1', 2, 'unannounced'); // appended, never handed over: another writer, as far as the runner knows
        const next = await add('t1', 3, 'c1');
        runner.notify(next.events);
        await expect(runner.waitFor(next.position, 10_000)).resolves.toBe(true);
        expect(reads).toBe(1); // one short page: both events, the log's end
        expect(readModels.get('seen', 'seen', 'all')).toEqual(positions(3));
        expect(readModels.get('totals', 'tally', 'tally-t1')).toEqual({ total: 5, events: 2 });
        reads = 0;
        const after = await add('t1', 4, 'c2');
        runner.notify(after.events);
        await expect(runner.waitFor(after.position, 10_000)).resolves.toBe(true);
        expect(reads).toBe(0);
        expect(readModels.get('seen', 'seen', 'all')).toEqual(positions(4));
        await runner.stop();
        expect(readModels.checkpoint('seen')?.position).toBe(await store.headPosition());
      });

      it('takes appends published out of order, or twice, in log order and once', async () => {
        const runner = await started(counted());
        const first = await add('t1', 2, 'c1');
        const second = await add('t2', 3, 'c2');
        runner.notify(second.events); // committed together, published in the other order: held until the first comes
        runner.notify(first.events);
        runner.notify(first.events);
        await expect(runner.waitFor(second.position, 10_000)).resolves.toBe(true);
        expect(reads).toBe(0);
        expect(readModels.get('seen', 'seen', 'all')).toEqual(positions(3));
      });

      it('applies events published while it was reading the log (a read that ended before their append)', async () => {
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let gated = true;
        const slow = Object.assign(Object.create(store) as SqliteEventStore, {
          readAll: (after: number, limit: number) => {
            const page = store.readAll(after, limit); // read now; answered once the gate opens
            return gated ? gate.then(() => page) : page;
          },
        });
        const runner = new ProjectionRunner(slow, readModels, [totals, seen], upcasters, { idleMs: 3_600_000 });
        runners.push(runner);
        runner.start(); // its first read of the log is under way
        const r = await add('t1', 2, 'c1');
        runner.notify(r.events);
        gated = false;
        release();
        await expect(runner.waitFor(r.position, 10_000)).resolves.toBe(true);
        expect(readModels.get('seen', 'seen', 'all')).toEqual(positions(1));
      });

      it('reads the log for them on a store other processes write to (PostgreSQL): they may not be its next positions', async () => {
        const runner = await started(counted(true));
        const r = await add('t1', 2, 'c1');
        runner.notify(r.events);
        await expect(runner.waitFor(r.position, 10_000)).resolves.toBe(true);
        expect(reads).toBe(1);
        expect(readModels.get('seen', 'seen', 'all')).toEqual(positions(2));
      });
    });

    it('rolls back both the rows and the checkpoint when a reducer fails mid-batch, and stalls only that projection', async () => {
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx('c1') });
      await handler.execute(Tally, 't1', { type: 'add', data: { n: -1 }, context: ctx('c2') });
      const fragile: Projection = {
        ...totals,
        name: 'fragile',
        apply: (e, d) => {
          if ((e.data as { n: number }).n < 0) throw new Error('boom');
          totals.apply(e, d);
        },
      };
      const runner = new ProjectionRunner(store, readModels, [fragile, totals], upcasters);
      await runner.catchUp();
      expect(readModels.get('fragile', 'tally', 'tally-t1')).toBeUndefined();
      expect(readModels.checkpoint('fragile')?.position).toBe(0);
      expect(runner.failures()).toEqual({ fragile: { position: 0, error: 'boom' } });
      // The failing projection stalls alone: the others are applied and readers waiting on them are served.
      const head = await store.headPosition();
      expect(readModels.get('totals', 'tally', 'tally-t1')).toEqual({ total: 0, events: 2 });
      expect(readModels.checkpoint('totals')?.position).toBe(head);
      await expect(runner.waitFor(head, 10)).resolves.toBe(true);
    });

    it('starts each batch from what the last committed batch wrote, never from a batch that rolled back', async () => {
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx('c1') });
      let failNext = false;
      // Once: a document that cannot be serialised, after its tally was put: the batch writes neither.
      const flaky: Projection = {
        ...totals,
        name: 'flaky',
        flush: (docs) => {
          if (!failNext) return;
          failNext = false;
          docs.put('tally', 'unstorable', { n: 1n });
        },
      };
      await new ProjectionRunner(store, readModels, [flaky, totals], upcasters).catchUp();
      expect(readModels.get('flaky', 'tally', 'tally-t1')).toEqual({ total: 1, events: 1 });
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 10 }, context: ctx('c2') });
      const failing = new ProjectionRunner(store, readModels, [flaky, totals], upcasters);
      failNext = true;
      await failing.catchUp(); // the second batch fails: flaky stays at its checkpoint, totals goes on
      expect(failing.failures()).toEqual({ flaky: { position: 1, error: expect.stringContaining('BigInt') } });
      expect(readModels.get('flaky', 'tally', 'tally-t1')).toEqual({ total: 1, events: 1 });
      expect(readModels.get('totals', 'tally', 'tally-t1')).toEqual({ total: 11, events: 2 });
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 100 }, context: ctx('c3') });
      await new ProjectionRunner(store, readModels, [flaky, totals], upcasters).catchUp(); // a restart retries it
      expect(readModels.get('flaky', 'tally', 'tally-t1')).toEqual({ total: 111, events: 3 });
      expect(readModels.get('totals', 'tally', 'tally-t1')).toEqual({ total: 111, events: 3 });
    });

    it('rebuilds a projection from zero when its version changes, with the same result', async () => {
      for (let i = 0; i < 3; i++) await handler.execute(Tally, `t${i}`, { type: 'add', data: { n: i + 1 }, context: ctx(`c${i}`) });
      await new ProjectionRunner(store, readModels, [totals], upcasters).catchUp();
      const before = readModels.list('totals', 'tally');
      readModels.db.prepare("UPDATE documents SET value = '{\"total\":999}' WHERE projection = 'totals'").run(); // corrupt the read model
      const runner = new ProjectionRunner(store, readModels, [{ ...totals, version: 2 }], upcasters);
      await runner.catchUp();
      expect(readModels.list('totals', 'tally')).toEqual(before);
    });

    it('serves a read model as of an earlier position from the same reducer', async () => {
      const r1 = await handler.execute(Tally, 't1', { type: 'add', data: { n: 1 }, context: ctx('c1') });
      await handler.execute(Tally, 't1', { type: 'add', data: { n: 2 }, context: ctx('c2') });
      const runner = new ProjectionRunner(store, readModels, [totals], upcasters);
      const then = await runner.asOf('totals', r1.position);
      expect(then.get('tally', 'tally-t1')).toEqual({ total: 1, events: 1 });
    });

    it('lets a reader wait for a position (read-your-writes), bounded by a timeout', async () => {
      const runner = new ProjectionRunner(store, readModels, [totals], upcasters, { idleMs: 20 });
      runner.start();
      const r = await handler.execute(Tally, 't1', { type: 'add', data: { n: 4 }, context: ctx('c1') });
      runner.notify();
      await expect(runner.waitFor(r.position, 5000)).resolves.toBe(true);
      expect(readModels.get('totals', 'tally', 'tally-t1')).toEqual({ total: 4, events: 1 });
      await expect(runner.waitFor(r.position + 1000, 30)).resolves.toBe(false);
      await runner.stop();
    });
  });

  describe('upcasting', () => {
    it('reads a stored v1 event back in the v2 shape without touching the stored bytes', async () => {
      const fixture = JSON.parse(readFileSync(new URL('../store/fixtures/tally-added.v1.json', import.meta.url), 'utf8'));
      await store.append('tally-old', [fixture], 'no-stream');
      // v2 renamed `amount` to `n`.
      upcasters.register({ type: 'tally.Added', from: 1, up: (d) => ({ n: (d as { amount: number }).amount }) });
      const state = await new CommandHandler(store, upcasters).load(Tally, 'tally-old');
      expect(state.state.total).toBe(7);
      const [stored] = await store.readStream('tally-old');
      expect(stored.data).toEqual({ amount: 7 });
      expect(upcasters.upcast(stored)).toMatchObject({ data: { n: 7 }, meta: { schemaVersion: 2, hash: stored.meta.hash } });
      // New events are written at the current version.
      const r = await new CommandHandler(store, upcasters).execute(Tally, 'old', { type: 'add', data: { n: 1 }, context: ctx('c1') });
      expect(r.events[0].meta.schemaVersion).toBe(2);
    });
  });

  describe('process managers', () => {
    /** Mirrors each addition to `tally-src` into `tally-mirror`. */
    const mirrorOfSrc = (): ProcessManager => ({
      name: 'mirror',
      handles: (t) => t === 'tally.Added',
      react: (e) =>
        e.stream === 'tally-src'
          ? [{ aggregate: Tally, id: 'mirror', command: (c) => ({ type: 'add' as const, data: { n: (e.data as { n: number }).n }, context: c }) }]
          : [],
    });
    it('sends each reaction once, with a command id derived from the causing event, even when run again', async () => {
      const mirror: ProcessManager = {
        name: 'mirror',
        handles: (t) => t === 'tally.Added',
        react: (e) =>
          e.stream.startsWith('tally-src')
            ? [{ aggregate: Tally, id: 'mirror', command: (c) => ({ type: 'add' as const, data: { n: (e.data as { n: number }).n }, context: c }) }]
            : [],
      };
      await handler.execute(Tally, 'src', { type: 'add', data: { n: 3 }, context: ctx('c1') });
      await handler.execute(Tally, 'src', { type: 'add', data: { n: 4 }, context: ctx('c2') });
      const runner = new ProcessManagerRunner(store, handler, readModels, [mirror], upcasters);
      expect(await runner.catchUp()).toBe(2);
      readModels.advance('pm:mirror', 0); // a crash before the checkpoint moved: everything is redelivered
      await new ProcessManagerRunner(store, handler, readModels, [mirror], upcasters).catchUp();
      const mirrored = await store.readStream('tally-mirror');
      expect(mirrored.map((e) => e.data)).toEqual([{ n: 3 }, { n: 4 }]);
      expect(mirrored[0].meta.causationId).not.toBeNull();
      expect(mirrored[0].meta.actor).toEqual({ id: 'process-manager:mirror', role: 'system' });
    });

    it('shares each page among the managers; one with nothing to handle stores its checkpoint past IDLE_CHECKPOINT_LAG and on close; a restart reacts once', async () => {
      const mirror = mirrorOfSrc();
      const idle: ProcessManager = { name: 'idle', handles: (t) => t === 'tally.Reopened', react: () => [] };
      let reads = 0;
      const counted = Object.assign(Object.create(store) as SqliteEventStore, {
        readAll: (after: number, limit: number) => (reads++, store.readAll(after, limit)),
      });
      for (let i = 0; i < 3; i++) await handler.execute(Tally, 'src', { type: 'add', data: { n: i + 1 }, context: ctx(`s${i}`) });
      const runner = new ProcessManagerRunner(counted, handler, readModels, [mirror, idle], upcasters);
      expect(await runner.catchUp()).toBe(3);
      // One page with the three events, one with the mirror's three (short: the end), each read once for both managers.
      expect(reads).toBe(2);
      const head = await store.headPosition();
      expect(readModels.checkpoint('pm:mirror')?.position).toBe(head);
      expect(readModels.checkpoint('pm:idle')?.position).toBe(0);

      await bulk('tally-other', IDLE_CHECKPOINT_LAG);
      await runner.catchUp();
      expect(readModels.checkpoint('pm:idle')?.position).toBe(head + IDLE_CHECKPOINT_LAG);
      await handler.execute(Tally, 'src', { type: 'add', data: { n: 10 }, context: ctx('s3') });
      await runner.catchUp();
      runner.storeCheckpoints();
      expect(readModels.checkpoint('pm:idle')?.position).toBe(await store.headPosition());

      // A crash after the next reaction: a new runner starts from what is stored and adds nothing twice.
      await handler.execute(Tally, 'src', { type: 'add', data: { n: 20 }, context: ctx('s4') });
      await runner.catchUp();
      await new ProcessManagerRunner(store, handler, readModels, [mirror, idle], upcasters).catchUp();
      expect((await store.readStream('tally-mirror')).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 10, 20]);
    });

    it('takes the events just published that follow its checkpoints as its page, without reading the log; after a gap it reads', async () => {
      const mirror = mirrorOfSrc();
      let reads = 0;
      const counted = Object.assign(Object.create(store) as SqliteEventStore, {
        readAll: (after: number, limit: number) => (reads++, store.readAll(after, limit)),
      });
      const add = (stream: string, n: number, id: string) => handler.execute(Tally, stream, { type: 'add', data: { n }, context: ctx(id) });
      const runner = new ProcessManagerRunner(counted, handler, readModels, [mirror], upcasters);
      await runner.catchUp();
      reads = 0;
      expect(await runner.catchUp((await add('other', 1, 'o1')).events)).toBe(0);
      expect(reads).toBe(0);
      expect(await runner.catchUp((await add('src', 5, 'p1')).events)).toBe(1);
      expect(reads).toBe(1); // the mirror's own event, read from the log (a short page: the end)
      // An event it was not given lies between its checkpoint and the published one: it reads the log and misses nothing.
      await add('src', 6, 'p2');
      const later = await add('src', 7, 'p3');
      reads = 0;
      expect(await runner.catchUp(later.events)).toBe(2);
      expect(reads).toBeGreaterThan(0);
      expect((await store.readStream('tally-mirror')).map((e) => (e.data as { n: number }).n)).toEqual([5, 6, 7]);
      expect(readModels.checkpoint('pm:mirror')?.position).toBe(await store.headPosition());
    });

    it('retries a reaction that failed for a reason other than a refusal, instead of dropping it', async () => {
      let failures = 1;
      const flaky: AggregateType<TallyCommand, TallyEvent, TallyState> = {
        name: 'tally',
        decider: {
          ...tallyDecider,
          decide(c, s) {
            if (failures-- > 0) throw new Error('database is locked');
            return tallyDecider.decide(c, s);
          },
        },
      };
      const copier: ProcessManager = {
        name: 'copier',
        handles: (t) => t === 'tally.Added',
        react: (e) =>
          e.stream === 'tally-src' ? [{ aggregate: flaky, id: 'copy', command: (c) => ({ type: 'add' as const, data: { n: 1 }, context: c }) }] : [],
      };
      await handler.execute(Tally, 'src', { type: 'add', data: { n: 1 }, context: ctx('c1') });
      const runner = new ProcessManagerRunner(store, handler, readModels, [copier], upcasters);
      await expect(runner.catchUp()).rejects.toThrow('database is locked');
      expect(runner.refused()).toEqual([]);
      expect(readModels.checkpoint('pm:copier')?.position).toBe(0);
      await runner.catchUp();
      expect((await store.readStream('tally-copy')).map((e) => e.data)).toEqual([{ n: 1 }]);
    });

    it('keeps a refused reaction with its cause and the rule, and goes on with the next events', async () => {
      const closer: ProcessManager = {
        name: 'closer',
        handles: (t) => t === 'tally.Added',
        react: (e) => [{ aggregate: Tally, id: 'target', command: (c) => ({ type: 'add' as const, data: { n: (e.data as { n: number }).n }, context: c }) }],
      };
      await handler.execute(Tally, 'target', { type: 'close', data: {}, context: ctx('c0') });
      const cause = await handler.execute(Tally, 'src', { type: 'add', data: { n: 1 }, context: ctx('c1') });
      const runner = new ProcessManagerRunner(store, handler, readModels, [closer], upcasters);
      await runner.catchUp();
      expect(runner.refused()).toEqual([
        expect.objectContaining({
          processManager: 'closer',
          cause: expect.objectContaining({ eventId: cause.events[0].id, stream: 'tally-src', position: cause.position }),
          target: 'tally-target',
          refusal: { type: 'tally/closed', message: 'the tally is closed', rule: 'test rule: a closed tally takes no more' },
        }),
      ]);
      expect(readModels.checkpoint('pm:closer')?.position).toBe(await store.headPosition());
    });
  });
});
