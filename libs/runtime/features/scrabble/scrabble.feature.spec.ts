import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandContext } from '../../../domain/kernel/index.js';
import type { GameResult } from '../../../domain/disciplines/scrabble/index.js';
import { startedTable } from '../../../domain/disciplines/scrabble/testing/table.js';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import { MemoryDocuments } from '../../projections/projection.js';
import { ReadModelStore } from '../../projections/read-model-store.js';
import { readGameDocument } from '../../games/index.js';
import { GAME_COLLECTIONS, GAMES_PROJECTION, type ScrabbleGameDocument } from './game-read-model.js';
import { RESULT_POSTER, tournamentResultOf } from './result-poster.js';
import { ScrabbleGameAggregate, scrabbleGamesProjection, scrabbleResultPoster } from './scrabble.feature.js';
import { SCRABBLE_GAME } from './scrabble.game-feature.js';

const players = [
  { id: 'ann', name: 'Ann' },
  { id: 'bob', name: 'Bob' },
] as const;
const played = (scores: [number, number]): GameResult => ({
  players,
  scores,
  spread: Math.abs(scores[0] - scores[1]),
  winner: scores[0] === scores[1] ? null : scores[0] > scores[1] ? 0 : 1,
  forfeit: false,
});

const recorded = (type: string, data: unknown, n = 1, stream = 'scrabble-game-g7') => recordedEvent(type, data, n, stream);
const ctx: CommandContext = { at: '2026-11-29T10:00:00.000Z', actor: { id: 'process-manager:x', role: 'system' }, commandId: 'pm:x:e-1:0' };

describe('Scrabble feature: the game aggregate', () => {
  it('streams are scrabble-game-<id>, folded by the Scrabble decider', () => {
    expect(ScrabbleGameAggregate.name).toBe('scrabble-game');
    expect(ScrabbleGameAggregate.decider.initialState()).toEqual({ phase: 'none' });
  });
  it('the generic read model and result poster built from its GameFeature keep their names (checkpoints and refused reactions carry over)', () => {
    expect(scrabbleGamesProjection.name).toBe(GAMES_PROJECTION);
    expect(scrabbleGamesProjection.name).toBe('scrabble-games');
    expect(scrabbleResultPoster.name).toBe(RESULT_POSTER);
    expect(scrabbleResultPoster.name).toBe('scrabble-result-to-tournament');
  });
});

describe('process manager: a finished linked game posts its result to the tournament', () => {
  it("maps seats to the pairing's sides: scores, outcome; a tie is a draw", () => {
    expect(tournamentResultOf(played([420, 380]), 0)).toEqual({ kind: 'played', outcome: 'first', score: { first: 420, second: 380 } });
    expect(tournamentResultOf(played([420, 380]), 1)).toEqual({ kind: 'played', outcome: 'second', score: { first: 380, second: 420 } });
    expect(tournamentResultOf(played([400, 400]), 1)).toEqual({ kind: 'played', outcome: 'draw', score: { first: 400, second: 400 } });
  });
  it("a forfeit is the tournament's forfeit with the forfeiting seat absent (the tournament applies its forfeit spread)", () => {
    const forfeit: GameResult = { players, scores: [100, 0], spread: 100, winner: 0, forfeit: true };
    expect(tournamentResultOf(forfeit, 0)).toEqual({ kind: 'forfeit', absent: 'second' });
    expect(tournamentResultOf(forfeit, 1)).toEqual({ kind: 'forfeit', absent: 'first' });
  });
  it('GameFinished with a link → tournament.record-result for that round and table, source the game', () => {
    const link = { tournamentId: 'club', round: 3, table: 2, division: 'A', firstSeat: 1 as const };
    const out = scrabbleResultPoster.react(recorded('scrabble.GameFinished', { result: played([300, 350]), link }));
    expect(out).toHaveLength(1);
    expect(out[0].aggregate.name).toBe('tournament');
    expect(out[0].id).toBe('club');
    expect(out[0].command(ctx)).toEqual({
      type: 'tournament.record-result',
      context: ctx,
      data: {
        division: 'A',
        round: 3,
        table: 2,
        result: { kind: 'played', outcome: 'first', score: { first: 350, second: 300 } },
        source: { kind: 'game', gameId: 'g7' },
      },
    });
  });
  it('an unlinked game (or an event from before links) posts nothing', () => {
    expect(scrabbleResultPoster.react(recorded('scrabble.GameFinished', { result: played([1, 0]), link: null }))).toEqual([]);
    expect(scrabbleResultPoster.react(recorded('scrabble.GameFinished', { result: played([1, 0]) }))).toEqual([]);
  });
  it('reversed scores corrected by a TD decision → tournament.correct-result with the decision as reason, sent as the TD who decided it', () => {
    const link = { tournamentId: 'club', round: 1, table: 1, firstSeat: 0 as const };
    const out = scrabbleResultPoster.react(
      recorded('scrabble.SignedResultCorrected', { tdDecision: 'TD-7', before: [300, 350], after: [350, 300], result: played([350, 300]), link }),
    );
    expect(out[0].command(ctx)).toMatchObject({
      type: 'tournament.correct-result',
      context: { ...ctx, actor: { id: 'td-1', role: 'arbiter' } },
      data: { round: 1, table: 1, result: { outcome: 'first', score: { first: 350, second: 300 } }, reason: expect.stringContaining('TD-7') },
    });
    expect(scrabbleResultPoster.handles('scrabble.MoveCompleted')).toBe(false);
  });
});

describe('projection: one document per game holding the folded decider state', () => {
  it('folds a game to the same state as the decider (plain JSON), keeps who created it and the end racks', () => {
    const t = startedTable({ tracking: true });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8D', word: 'RETAINS' }, announcedScore: 66 });
    for (let i = 0; i < 6; i++) t.run({ type: 'scrabble.make-move', seat: (i % 2 === 0 ? 1 : 0) as 0 | 1, move: { kind: 'pass' } });
    expect(t.state.phase).toBe('ended');
    const docs = new MemoryDocuments();
    t.events.forEach((e, i) => scrabbleGamesProjection.apply(recorded(e.type, JSON.parse(JSON.stringify(e.data)), i + 1), docs));
    const doc = docs.get<ScrabbleGameDocument>(GAME_COLLECTIONS.game, 'g7')!;
    expect(doc.state).toEqual(JSON.parse(JSON.stringify(t.state)));
    expect(doc.createdBy).toEqual({ id: 'td-1', role: 'arbiter' });
    expect(doc.discipline).toBe('scrabble');
    expect(doc.endRacks.map((r) => r.seat)).toEqual(t.events.filter((e) => e.type === 'scrabble.EndRackScored').map((e) => (e.data as { seat: number }).seat));
    expect(doc.asOf).toMatchObject({ revision: t.events.length - 1, position: t.events.length });
    expect(docs.get(GAME_COLLECTIONS.index, 'g7')).toMatchObject({ id: 'g7', discipline: 'scrabble', phase: 'ended', scores: t.game.scores, link: null });
  });
  it('the server serves the same document, end racks included, after a restart (folded from its snapshot and journal)', () => {
    const t = startedTable({ tracking: true });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8D', word: 'RETAINS' }, announcedScore: 66 });
    for (let i = 0; i < 6; i++) t.run({ type: 'scrabble.make-move', seat: (i % 2 === 0 ? 1 : 0) as 0 | 1, move: { kind: 'pass' } });
    const events = t.events.map((e, i) => recorded(e.type, JSON.parse(JSON.stringify(e.data)), i + 1));
    const docs = new MemoryDocuments();
    for (const e of events) scrabbleGamesProjection.apply(e, docs);
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-scrabble-read-model-'));
    const open = () => {
      const store = new ReadModelStore(join(dir, 'read-models.db'), 'OFF');
      store.register([scrabbleGamesProjection]);
      return store;
    };
    try {
      const live = open();
      for (const e of events) live.applyBatch(scrabbleGamesProjection, [e], e.position);
      const expected = JSON.stringify(docs.get(GAME_COLLECTIONS.game, 'g7'));
      expect(JSON.stringify(readGameDocument(live, SCRABBLE_GAME, 'g7'))).toBe(expected);
      live.close();
      const restarted = open();
      expect(JSON.stringify(readGameDocument(restarted, SCRABBLE_GAME, 'g7'))).toBe(expected);
      expect(readGameDocument<unknown, { endRacks: unknown[] }>(restarted, SCRABBLE_GAME, 'g7')?.endRacks.length).toBeGreaterThan(0);
      restarted.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('ignores events of other streams', () => {
    const docs = new MemoryDocuments();
    scrabbleGamesProjection.apply(recorded('scrabble.GameCreated', {}, 1, 'other-x'), docs);
    expect(docs.collections.size).toBe(0);
  });
});
