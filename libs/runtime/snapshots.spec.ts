import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pair } from '../domain/pairing/index.js';
import { pairingRequestFor, type OpenTournament, type TournamentCommand } from '../domain/tournament/index.js';
import { create, pairSystem, publish, record, register, scrabble } from '../domain/tournament/testing/tournament.test-support.js';
import { MemorySnapshotStore } from '../store/snapshot-store.port.js';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store.js';
import { SqliteSnapshotStore } from '../store/sqlite/sqlite-snapshot-store.js';
import { UpcasterRegistry } from '../store/upcasters.js';
import type { Command } from '../domain/kernel/index.js';
import { CommandHandler, streamOf, type AggregateType } from './command-handler.js';
import { SNAPSHOT_BYTES_PER_EVENT } from './stream-states.js';
import { TournamentAggregate } from './features/tournament/index.js';

const STREAM = streamOf(TournamentAggregate, 't1');

/** The next round's Australian draw, computed from the state as the pairing endpoint does. */
function nextPairing(state: OpenTournament, round: number): TournamentCommand {
  return pairSystem(round, pair('australian-draw', pairingRequestFor(state, 'main', round, `seed-${round}`)), 'australian-draw');
}

describe('aggregate snapshots are a cache, never the truth', () => {
  let dir: string;
  let store: SqliteEventStore;
  let snapshots: MemorySnapshotStore;
  /** fromRevision of every readStream call on the tournament stream. */
  let reads: number[];
  let counting: SqliteEventStore;

  const run = async (h: CommandHandler, c: TournamentCommand) => h.execute(TournamentAggregate, 't1', c);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'arbitra-snap-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'OFF' });
    snapshots = new MemorySnapshotStore();
    reads = [];
    counting = Object.create(store) as SqliteEventStore;
    counting.readStream = (s: string, from?: number, limit?: number) => {
      if (s === STREAM) reads.push(from ?? 0);
      return store.readStream(s, from, limit);
    };
    // A 10-player Scrabble event, three rounds paired by the server and played: decisions depend on all of it.
    const writer = new CommandHandler(store, new UpcasterRegistry(), { snapshots, snapshotEvery: 7 });
    await run(writer, create({ pairingSystems: ['australian-draw'] }));
    for (let i = 0; i < 10; i++) await run(writer, register(`p${i}`, { rating: 2000 - 10 * i }));
    for (let round = 1; round <= 3; round++) {
      const pairing = nextPairing((await writer.load(TournamentAggregate, STREAM)).state as OpenTournament, round);
      const paired = await run(writer, pairing);
      await run(writer, publish(round));
      const games = (paired.events[0].data as { games: { table: number }[] }).games;
      for (const g of games) await run(writer, record(round, g.table, scrabble(380 + ((g.table * 37 + round * 11) % 90), 400)));
    }
  });
  afterEach(async () => {
    await store.close();
  });

  it('a cold start from a snapshot folds only the events after it, and decides exactly as a replay from the first event', async () => {
    const snap = snapshots.load(STREAM);
    expect(snap?.revision).toBeGreaterThan(10);

    const withSnapshot = new CommandHandler(counting, new UpcasterRegistry(), { snapshots });
    const cold = await withSnapshot.load(TournamentAggregate, STREAM);
    expect(reads).toContain(snap!.revision + 1); // started after the snapshot…
    expect(reads).not.toContain(0); // …never from the first event

    const replay = await new CommandHandler(store, new UpcasterRegistry()).load(TournamentAggregate, STREAM);
    expect(cold.revision).toBe(replay.revision);
    expect(cold.state).toStrictEqual(replay.state);

    // The next decision (a server-computed round-4 draw, then the decider's events) is identical.
    const fromSnapshot = nextPairing(cold.state as OpenTournament, 4);
    const fromReplay = nextPairing(replay.state as OpenTournament, 4);
    expect(fromSnapshot).toMatchObject({ data: { pairing: (fromReplay.data as { pairing: unknown }).pairing } });
    expect(TournamentAggregate.decider.decide(fromReplay, cold.state)).toStrictEqual(TournamentAggregate.decider.decide(fromReplay, replay.state));
  });

  it('a snapshot of another decider version is ignored and rebuilt from the log', async () => {
    const bumped = { ...TournamentAggregate, version: (TournamentAggregate.version ?? 0) + 1 };
    const h = new CommandHandler(counting, new UpcasterRegistry(), { snapshots, snapshotEvery: 7 });
    const loaded = await h.load(bumped, STREAM);
    expect(reads[0]).toBe(0);
    expect(loaded.state).toStrictEqual((await new CommandHandler(store, new UpcasterRegistry()).load(TournamentAggregate, STREAM)).state);
    expect(snapshots.load(STREAM)).toMatchObject({ version: bumped.version, revision: loaded.revision });
  });

  it('a snapshot that does not match the log (other hash at its revision) is ignored', async () => {
    const snap = snapshots.load(STREAM)!;
    // A snapshot claiming the same revision but a different history (here: another state and hash).
    snapshots.save({ ...snap, hash: 'f'.repeat(64), state: JSON.stringify({ status: 'none' }) });
    const loaded = await new CommandHandler(counting, new UpcasterRegistry(), { snapshots }).load(TournamentAggregate, STREAM);
    expect(reads[reads.length - 1]).toBe(0);
    expect((loaded.state as OpenTournament).status).toBe('open');
  });

  it('the SQLite snapshot file survives a restart and is used by the next process', async () => {
    const file = new SqliteSnapshotStore(join(dir, 'snapshots.db'));
    const writer = new CommandHandler(store, new UpcasterRegistry(), { snapshots: file, snapshotEvery: 1 });
    const before = await writer.load(TournamentAggregate, STREAM);
    file.close();
    const reopened = new SqliteSnapshotStore(join(dir, 'snapshots.db'));
    expect(reopened.load(STREAM)?.revision).toBe(before.revision);
    const cold = await new CommandHandler(counting, new UpcasterRegistry(), { snapshots: reopened }).load(TournamentAggregate, STREAM);
    expect(reads).not.toContain(0);
    expect(cold.state).toStrictEqual(before.state);
    reopened.close();
  });
});

describe('snapshots of large states are spaced by their size', () => {
  /** An aggregate whose state grows by about 1 KB a command (a note kept per command). */
  type Note = Command<'note', { text: string }>;
  type Noted = { type: 'noted'; data: { text: string } };
  const Notebook: AggregateType<Note, Noted, { notes: string[] }> = {
    name: 'notebook',
    version: 1,
    decider: {
      initialState: () => ({ notes: [] }),
      decide: (c) => [{ type: 'noted', data: { text: c.data.text } }],
      evolve: (s, e) => ({ notes: [...s.notes, e.data.text] }),
    },
  };
  const context = (i: number) => ({ at: '2026-12-01T10:00:00.000Z', actor: { id: 'a1', role: 'arbiter' as const }, commandId: `n${i}` });

  it(`a snapshot is due snapshotEvery events after the last, or once the events since reach its size at ${SNAPSHOT_BYTES_PER_EVENT} bytes each; a cold start decides alike`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-snap-size-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'OFF' });
    const snapshots = new MemorySnapshotStore();
    const saved: Array<{ revision: number; bytes: number }> = [];
    const save = snapshots.save.bind(snapshots);
    snapshots.save = (s) => (saved.push({ revision: s.revision, bytes: s.state.length }), save(s));
    try {
      const h = new CommandHandler(store, new UpcasterRegistry(), { snapshots, snapshotEvery: 5 });
      for (let i = 0; i < 300; i++) await h.execute(Notebook, 'b', { type: 'note', data: { text: `${i}`.padEnd(1_000, '.') }, context: context(i) });
      // Every 5 events while the state is under 5 KB, then spaced by its size: a few snapshots, not 60.
      expect(saved[0].revision).toBe(4); // the fifth event (revisions count from 0)
      saved.slice(1).forEach((s, i) => expect(s.revision - saved[i].revision).toBe(Math.max(5, Math.ceil(saved[i].bytes / SNAPSHOT_BYTES_PER_EVENT))));
      expect(saved.length).toBeLessThan(10);
      const cold = new CommandHandler(store, new UpcasterRegistry(), { snapshots, snapshotEvery: 5 });
      expect((await cold.load(Notebook, 'notebook-b')).state).toStrictEqual((await h.load(Notebook, 'notebook-b')).state);
    } finally {
      await store.close();
    }
  });

  it('pipelined commands (decided before the snapshot of the one before was written) do not write it again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-snap-pipe-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'OFF' });
    const snapshots = new MemorySnapshotStore();
    const saved: number[] = [];
    const save = snapshots.save.bind(snapshots);
    snapshots.save = (s) => (saved.push(s.revision), save(s));
    try {
      const h = new CommandHandler(store, new UpcasterRegistry(), { snapshots, snapshotEvery: 5 });
      const note = (i: number) => h.execute(Notebook, 'p', { type: 'note', data: { text: `${i}` }, context: context(i) }, { freshCommandId: true });
      await Promise.all(Array.from({ length: 20 }, (_, i) => note(i)));
      expect(saved).toEqual([4, 9, 14, 19]);
    } finally {
      await store.close();
    }
  });
});
