import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goCommand, goDecider, type GoEvent, type GoState, type GoStep } from '../../../domain/disciplines/go/index.js';
import { createRng, DomainError } from '../../../domain/kernel/index.js';
import { MemoryDocuments, type DocumentTx } from '../../projections/projection.js';
import { ReadModelStore } from '../../projections/read-model-store.js';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import { GAME_COLLECTIONS, gamesProjectionFor, gamesProjectionName, readGameDocument, type GameListItem } from '../../games/index.js';
import { GO_GAME } from './go.game-feature.js';

/**
 * Issue 34: a game's document is kept in memory by the durable store and persisted as a snapshot and a journal of its
 * events, so a move writes about its own size and not the whole game; readers get the whole folded state, also after a
 * restart.
 */
const LETTERS = 'abcdefghijklmnopqrs';

/** A game of `moves` moves (the first legal point of a seeded shuffle, so with captures), two passes and an arbiter's result. */
function gameEvents(moves: number): GoEvent[] {
  const points = createRng('go-read-model').shuffle([...Array(361).keys()].map((i) => `${LETTERS[i % 19]}${LETTERS[Math.floor(i / 19)]}`));
  let state: GoState = goDecider.initialState();
  const events: GoEvent[] = [];
  let n = 0;
  const run = (step: GoStep) => {
    const at = new Date(Date.parse('2026-12-01T09:00:00.000Z') + n++ * 1000).toISOString();
    const made = goDecider.decide(goCommand(step, { at, actor: { id: 'td-1', role: 'arbiter' }, commandId: `c${n}` }), state);
    state = made.reduce(goDecider.evolve, state);
    events.push(...made);
  };
  run({
    type: 'go.start-game',
    players: [
      { id: 'ann', name: 'Ann' },
      { id: 'bob', name: 'Bob' },
    ],
    boardSize: 19,
  });
  for (let k = 0; k < moves && state.phase === 'playing'; k++) {
    const seat = state.game.toMove;
    const point = points.find((p) => {
      try {
        goDecider.decide(
          goCommand({ type: 'go.play', seat, point: p }, { at: '2026-12-01T09:00:00.000Z', actor: { id: 'x', role: 'arbiter' }, commandId: 'x' }),
          state,
        );
        return true;
      } catch (e) {
        if (e instanceof DomainError) return false;
        throw e;
      }
    });
    run({ type: 'go.play', seat, point: point! });
  }
  if (state.phase === 'playing') {
    run({ type: 'go.pass', seat: state.game.toMove });
    run({ type: 'go.pass', seat: (state as { game: { toMove: 0 | 1 } }).game.toMove });
  }
  run({ type: 'go.record-result', winner: 0, reason: 'recorded' });
  return events;
}

/** A DocumentTx that counts the JSON bytes each put writes to the file (the transient game document is not written). */
function counting(docs: MemoryDocuments): DocumentTx & { written: number } {
  const transient = new Set(gamesProjectionFor(GO_GAME).transient);
  const tx = {
    written: 0,
    get: <T>(c: string, k: string) => docs.get<T>(c, k),
    put: (c: string, k: string, v: unknown) => {
      if (!transient.has(c)) tx.written += JSON.stringify(v).length;
      docs.put(c, k, v);
    },
    delete: (c: string, k: string) => docs.delete(c, k),
    defer: (c: string, k: string, compute: () => unknown) => docs.defer(c, k, compute),
  };
  return tx;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'arbitra-go-read-model-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the Go read model', () => {
  const events = gameEvents(240).map((e, i) => recordedEvent(e.type, e.data, i + 1, 'go-game-g1', '2026-12-01'));
  const projection = gamesProjectionFor(GO_GAME);
  const name = gamesProjectionName(GO_GAME);
  /** A read-model store as a server opens it: the runner registers its projections. */
  const open = (path: string) => {
    const store = new ReadModelStore(path, 'OFF');
    store.register([projection]);
    return store;
  };

  it('a reader gets, after every move, the whole folded state, and the same after a restart (from the snapshot and journal)', () => {
    const path = join(dir, 'rm.db');
    let store = open(path);
    let state = goDecider.initialState();
    expect(events.filter((e) => e.type === 'go.MoveMade' && (e.data as { captured: string[] }).captured.length > 0).length).toBeGreaterThan(2);
    for (const [i, e] of events.entries()) {
      store.applyBatch(projection, [e], e.position);
      state = goDecider.evolve(state, e as unknown as GoEvent);
      if (i % 40 === 39) {
        store.close();
        store = open(path); // memory lost: the next move and the reads below fold the game again
      }
      const doc = readGameDocument<GoState>(store, GO_GAME, 'g1')!;
      expect(JSON.stringify(doc.state)).toBe(JSON.stringify(state));
      expect(doc.asOf).toEqual({ revision: i, position: i + 1, at: e.meta.recordedAt });
      expect(store.get<GameListItem>(name, GAME_COLLECTIONS.index, 'g1')?.asOf).toEqual(doc.asOf);
    }
    expect(state.phase === 'finished' && [state.game.moves.length, state.game.positions.length]).toEqual([242, 243]);
    expect(store.db.prepare(`SELECT count(*) AS n FROM documents WHERE collection = '${GAME_COLLECTIONS.game}'`).get()).toEqual({ n: 0 });
    // A rebuild (`replay`, the read-model check) in other batches stores the same rows: the journal depends on the events only.
    const rebuilt = open(join(dir, 'rebuilt.db'));
    for (let i = 0; i < events.length; i += 50) rebuilt.applyBatch(projection, events.slice(i, i + 50), events[Math.min(i + 50, events.length) - 1].position);
    const rows = (s: ReadModelStore) => s.db.prepare('SELECT collection, key, value FROM documents ORDER BY collection, key').all();
    expect(rows(rebuilt)).toEqual(rows(store));
    expect(rows(store).length).toBeGreaterThan(3);
    rebuilt.close();
    store.close();
  });

  it('what a move writes does not grow with the game, and is a fraction of the game document', () => {
    const tx = counting(new MemoryDocuments());
    const written: number[] = [];
    for (const e of events) {
      const before = tx.written;
      projection.apply(e, tx);
      written.push(tx.written - before);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // Moves 21–100 and 161–240, snapshots included: the late ones write no more, though the game is twice as long.
    const early = mean(written.slice(21, 101));
    const late = mean(written.slice(161, 241));
    expect(late).toBeLessThan(early * 1.25);
    const document = JSON.stringify(tx.get(GAME_COLLECTIONS.game, 'g1')).length;
    expect(late * 10).toBeLessThan(document);
  });
});
