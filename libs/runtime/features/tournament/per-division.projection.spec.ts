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
import type { TournamentEvent } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { MemoryDocuments } from '../../projections/projection.js';
import { ReadModelStore } from '../../projections/read-model-store.js';
import { provisionalPairingsProjection } from './provisional.projection.js';
import { standingsProjection } from './standings.projection.js';
import { COLLECTIONS, type StandingsDocument } from './tournament-read-model.js';

const recorded = (events: readonly TournamentEvent[]): RecordedEvent[] =>
  events.map((e, i) => ({
    id: `e${i}`,
    stream: 'tournament-t1',
    revision: i,
    position: i + 1,
    type: e.type,
    data: e.data,
    meta: {
      actor: { id: 'arb-1', role: 'arbiter' },
      commandId: `c${i}`,
      correlationId: `c${i}`,
      causationId: null,
      recordedAt: '2026-11-29T10:00:00.000Z',
      schemaVersion: 1,
      prevHash: null,
      hash: 'h',
    },
  }));

/** 20 players, round 1 paired and published, its results coming in: more events than one journal holds. */
function history(): TournamentEvent[] {
  const ids = Array.from({ length: 20 }, (_, i) => `p${i}`);
  const h = run(create({ roundsPlanned: 3, pairingSystems: ['australian-draw', 'random'] }), ...ids.map((id, i) => register(id, { rating: 2000 - i })));
  const games = Array.from({ length: 10 }, (_, i) => game(i + 1, ids[i], ids[i + 10]));
  return extend(h, pairManual(1, games), publish(1), ...games.map((g) => record(1, g.table, scrabble(400 + g.table, 390))));
}

const PROJECTIONS = [standingsProjection, provisionalPairingsProjection];
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'arbitra-per-division-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Every stored row of the per-division projections. */
function stored(store: ReadModelStore) {
  return store.db.prepare("SELECT projection, collection, key, value FROM documents WHERE projection LIKE 'tournament-%' ORDER BY 1, 2, 3").all();
}

function apply(store: ReadModelStore, log: readonly RecordedEvent[]) {
  store.inTransaction(() => {
    for (const p of PROJECTIONS) store.applyBatch(p, log, log[log.length - 1].position);
  });
}

describe('per-division projections (standings, provisional pairings) keep their folded state', () => {
  it('out of the file, yet "as of" documents still hold it', () => {
    const h = history();
    const store = new ReadModelStore(join(dir, 'rm.db'), 'OFF');
    apply(store, recorded(h));
    expect(store.get(standingsProjection.name, COLLECTIONS.state, 't1')).toBeUndefined();
    expect(store.get<StandingsDocument>(standingsProjection.name, COLLECTIONS.standings, 't1/main')?.rows).toHaveLength(20);
    store.close();
    const docs = new MemoryDocuments();
    for (const e of recorded(h)) standingsProjection.apply(e, docs);
    expect(docs.get(COLLECTIONS.state, 't1')).toEqual(stateOf(h));
  });

  it('and after a restart (memory lost) fold it again from what they stored: the same documents, wherever the restart falls', () => {
    const log = recorded(history());
    const whole = new ReadModelStore(join(dir, 'whole.db'), 'OFF');
    apply(whole, log);
    const expected = stored(whole);
    whole.close();
    expect(expected.length).toBeGreaterThan(0);
    for (let cut = 1; cut < log.length; cut++) {
      const path = join(dir, `cut-${cut}.db`);
      const before = new ReadModelStore(path, 'OFF');
      apply(before, log.slice(0, cut));
      before.close();
      const after = new ReadModelStore(path, 'OFF');
      for (const e of log.slice(cut)) apply(after, [e]);
      expect(stored(after)).toEqual(expected);
      after.close();
    }
  });
});
