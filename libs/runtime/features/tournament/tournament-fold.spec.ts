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
import { recordedEvents } from '../../projections/testing/recorded-events.js';
import { MemoryDocuments } from '../../projections/projection.js';
import { ReadModelStore } from '../../projections/read-model-store.js';
import { provisionalPairingsProjection } from './provisional.projection.js';
import { standingsProjection } from './standings.projection.js';
import { tournamentsProjection } from './tournament.projection.js';
import { COLLECTIONS, STANDINGS_PROJECTION, TOURNAMENTS_PROJECTION, type StandingsDocument } from './tournament-read-model.js';

const recorded = (events: readonly TournamentEvent[]): RecordedEvent[] => recordedEvents(events);

/** 20 players, round 1 paired and published, its results coming in: more events than one journal holds. */
function history(): TournamentEvent[] {
  const ids = Array.from({ length: 20 }, (_, i) => `p${i}`);
  const h = run(create({ roundsPlanned: 3, pairingSystems: ['australian-draw', 'random'] }), ...ids.map((id, i) => register(id, { rating: 2000 - i })));
  const games = Array.from({ length: 10 }, (_, i) => game(i + 1, ids[i], ids[i + 10]));
  return extend(h, pairManual(1, games), publish(1), ...games.map((g) => record(1, g.table, scrabble(400 + g.table, 390))));
}

const PROJECTIONS = [tournamentsProjection, standingsProjection, provisionalPairingsProjection];
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
    expect(store.get<StandingsDocument>(STANDINGS_PROJECTION, COLLECTIONS.standings, 't1/main')?.rows).toHaveLength(20);
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
    for (const e of recorded(h)) standingsProjection.apply(e, docs);
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
