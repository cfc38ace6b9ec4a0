import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../domain/kernel/index.js';
import type { Command, CommandContext, Decider } from '../domain/kernel/index.js';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store.js';
import { UpcasterRegistry } from '../store/upcasters.js';
import { CommandHandler, CommandIdReusedError, commandFingerprint, type AggregateType } from './command-handler.js';

// A tally whose `add 0` decides nothing (a command that records no event), to cover both paths.
type Cmd = Command<'add', { n: number }>;
type Evt = { type: 'tally.Added'; data: { n: number } };
const decider: Decider<Cmd, Evt, { total: number }> = {
  initialState: () => ({ total: 0 }),
  decide: (c) => (c.data.n === 0 ? [] : [{ type: 'tally.Added', data: { n: c.data.n } }]),
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
