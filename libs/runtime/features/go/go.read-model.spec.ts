import { describe, expect, it } from '@jest/globals';
import { goCommand, goDecider, type GoEvent, type GoState, type GoStep } from '../../../domain/disciplines/go/index.js';
import { createRng, DomainError } from '../../../domain/kernel/index.js';
import { MemoryDocuments, type DocumentTx } from '../../projections/projection.js';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import { GAME_COLLECTIONS, gamesProjectionFor, LOG_CHUNK, readGameDocument } from '../../games/index.js';
import { GO_GAME } from './go.game-feature.js';

/**
 * Issue 34: a Go game's read model keeps its moves and position hashes in chunks, so a move writes the last chunk and
 * not the whole game; readers get the document the whole-state read model gave, byte for byte.
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

/** A DocumentTx that counts the JSON bytes each put writes. */
function counting(docs: MemoryDocuments): DocumentTx & { written: number } {
  const tx = {
    written: 0,
    get: <T>(c: string, k: string) => docs.get<T>(c, k),
    put: (c: string, k: string, v: unknown) => {
      tx.written += JSON.stringify(v).length;
      docs.put(c, k, v);
    },
    delete: (c: string, k: string) => docs.delete(c, k),
    defer: (c: string, k: string, compute: () => unknown) => docs.defer(c, k, compute),
  };
  return tx;
}

describe('the Go read model', () => {
  const events = gameEvents(240).map((e, i) => recordedEvent(e.type, e.data, i + 1, 'go-game-g1', '2026-12-01'));

  it('a reader gets, after every event, the document of the whole folded state byte for byte', () => {
    const chunked = gamesProjectionFor(GO_GAME);
    const whole = gamesProjectionFor({ ...GO_GAME, readModel: { ...GO_GAME.readModel, logs: undefined } });
    const a = new MemoryDocuments();
    const b = new MemoryDocuments();
    expect(events.filter((e) => e.type === 'go.MoveMade' && (e.data as { captured: string[] }).captured.length > 0).length).toBeGreaterThan(2);
    for (const e of events) {
      chunked.apply(e, a);
      whole.apply(e, b);
      expect(JSON.stringify(readGameDocument((c, k) => a.get(c, k), GO_GAME, 'g1'))).toBe(JSON.stringify(b.get(GAME_COLLECTIONS.game, 'g1')));
      expect(a.get(GAME_COLLECTIONS.index, 'g1')).toEqual(b.get(GAME_COLLECTIONS.index, 'g1'));
    }
    const last = readGameDocument<GoState>((c, k) => a.get(c, k), GO_GAME, 'g1')!.state;
    expect(last.phase === 'finished' && [last.game.moves.length, last.game.positions.length]).toEqual([242, 243]);
  });

  it('what a move writes does not grow with the game: a late move writes no more than an early one', () => {
    const projection = gamesProjectionFor(GO_GAME);
    const tx = counting(new MemoryDocuments());
    const written: number[] = [];
    for (const e of events) {
      const before = tx.written;
      projection.apply(e, tx);
      written.push(tx.written - before);
    }
    // One chunk's cycle early (moves 33–64) and late (moves 193–224): the most either writes for one move.
    const early = Math.max(...written.slice(1 + LOG_CHUNK, 1 + 2 * LOG_CHUNK));
    const late = Math.max(...written.slice(1 + 6 * LOG_CHUNK, 1 + 7 * LOG_CHUNK));
    expect(late).toBeLessThan(early * 1.25);
    // Without the chunks, the whole game: the move list alone outweighs it.
    const whole = gamesProjectionFor({ ...GO_GAME, readModel: { ...GO_GAME.readModel, logs: undefined } });
    const full = counting(new MemoryDocuments());
    for (const e of events.slice(0, 1 + 7 * LOG_CHUNK)) whole.apply(e, full);
    const before = full.written;
    whole.apply(events[1 + 7 * LOG_CHUNK], full);
    expect(full.written - before).toBeGreaterThan(3 * late);
  });
});
