import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Command, type CommandContext, type Decider } from '../domain/kernel/index.js';
import type { RecordedEvent } from '../store/event-store.port.js';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store.js';
import { ArbitraCore } from './arbitra-core.js';
import type { AggregateType } from './command-handler.js';
import { ProcessManagerRunner, type ProcessManager } from './process-manager.js';
import type { Projection } from './projections/projection.js';

// A tiny aggregate, a manager that mirrors each addition to `tally-src` into `tally-mirror`, and a read model of both.
type AddCommand = Command<'add', { n: number }>;
type Added = { type: 'tally.Added'; data: { n: number } };
const decider: Decider<AddCommand, Added, number> = {
  initialState: () => 0,
  decide: (c) => [{ type: 'tally.Added', data: { n: c.data.n } }],
  evolve: (s, e) => s + e.data.n,
};
const Tally: AggregateType<AddCommand, Added, number> = { name: 'tally', decider };
const mirror: ProcessManager = {
  name: 'mirror',
  handles: (t) => t === 'tally.Added',
  react: (e) =>
    e.stream === 'tally-src'
      ? [{ aggregate: Tally, id: 'mirror', command: (c) => ({ type: 'add' as const, data: { n: (e.data as { n: number }).n }, context: c }) }]
      : [],
};
const totals: Projection = {
  name: 'totals',
  version: 1,
  handles: (t) => t === 'tally.Added',
  apply(e, docs) {
    docs.put('tally', e.stream, (docs.get<number>('tally', e.stream) ?? 0) + (e.data as { n: number }).n);
  },
};
const ctx = (commandId: string): CommandContext => ({ at: '2026-12-07T10:00:00.000Z', actor: { id: 'a1', role: 'arbiter' }, commandId });

describe('ArbitraCore', () => {
  let core: ArbitraCore | undefined;
  afterEach(() => core?.close());

  /** A core over a log whose readAll counts, by position, the events it hands out (to the projections and managers alike). */
  async function started(sharedWriters = false, dataDir = mkdtempSync(join(tmpdir(), 'arbitra-core-'))) {
    const log = new SqliteEventStore({ path: join(dataDir, 'events.db'), synchronous: 'OFF' });
    const readOut = new Map<number, number>();
    const store = Object.assign(Object.create(log) as SqliteEventStore, {
      sharedWriters,
      readAll: async (after: number, limit: number) => {
        const page: RecordedEvent[] = await log.readAll(after, limit);
        for (const e of page) readOut.set(e.position, (readOut.get(e.position) ?? 0) + 1);
        return page;
      },
    });
    core = new ArbitraCore({
      config: { dataDir, sqliteSync: 'OFF', groupCommit: true },
      store,
      features: [{ name: 'tally', aggregates: [Tally], projections: [totals], processManagers: [mirror] }],
    });
    await core.start();
    return { core, readOut };
  }

  /** Runs a command the mirror reacts to; resolves once the read models show its event and the reaction's. */
  async function addWithReaction(core: ArbitraCore, n: number, id: string) {
    const cause = await core.execute(Tally, 'src', { type: 'add', data: { n }, context: ctx(id) });
    await core.settle();
    const reaction = await core.store.headPosition();
    expect(reaction).toBe(cause.position + 1);
    expect(await core.projections.waitFor(reaction, 10_000)).toBe(true);
    return { cause: cause.position, reaction };
  }

  it("publishes a process manager's reaction like a command's events: the projections apply it without reading the log", async () => {
    const { core, readOut } = await started();
    const first = await addWithReaction(core, 3, 'c1');
    const second = await addWithReaction(core, 4, 'c2');
    // Only the manager reads a reaction back (to react to it in turn); the projections were handed both events.
    for (const { cause, reaction } of [first, second]) {
      expect(readOut.get(cause)).toBeUndefined();
      expect(readOut.get(reaction)).toBe(1);
    }
    expect(core.readModels.get('totals', 'tally', 'tally-src')).toBe(7);
    expect(core.readModels.get('totals', 'tally', 'tally-mirror')).toBe(7);
    expect((await core.store.readStream('tally-mirror')).map((e) => [e.data, e.meta.causationId])).toEqual([
      [{ n: 3 }, (await core.store.readAll(first.cause - 1, 1))[0].id],
      [{ n: 4 }, (await core.store.readAll(second.cause - 1, 1))[0].id],
    ]);
  });

  it('on a store other processes write to, the projections still read the log for a reaction', async () => {
    const { core, readOut } = await started(true);
    const { cause, reaction } = await addWithReaction(core, 5, 'c1');
    // The manager reads both; the projections read both too (the published events are only a wake-up there).
    expect(readOut.get(cause)).toBeGreaterThanOrEqual(2);
    expect(readOut.get(reaction)).toBeGreaterThanOrEqual(2);
    expect(core.readModels.get('totals', 'tally', 'tally-mirror')).toBe(5);
  });

  it('at start, reactions to what the log already holds run in one process-manager run, none beside it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-core-'));
    // Recorded before the manager ever ran (a crash before its reaction, or a manager new in this version).
    const before = new ArbitraCore({ config: { dataDir, sqliteSync: 'OFF', groupCommit: true }, features: [{ name: 'tally', aggregates: [Tally] }] });
    await before.start();
    await before.execute(Tally, 'src', { type: 'add', data: { n: 2 }, context: ctx('c0') });
    await before.close();

    let running = 0;
    let most = 0;
    const { catchUp } = ProcessManagerRunner.prototype;
    const watched = jest.spyOn(ProcessManagerRunner.prototype, 'catchUp').mockImplementation(async function (this: ProcessManagerRunner, published) {
      most = Math.max(most, ++running);
      try {
        return await catchUp.call(this, published);
      } finally {
        running--;
      }
    });
    try {
      const { core } = await started(false, dataDir);
      await core.settle();
      expect(most).toBe(1);
      expect((await core.store.readStream('tally-mirror')).map((e) => e.data)).toEqual([{ n: 2 }]);
      expect(await core.projections.waitFor(await core.store.headPosition(), 10_000)).toBe(true);
      expect(core.readModels.get('totals', 'tally', 'tally-mirror')).toBe(2);
    } finally {
      watched.mockRestore();
    }
  });
});
