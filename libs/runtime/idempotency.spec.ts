import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { canonicalJson, DomainError, refuse } from '../domain/kernel/index.js';
import type { Command, CommandContext, Decider } from '../domain/kernel/index.js';
import type { EventStore } from '../store/event-store.port.js';
import { PostgresEarlierAnswerStore } from '../store/postgres/postgres-earlier-answers.js';
import { PostgresEventStore } from '../store/postgres/postgres-event-store.js';
import { describeWithPostgres, freshDatabase } from '../store/postgres/testing/pg-test-env.js';
import { SqliteEarlierAnswerStore } from '../store/sqlite/sqlite-earlier-answers.js';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store.js';
import { UpcasterRegistry } from '../store/upcasters.js';
import { CommandHandler, CommandIdReusedError, commandFingerprint, type AggregateType } from './command-handler.js';

// A tally whose `add 0` decides nothing (a command that records no event), to cover both paths; taking it below zero is refused.
type Cmd = Command<'add', { n: number }>;
type Evt = { type: 'tally.Added'; data: { n: number } };
const decider: Decider<Cmd, Evt, { total: number }> = {
  initialState: () => ({ total: 0 }),
  decide: (c, s) => {
    if (s.total + c.data.n < 0) refuse('tally/below-zero', `the tally is ${s.total}: it cannot take ${c.data.n}`, 'test rule: a tally stays at zero or above');
    return c.data.n === 0 ? [] : [{ type: 'tally.Added', data: { n: c.data.n } }];
  },
  evolve: (s, e) => ({ total: s.total + e.data.n }),
};
const Tally: AggregateType<Cmd, Evt, { total: number }> = { name: 'tally', decider };
/** The same command id received at different times (a retry arrives later). */
const ctx = (commandId: string, at = '2026-11-29T10:00:00.000Z'): CommandContext => ({ at, actor: { id: 'a1', role: 'arbiter' }, commandId });
const add = (n: number, c: CommandContext): Cmd => ({ type: 'add', data: { n }, context: c });

describe('idempotency: a command id names one command', () => {
  let store: SqliteEventStore;
  let handler: CommandHandler;
  beforeEach(() => {
    store = new SqliteEventStore({ path: join(mkdtempSync(join(tmpdir(), 'arbitra-idem-')), 'events.db'), synchronous: 'OFF' });
    handler = new CommandHandler(store, new UpcasterRegistry());
  });
  afterEach(() => store.close());

  it('the fingerprint ignores the context (time, actor, id) and changes with the body', () => {
    const a = ctx('k1');
    const later = ctx('k1', '2026-11-29T10:05:00.000Z');
    expect(commandFingerprint(add(2, a))).toBe(commandFingerprint(add(2, later)));
    expect(commandFingerprint(add(2, a))).not.toBe(commandFingerprint(add(3, a)));
    expect(commandFingerprint(add(2, a))).not.toBe(commandFingerprint({ type: 'remove', data: { n: 2 } }));
    // The fingerprint of an envelope is the one its command had before the envelope (type beside the fields),
    // so a retry of a command recorded before the envelope is still recognised.
    expect(commandFingerprint(add(2, a))).toBe(
      createHash('sha256')
        .update(canonicalJson({ type: 'add', n: 2 }))
        .digest('hex'),
    );
  });

  it('a retry of the same command, received later, replays the first answer and records nothing', async () => {
    const first = await handler.execute(Tally, 't', add(2, ctx('k1')));
    const later = ctx('k1', '2026-11-29T10:05:00.000Z');
    const retry = await handler.execute(Tally, 't', add(2, later));
    expect(retry).toMatchObject({ duplicate: true, revision: first.revision });
    expect(await store.readStream('tally-t')).toHaveLength(1);
  });

  it('the same id with a different command is refused, and the first command stays the only one recorded', async () => {
    await handler.execute(Tally, 't', add(2, ctx('k1')));
    await expect(handler.execute(Tally, 't', add(5, ctx('k1')))).rejects.toBeInstanceOf(CommandIdReusedError);
    // also from a fresh process (no in-memory state): the fingerprint is in the stored event's meta
    const fresh = new CommandHandler(store, new UpcasterRegistry());
    await expect(fresh.execute(Tally, 't', add(5, ctx('k1')))).rejects.toBeInstanceOf(CommandIdReusedError);
    const events = await store.readStream('tally-t');
    expect(events.map((e) => e.data)).toEqual([{ n: 2 }]);
    expect(events[0].meta.commandFingerprint).toBe(commandFingerprint(add(2, ctx('k1'))));
  });

  it('a command that recorded nothing: its retry replays, a different command under its id is refused', async () => {
    const first = await handler.execute(Tally, 't', add(0, ctx('k0')));
    expect(first).toMatchObject({ duplicate: false, events: [] });
    expect(await handler.execute(Tally, 't', add(0, ctx('k0')))).toMatchObject({ duplicate: true, events: [] });
    await expect(handler.execute(Tally, 't', add(4, ctx('k0')))).rejects.toBeInstanceOf(CommandIdReusedError);
    expect(await store.readStream('tally-t')).toHaveLength(0);
  });

  it('a command computed from the state is decided on the state it is appended to; its retry gets the first answer without computing anything', async () => {
    await handler.execute(Tally, 't', add(3, ctx('k1')));
    let computed = 0;
    const double = (commandId: string, request: unknown) => ({
      context: ctx(commandId),
      request,
      from: (s: { total: number }) => {
        computed++;
        return { type: 'add' as const, data: { n: s.total } };
      },
    });
    const first = await handler.execute(Tally, 't', double('k2', { double: true }));
    expect(first.events.map((e) => e.data)).toEqual([{ n: 3 }]);
    const retry = await new CommandHandler(store, new UpcasterRegistry()).execute(Tally, 't', double('k2', { double: true }));
    expect(retry).toMatchObject({ duplicate: true, revision: first.revision });
    expect(computed).toBe(1);
    // The same id for another request is refused before anything is computed, and nothing more is recorded.
    await expect(handler.execute(Tally, 't', double('k2', { double: false }))).rejects.toBeInstanceOf(CommandIdReusedError);
    expect(computed).toBe(1);
    expect((await store.readStream('tally-t')).map((e) => e.data)).toEqual([{ n: 3 }, { n: 3 }]);
  });

  it('a command whose id the server just made (no Idempotency-Key) is not looked up and keeps no fingerprint; a keyed one is and does', async () => {
    const lookups: string[] = [];
    const find = store.findByCommandId.bind(store);
    store.findByCommandId = (id: string) => {
      lookups.push(id);
      return find(id);
    };
    const fresh = await handler.execute(Tally, 't', add(2, ctx('0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')), { freshCommandId: true });
    expect(fresh).toMatchObject({ duplicate: false, revision: 0 });
    expect(fresh.events[0].meta.commandFingerprint).toBeUndefined();
    expect(lookups).toEqual([]);
    const keyed = await handler.execute(Tally, 't', add(3, ctx('key:arbiter:a1:retry-me')));
    expect(keyed.events[0].meta.commandFingerprint).toBe(commandFingerprint(add(3, ctx('x'))));
    expect(lookups).toEqual(['key:arbiter:a1:retry-me']);
    // Were a fresh id ever sent again, its events' ids (derived from it) still make the store answer the first command.
    const again = await new CommandHandler(store, new UpcasterRegistry()).execute(Tally, 't', add(2, ctx('0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')), {
      freshCommandId: true,
    });
    expect(again).toMatchObject({ duplicate: true });
    expect((await store.readStream('tally-t')).map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }]);
  });
});

/** A refusal as a client sees it (problem+json is made of these). */
const refusalOf = (e: unknown) => {
  expect(e).toBeInstanceOf(DomainError);
  const { type, message, rule, kind, field } = e as DomainError;
  return { type, message, rule, kind, field };
};

/**
 * Issue 32: the answer to a keyed command that recorded nothing is kept beside the log, so a restart (a new process on
 * the same file) or another server on the same database gives the same answer: `first` handles the commands, the
 * server `next` gives handles the retries, once the refused command would pass.
 */
function keptAcross(servers: () => Promise<{ first: CommandHandler; next: () => Promise<{ second: CommandHandler; store: EventStore }> }>) {
  it('a refusal and a no-op: the retry gets the same refusal (the command would pass now) and the same no-op answer', async () => {
    const { first, next } = await servers();
    const noOp = await first.execute(Tally, 't', add(0, ctx('k0')));
    expect(noOp).toMatchObject({ duplicate: false, events: [], revision: -1 });
    const refused = refusalOf(await first.execute(Tally, 't', add(-2, ctx('k-neg'))).catch((e: unknown) => e));
    expect(refused.type).toBe('tally/below-zero');
    const { second, store } = await next();
    await second.execute(Tally, 't', add(5, ctx('k5')));
    const head = await store.headPosition();
    // Taking 2 from 5 would pass now: the key's answer is still the refusal, and nothing is recorded.
    const later = ctx('k-neg', '2026-11-29T11:00:00.000Z');
    expect(refusalOf(await second.execute(Tally, 't', add(-2, later)).catch((e: unknown) => e))).toEqual(refused);
    expect(await second.execute(Tally, 't', add(0, ctx('k0')))).toEqual({ ...noOp, duplicate: true });
    expect(await store.headPosition()).toBe(head);
    // Another command under a kept key is another request (422), for the refusal's key and the no-op's alike.
    await expect(second.execute(Tally, 't', add(-1, ctx('k-neg')))).rejects.toBeInstanceOf(CommandIdReusedError);
    await expect(second.execute(Tally, 't', add(4, ctx('k0')))).rejects.toBeInstanceOf(CommandIdReusedError);
    await expect(second.execute(Tally, 'u', add(0, ctx('k0')))).rejects.toBeInstanceOf(CommandIdReusedError);
    expect((await store.readStream('tally-t')).map((e) => e.data)).toEqual([{ n: 5 }]);
  });
}

describe('a command that recorded nothing keeps its answer across a restart (issue 32, SQLite)', () => {
  const open: SqliteEventStore[] = [];
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  keptAcross(async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'arbitra-kept-')), 'events.db');
    const before = new SqliteEventStore({ path, synchronous: 'OFF' });
    open.push(before);
    const first = new CommandHandler(before, new UpcasterRegistry(), { answers: new SqliteEarlierAnswerStore(before.db) });
    /** The restart: the first process's store closed, a new one opened on the same file, nothing kept in memory. */
    const next = async () => {
      await before.close();
      const store = new SqliteEventStore({ path, synchronous: 'OFF' });
      open.push(store);
      return { second: new CommandHandler(store, new UpcasterRegistry(), { answers: new SqliteEarlierAnswerStore(store.db) }), store };
    };
    return { first, next };
  });
});

describeWithPostgres('a command that recorded nothing has one answer on every server of the database (issue 32)', (serverUrl) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });
  keptAcross(async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_kept');
    cleanup.push(db.drop);
    const server = async () => {
      const store = await PostgresEventStore.open({ connectionString: db.url });
      cleanup.push(() => store.close());
      return { store, second: new CommandHandler(store, new UpcasterRegistry(), { answers: new PostgresEarlierAnswerStore(store) }) };
    };
    const a = await server();
    // Server B, running beside A on the same database.
    const b = await server();
    return { first: a.second, next: async () => b };
  });
});
