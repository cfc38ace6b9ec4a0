import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  create,
  extend,
  game,
  pairManual,
  publish,
  record,
  register,
  run,
  scrabble,
  stateOf,
} from '../../../domain/tournament/testing/tournament.test-support.js';
import type { OpenTournament, TournamentEvent } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { ArbitraCore } from '../../arbitra-core.js';
import { recordedEvents } from '../../projections/testing/recorded-events.js';
import { MemoryDocuments, type DocumentTx } from '../../projections/projection.js';
import { ReadModelStore } from '../../projections/read-model-store.js';
import { DIVISION_AS_OF } from './per-division-documents.js';
import { FOLD_ENTRY, FOLD_JOURNAL, FOLD_SNAPSHOT } from './tournament-fold.js';
import { TOURNAMENT_FEATURE, TournamentAggregate } from './tournament.feature.js';
import { RETIRED_TOURNAMENT_PROJECTIONS, tournamentsProjection } from './tournament.projection.js';
import { COLLECTIONS, TOURNAMENTS_PROJECTION, type StandingsDocument } from './tournament-read-model.js';

const recorded = (events: readonly TournamentEvent[]): RecordedEvent[] => recordedEvents(events);

/** 20 players, round 1 paired and published, its results coming in: more events than one journal holds. */
function history(): TournamentEvent[] {
  const ids = Array.from({ length: 20 }, (_, i) => `p${i}`);
  const h = run(create({ roundsPlanned: 3, pairingSystems: ['australian-draw', 'random'] }), ...ids.map((id, i) => register(id, { rating: 2000 - i })));
  const games = Array.from({ length: 10 }, (_, i) => game(i + 1, ids[i], ids[i + 10]));
  return extend(h, pairManual(1, games), publish(1), ...games.map((g) => record(1, g.table, scrabble(400 + g.table, 390))));
}

const PROJECTIONS = [tournamentsProjection];
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'arbitra-tournament-fold-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A read-model store as a server opens it: the runner registers its projections. */
function open(path: string): ReadModelStore {
  const store = new ReadModelStore(path, 'OFF');
  store.register(PROJECTIONS);
  return store;
}

const stored = (store: ReadModelStore) => store.db.prepare('SELECT projection, collection, key, value FROM documents ORDER BY 1, 2, 3').all();

function apply(store: ReadModelStore, log: readonly RecordedEvent[]) {
  store.inTransaction(() => {
    for (const p of PROJECTIONS) store.applyBatch(p, log, log[log.length - 1].position);
  });
}

describe('tournament projections keep their folded state', () => {
  it('out of the file; readers of the store still get it, also after a restart, and "as of" documents hold it', () => {
    const h = history();
    const path = join(dir, 'rm.db');
    const store = open(path);
    apply(store, recorded(h).slice(0, -1));
    expect(store.get(TOURNAMENTS_PROJECTION, COLLECTIONS.state, 't1')).toEqual(stateOf(h.slice(0, -1)));
    apply(store, recorded(h).slice(-1));
    expect(store.db.prepare(`SELECT count(*) AS n FROM documents WHERE collection = '${COLLECTIONS.state}'`).get()).toEqual({ n: 0 });
    expect(store.get(TOURNAMENTS_PROJECTION, COLLECTIONS.state, 't1')).toEqual(stateOf(h));
    expect(store.get<StandingsDocument>(TOURNAMENTS_PROJECTION, COLLECTIONS.standings, 't1/main')?.rows).toHaveLength(20);
    store.close();
    const reopened = open(path); // memory lost: folded again from the snapshot and the journal
    const t = reopened.get<OpenTournament>(TOURNAMENTS_PROJECTION, COLLECTIONS.state, 't1') as OpenTournament;
    expect(t).toEqual(stateOf(h));
    expect(JSON.parse(reopened.raw(TOURNAMENTS_PROJECTION, COLLECTIONS.state, 't1')?.json ?? 'null')).toEqual(stateOf(h));
    (t.players as unknown[]).length = 0; // a copy: the caller's to change
    expect(reopened.get(TOURNAMENTS_PROJECTION, COLLECTIONS.state, 't1')).toEqual(stateOf(h));
    expect(reopened.get(TOURNAMENTS_PROJECTION, COLLECTIONS.state, 'nobody')).toBeUndefined();
    reopened.close();
    const docs = new MemoryDocuments();
    for (const e of recorded(h)) tournamentsProjection.apply(e, docs);
    expect(docs.get(COLLECTIONS.state, 't1')).toEqual(stateOf(h));
  });

  it('and after a restart (memory lost) fold it again from what they stored: the same documents, wherever the restart falls', () => {
    const log = recorded(history());
    const whole = open(join(dir, 'whole.db'));
    apply(whole, log);
    const expected = stored(whole);
    whole.close();
    expect(expected.length).toBeGreaterThan(0);
    for (let cut = 1; cut < log.length; cut++) {
      const path = join(dir, `cut-${cut}.db`);
      const before = open(path);
      apply(before, log.slice(0, cut));
      before.close();
      const after = open(path);
      for (const e of log.slice(cut)) apply(after, [e]);
      expect(stored(after)).toEqual(expected);
      after.close();
    }
  });
});

describe('one fold for all the tournament documents', () => {
  it('each event is folded and journaled once (standings and provisional pairings were two more projections, each journaling it again)', () => {
    const store = open(join(dir, 'once.db'));
    const log = recorded(history());
    apply(store, log);
    const folds = store.db
      .prepare(
        `SELECT projection, count(*) AS n FROM documents WHERE collection IN ('${FOLD_ENTRY}', '${FOLD_JOURNAL}', '${FOLD_SNAPSHOT}') GROUP BY projection`,
      )
      .all();
    expect(folds).toEqual([{ projection: TOURNAMENTS_PROJECTION, n: expect.any(Number) }]);
    expect(store.get<StandingsDocument>(TOURNAMENTS_PROJECTION, COLLECTIONS.standings, 't1/main')?.rows).toHaveLength(20);
    expect(store.db.prepare('SELECT projection FROM checkpoints').all()).toEqual([{ projection: TOURNAMENTS_PROJECTION }]);
    store.close();
  });

  it('a registration writes four small documents: the journal entry, its head, the list entry and the division as-of marks', () => {
    const log = recorded(history());
    const registration = log.findIndex((e, i) => i > 0 && e.type === 'tournament.PlayerRegistered');
    const stored = new MemoryDocuments();
    const written: string[] = [];
    const tx: DocumentTx = {
      get: (c, k) => stored.get(c, k),
      put: (c, k, v) => {
        stored.put(c, k, v);
        written.push(c);
      },
      delete: (c, k) => stored.delete(c, k),
      defer: () => undefined,
    };
    for (const e of log.slice(0, registration)) tournamentsProjection.apply(e, tx);
    tournamentsProjection.flush?.(tx);
    written.length = 0;
    tournamentsProjection.apply(log[registration], tx);
    tournamentsProjection.flush?.(tx);
    const persisted = written.filter((c) => !tournamentsProjection.transient?.includes(c));
    expect(new Set(persisted)).toEqual(new Set([FOLD_ENTRY, FOLD_JOURNAL, COLLECTIONS.index, DIVISION_AS_OF]));
    // Both parts' marks in the one document of the division.
    expect(Object.keys(stored.get<{ asOf: object }>(DIVISION_AS_OF, 't1/main')?.asOf ?? {}).sort()).toEqual(['provisional', 'standings']);
  });

  it('a server upgraded from the three projections deletes the retired ones at start and rebuilds the tournament documents from the log', async () => {
    const config = { dataDir: dir, sqliteSync: 'OFF' as const, groupCommit: false };
    let core = new ArbitraCore({ config, features: [TOURNAMENT_FEATURE] });
    await core.start();
    for (const c of [create({ roundsPlanned: 3 }), register('a'), register('b')]) await core.execute(TournamentAggregate, 't1', c);
    await core.projections.catchUp();
    const standings = core.readModels.raw(TOURNAMENTS_PROJECTION, COLLECTIONS.standings, 't1/main')?.json;
    // What the last version left: the retired projections' documents and checkpoints, and an older tournaments checkpoint.
    const db = core.readModels.db;
    for (const name of RETIRED_TOURNAMENT_PROJECTIONS) {
      db.prepare("INSERT INTO documents (projection, collection, key, value) VALUES (?, 'fold-journal', 't1', '{}')").run(name);
      db.prepare('INSERT INTO checkpoints (projection, version, position) VALUES (?, 5, 3)').run(name);
    }
    db.prepare("UPDATE checkpoints SET version = 5 WHERE projection = 'tournaments'").run();
    await core.close();
    core = new ArbitraCore({ config, features: [TOURNAMENT_FEATURE] });
    await core.start();
    await core.projections.catchUp();
    const left = core.readModels.db.prepare('SELECT DISTINCT projection FROM documents UNION SELECT projection FROM checkpoints').all();
    expect(left).toEqual([{ projection: TOURNAMENTS_PROJECTION }]);
    expect(core.readModels.checkpoint(TOURNAMENTS_PROJECTION)).toEqual({ version: tournamentsProjection.version, position: 3 });
    expect(core.readModels.raw(TOURNAMENTS_PROJECTION, COLLECTIONS.standings, 't1/main')?.json).toBe(standings);
    await core.close();
  });
});

/** The per-division documents a reader gets (computed when first read), as JSON values. */
const DIVISION_DOCUMENTS = [
  [TOURNAMENTS_PROJECTION, COLLECTIONS.standings, 't1/main'],
  [TOURNAMENTS_PROJECTION, COLLECTIONS.crosstable, 't1/main'],
  [TOURNAMENTS_PROJECTION, COLLECTIONS.provisional, 't1/main'],
  [TOURNAMENTS_PROJECTION, COLLECTIONS.summary, 't1'],
  [TOURNAMENTS_PROJECTION, COLLECTIONS.round, 't1/main/1'],
] as const;
const served = (store: ReadModelStore) =>
  DIVISION_DOCUMENTS.map(([projection, collection, key]) => JSON.parse(store.raw(projection, collection, key)?.json ?? 'null') as unknown);

/** The same documents computed eagerly, once per batch, by the reducers over plain maps (an "as of" view of the prefix). */
function eager(log: readonly RecordedEvent[]): unknown[] {
  return DIVISION_DOCUMENTS.map(([projection, collection, key]) => {
    const p = PROJECTIONS.find((x) => x.name === projection)!;
    const docs = new MemoryDocuments();
    for (const e of log) p.apply(e, docs);
    p.flush?.(docs);
    return docs.get(collection, key) ?? null;
  });
}

describe('standings, crosstable, provisional pairings, the summary and round documents are computed when first read', () => {
  it('equal the documents computed after every batch, whether read at once, later, or after a restart, wherever it falls', () => {
    const log = recorded(history());
    const expected = log.map((_, i) => eager(log.slice(0, i + 1)));
    expect(expected.at(-1)?.every((d) => d !== null)).toBe(true);
    for (let cut = 1; cut < log.length; cut++) {
      const path = join(dir, `lazy-${cut}.db`);
      const before = open(path);
      apply(before, log.slice(0, cut));
      if (cut % 2 === 0) expect(served(before)).toEqual(expected[cut - 1]); // read before the restart, or never
      before.close();
      const after = open(path); // memory lost: the documents are computed from the snapshot, the journal and the division's asOf
      if (cut % 3 === 0) expect(served(after)).toEqual(expected[cut - 1]);
      for (let i = cut; i < log.length; i++) {
        apply(after, [log[i]]);
        if ((i + cut) % 4 === 0) expect(served(after)).toEqual(expected[i]);
      }
      expect(served(after)).toEqual(expected[log.length - 1]);
      expect(
        after.db.prepare("SELECT count(*) AS n FROM documents WHERE collection IN ('standings', 'crosstable', 'provisional', 'summary', 'round')").get(),
      ).toEqual({
        n: 0,
      });
      after.close();
    }
  });
});

/** `players` registered, round 1 paired and published, then every result: the results are the events measured. */
function tournamentOf(players: number): { log: RecordedEvent[]; results: number } {
  const ids = Array.from({ length: players }, (_, i) => `p${i}`);
  const h = run(create({ roundsPlanned: 3, pairingSystems: ['australian-draw', 'random'] }), ...ids.map((id, i) => register(id, { rating: 2000 - i })));
  const games = Array.from({ length: players / 2 }, (_, i) => game(i + 1, ids[i], ids[i + players / 2]));
  const log = recorded(extend(h, pairManual(1, games), publish(1), ...games.map((g) => record(1, g.table, scrabble(400 + (g.table % 50), 390)))));
  return { log, results: games.length };
}

/** JSON bytes the projection persists for its folded state (snapshot, journal head, entries), per event of the last `last`. */
function foldBytesPerEvent(log: readonly RecordedEvent[], last: number): number {
  const stored = new MemoryDocuments();
  const folds = new Set([FOLD_SNAPSHOT, FOLD_JOURNAL, FOLD_ENTRY]);
  let bytes = 0;
  log.forEach((e, i) => {
    const tx: DocumentTx = {
      get: (c, k) => stored.get(c, k),
      put: (c, k, v) => {
        stored.put(c, k, v);
        if (i >= log.length - last && folds.has(c)) bytes += JSON.stringify(v).length;
      },
      delete: (c, k) => stored.delete(c, k),
      defer: () => undefined,
    };
    tournamentsProjection.apply(e, tx);
  });
  return bytes / last;
}

describe('what persisting the folded state costs per event', () => {
  it('hardly grows with the tournament: a result in a 400-player event writes about what one in a 40-player event does', () => {
    const small = tournamentOf(40);
    const large = tournamentOf(400);
    const state = (log: readonly RecordedEvent[]) => JSON.stringify(stateOf(log.map((e) => ({ type: e.type, data: e.data }) as TournamentEvent))).length;
    expect(state(large.log)).toBeGreaterThan(8 * state(small.log)); // the state itself grows with the tournament
    const perSmall = foldBytesPerEvent(small.log, small.results);
    const perLarge = foldBytesPerEvent(large.log, large.results);
    expect(perLarge).toBeLessThan(2 * perSmall);
    expect(perLarge).toBeLessThan(state(large.log) / 64);
  });
});
