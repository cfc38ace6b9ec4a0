import { describe, expect, it } from '@jest/globals';
import type { CommandContext } from '../../../domain/kernel/index.js';
import { MemoryDocuments } from '../../projections/projection.js';
import { GAME_COLLECTIONS, gamesProjectionFor, resultPosterFor, type GameListItem } from '../../games/index.js';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import { CHESS_GAME } from './chess.game-feature.js';

const rec = (type: string, data: unknown, n: number) => recordedEvent(type, data, n, 'chess-game-c1', '2026-12-01');
const PLAYERS = [
  { id: 'ann', name: 'Ann' },
  { id: 'bob', name: 'Bob' },
];
const link = { tournamentId: 'rapid', round: 2, table: 5, division: 'main', firstSeat: 1 };
const ctx: CommandContext = { at: '2026-12-01T10:00:00.000Z', actor: { id: 'pm', role: 'system' }, commandId: 'pm:1' };
const started = rec('chess.GameStarted', { players: PLAYERS, timeControl: { minutes: 30, incrementSeconds: 0 }, link, at: '2026-12-01T09:00:00.000Z' }, 1);
const ended = (winner: 0 | 1 | null) =>
  rec(
    'chess.GameEnded',
    { result: { winner, reason: winner === null ? 'agreement' : 'resignation', rule: 'r' }, players: PLAYERS, link, at: '2026-12-01T09:10:00.000Z' },
    2,
  );

describe('the chess GameFeature', () => {
  it('a finished linked game posts its outcome with the pairing’s first seat (seat 1 here): a win, a loss, a draw', () => {
    const poster = resultPosterFor(CHESS_GAME);
    expect(poster.name).toBe('chess-result-to-tournament');
    const outcome = (w: 0 | 1 | null) => (poster.react(ended(w))[0].command(ctx) as { data: { result: unknown } }).data.result;
    expect(outcome(1)).toEqual({ kind: 'played', outcome: 'first' });
    expect(outcome(0)).toEqual({ kind: 'played', outcome: 'second' });
    expect(outcome(null)).toEqual({ kind: 'played', outcome: 'draw' });
    expect(poster.react(ended(0))[0].command(ctx)).toMatchObject({
      type: 'tournament.record-result',
      data: { division: 'main', round: 2, table: 5, source: { gameId: 'c1' } },
    });
    const unlinked = rec('chess.GameEnded', { result: { winner: 0, reason: 'resignation', rule: 'r' }, players: PLAYERS, link: null, at: 'x' }, 2);
    expect(poster.react(unlinked)).toEqual([]);
  });

  it('open information: nothing redacted; the list entry names the discipline with points as scores', () => {
    const projection = gamesProjectionFor(CHESS_GAME);
    const docs = new MemoryDocuments();
    projection.apply(started, docs);
    projection.apply(ended(null), docs);
    expect(projection.name).toBe('chess-games');
    expect(docs.get<GameListItem>(GAME_COLLECTIONS.index, 'c1')).toMatchObject({
      discipline: 'chess',
      phase: 'finished',
      scores: [0.5, 0.5],
      players: PLAYERS,
    });
    expect(CHESS_GAME.redactEventData({ type: 'chess.MoveMade', data: { san: 'e4' } }, { kind: 'public' })).toEqual({ san: 'e4' });
    expect(CHESS_GAME.hidesInformation({ phase: 'none' })).toBe(false);
  });
});
