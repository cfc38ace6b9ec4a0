import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError, refuse, type Command, type CommandContext, type Decider } from '../domain/kernel/index.js';
import type { EventStore } from '../store/event-store.port.js';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store.js';
import { UpcasterRegistry } from '../store/upcasters.js';
import { CommandHandler, eventIdFor, type AggregateType } from './command-handler.js';

// A tiny aggregate: numbers are added until the tally is closed; a negative number is refused.
type Cmd = Command<'add', { n: number }> | Command<'close', Record<string, never>>;
type Ev = { type: 'tally.Added'; data: { n: number } } | { type: 'tally.Closed'; data: Record<string, never> };
type St = { total: number; closed: boolean };
const decider: Decider<Cmd, Ev, St> = {
  initialState: () => ({ total: 0, closed: false }),
  decide(c, s) {
    if (s.closed) refuse('tally/closed', 'the tally is closed', 'test rule: a closed tally takes no more');
    if (c.type === 'close') return [{ type: 'tally.Closed', data: {} }];
    if (c.data.n < 0) refuse('tally/negative', 'only positive numbers', 'test rule: numbers are positive');
    return [{ type: 'tally.Added', data: { n: c.data.n } }];
  },
  evolve: (s, e) => (e.type === 'tally.Added' ? { ...s, total: s.total + e.data.n } : { ...s, closed: true }),
};
const Tally: AggregateType<Cmd, Ev, St> = { name: 'tally', decider };
const ctx = (commandId: string): CommandContext => ({ at: '2026-11-29T10:00:00.000Z', actor: { id: 'a1', role: 'arbiter' }, commandId });
const adds = (prefix: string, ns: number[]): Cmd[] => ns.map((n, i) => ({ type: 'add', data: { n }, context: ctx(`${prefix}-${i + 1}`) }));

describe('CommandHandler.executeSequence (all or nothing)', () => {
  let store: SqliteEventStore;
  let handler: CommandHandler;
  beforeEach(() => {
    store = new SqliteEventStore({ path: join(mkdtempSync(join(tmpdir(), 'arbitra-seq-')), 'events.db'), synchronous: 'NORMAL', pollMs: 20 });
    handler = new CommandHandler(store, new UpcasterRegistry());
  });
  afterEach(async () => {
    await store.close();
  });

  it('a sequence whose 10th command is refused stores nothing; a valid one is stored whole, each command decided on the state before it', async () => {
    const bad = adds('bad', [1, 2, 3, 4, 5, 6, 7, 8, 9, -10, 11]);
    await expect(handler.executeSequence(Tally, 't1', bad)).rejects.toMatchObject({ type: 'tally/negative' });
    expect(await store.readStream('tally-t1')).toEqual([]);
    const ok = [...adds('ok', [1, 2]), { type: 'close' as const, data: {}, context: ctx('ok-close') }];
    const r = await handler.executeSequence(Tally, 't1', ok);
    expect(r).toMatchObject({ revision: 2, duplicate: false });
    expect(r.events.map((e) => [e.type, e.meta.commandId, e.id])).toEqual([
      ['tally.Added', 'ok-1', eventIdFor('ok-1', 0)],
      ['tally.Added', 'ok-2', eventIdFor('ok-2', 0)],
      ['tally.Closed', 'ok-close', eventIdFor('ok-close', 0)],
    ]);
    // the third command was decided after the first two: adding after the close (in the same sequence) is refused
    await expect(handler.executeSequence(Tally, 't2', [{ type: 'close', data: {}, context: ctx('c-1') }, ...adds('late', [1])])).rejects.toBeInstanceOf(
      DomainError,
    );
    expect(await store.readStream('tally-t2')).toEqual([]);
  });

  it('a retry of the same sequence returns the first answer and appends nothing', async () => {
    const seq = adds('r', [5, 6]);
    const first = await handler.executeSequence(Tally, 't3', seq);
    const again = await handler.executeSequence(Tally, 't3', seq);
    expect(again.duplicate).toBe(true);
    expect(again.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    expect(await store.readStream('tally-t3')).toHaveLength(2);
  });

  it('when another writer appends first, the whole sequence is decided again on the new state (here: refused, nothing of it stored)', async () => {
    let raced = false;
    const racing: EventStore = Object.create(store) as EventStore;
    racing.append = async (stream, events, expected) => {
      if (!raced) {
        raced = true;
        await store.append(
          stream,
          [
            {
              id: eventIdFor('other', 0),
              type: 'tally.Closed',
              data: {},
              meta: {
                actor: { id: 'b', role: 'arbiter' },
                commandId: 'other',
                correlationId: 'other',
                causationId: null,
                recordedAt: '2026-11-29T10:00:00.000Z',
                schemaVersion: 1,
              },
            },
          ],
          'no-stream',
        );
      }
      return store.append(stream, events, expected);
    };
    const h = new CommandHandler(racing, new UpcasterRegistry());
    await expect(h.executeSequence(Tally, 't4', adds('s', [1, 2, 3]))).rejects.toMatchObject({ type: 'tally/closed' });
    expect((await store.readStream('tally-t4')).map((e) => e.meta.commandId)).toEqual(['other']);
  });
});
