import { describe, expect, it } from '@jest/globals';
import type { CommandContext } from '../../../domain/kernel/index.js';
import { MemoryDocuments } from '../../projections/projection.js';
import { GAME_COLLECTIONS, gamesProjectionFor, resultPosterFor, type GameListItem } from '../../games/index.js';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import { XIGUAQI_GAME } from './xiguaqi.game-feature.js';

const rec = (type: string, data: unknown, n: number) => recordedEvent(type, data, n, 'xiguaqi-game-x1', '2026-12-01');
const PLAYERS = [
  { id: 'ann', name: 'Ann' },
  { id: 'bob', name: 'Bob' },
];
const link = { tournamentId: 'xg', round: 2, table: 3, division: 'main', firstSeat: 1 };
const ctx: CommandContext = { at: '2026-12-01T10:00:00.000Z', actor: { id: 'pm', role: 'system' }, commandId: 'pm:1' };
const at = '2026-12-01T09:00:00.000Z';
const ended = (outcome: object, l: object | null = link) => rec('xiguaqi.MatchEnded', { outcome: { rule: 'r', ...outcome }, players: PLAYERS, link: l, at }, 9);

describe('the xiguaqi GameFeature', () => {
  it('第十条: a finished linked match posts the match outcome with games won and pieces captured, from the pairing’s first seat (seat 1)', () => {
    const poster = resultPosterFor(XIGUAQI_GAME);
    expect(poster.name).toBe('xiguaqi-result-to-tournament');
    const data = (e: ReturnType<typeof ended>) => (poster.react(e)[0].command(ctx) as { data: object }).data;
    expect(data(ended({ winner: 0, games: [2, 1], captured: [7, 3] }))).toEqual({
      division: 'main',
      round: 2,
      table: 3,
      result: { kind: 'played', outcome: 'second', games: { first: 1, second: 2 }, captured: { first: 3, second: 7 } },
      source: { kind: 'game', gameId: 'x1' },
    });
    expect(data(ended({ winner: null, games: [1, 1], captured: [4, 4] }))).toMatchObject({ result: { outcome: 'draw' } });
    // 第十三条: a forfeited match is a forfeit in the tournament, the absent side named.
    expect(data(ended({ winner: 1, games: [0, 0], captured: [0, 0], forfeitedBy: 0 }))).toMatchObject({ result: { kind: 'forfeit', absent: 'second' } });
    expect(poster.react(ended({ winner: 0, games: [2, 0], captured: [4, 0] }, null))).toEqual([]);
  });

  it('open information; the list entry names the discipline with each seat’s games won as scores', () => {
    const projection = gamesProjectionFor(XIGUAQI_GAME);
    const docs = new MemoryDocuments();
    projection.apply(rec('xiguaqi.MatchStarted', { players: PLAYERS, bestOf: 3, minutesPerGame: 20, link, at }, 1), docs);
    projection.apply(rec('xiguaqi.GameStarted', { game: 1, black: 0, decidedBy: 'lot', at, rule: 'r' }, 2), docs);
    const outcome = { winner: 1, reason: 'resignation', rule: 'r' };
    projection.apply(rec('xiguaqi.GameEnded', { game: 1, outcome, onBoard: [6, 6], captured: [0, 0], at }, 3), docs);
    expect(projection.name).toBe('xiguaqi-games');
    expect(docs.get<GameListItem>(GAME_COLLECTIONS.index, 'x1')).toMatchObject({
      discipline: 'xiguaqi',
      phase: 'between-games',
      scores: [0, 1],
      players: PLAYERS,
    });
    expect(XIGUAQI_GAME.hidesInformation({ phase: 'none' })).toBe(false);
  });
});
