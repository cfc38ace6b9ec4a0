import { describe, expect, it } from '@jest/globals';
import type { CommandContext } from '../../../domain/kernel/index.js';
import { MemoryDocuments } from '../../projections/projection.js';
import { GAME_COLLECTIONS, gamesProjectionFor, resultPosterFor, type GameListItem } from '../../games/index.js';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import { ING_RULES } from '../../../domain/disciplines/go/index.js';
import { GO_GAME } from './go.game-feature.js';

const rec = (type: string, data: unknown, n: number) => recordedEvent(type, data, n, 'go-game-g1', '2026-12-01');
const PLAYERS = [
  { id: 'ann', name: 'Ann', rank: '2d' },
  { id: 'bob', name: 'Bob' },
];
const link = { tournamentId: 'ing', round: 2, table: 5, division: 'main', firstSeat: 1 };
const ctx: CommandContext = { at: '2026-12-01T10:00:00.000Z', actor: { id: 'pm', role: 'system' }, commandId: 'pm:1' };
const started = rec(
  'go.GameStarted',
  { players: PLAYERS, boardSize: 19, handicapStones: [], rules: ING_RULES, compensation: 8, link, at: '2026-12-01T09:00:00.000Z' },
  1,
);
const ended = (winner: 0 | 1 | null, reason = 'count', l: unknown = link) =>
  rec('go.GameEnded', { result: { winner, reason, text: 'x', rule: 'r' }, players: PLAYERS, link: l, at: '2026-12-01T11:00:00.000Z' }, 2);

describe('the Go GameFeature', () => {
  it('a finished linked game posts its outcome with the pairing’s first seat (seat 1 here); a loss by absence is the tournament’s forfeit', () => {
    const poster = resultPosterFor(GO_GAME);
    expect(poster.name).toBe('go-result-to-tournament');
    const result = (w: 0 | 1 | null, reason?: string) => (poster.react(ended(w, reason))[0].command(ctx) as { data: { result: unknown } }).data.result;
    expect(result(1)).toEqual({ kind: 'played', outcome: 'first' });
    expect(result(0)).toEqual({ kind: 'played', outcome: 'second' });
    expect(result(null)).toEqual({ kind: 'played', outcome: 'draw' });
    // Black (seat 0, the pairing's second) was absent: White wins by forfeit.
    expect(result(1, 'absence')).toEqual({ kind: 'forfeit', absent: 'second' });
    expect(poster.react(ended(0))[0].command(ctx)).toMatchObject({
      type: 'tournament.record-result',
      data: { division: 'main', round: 2, table: 5, source: { gameId: 'g1' } },
    });
    expect(poster.react(ended(0, 'count', null))).toEqual([]);
  });

  it('open information: nothing redacted; the list entry names the discipline with win/loss as scores; players without their rank', () => {
    const projection = gamesProjectionFor(GO_GAME);
    const docs = new MemoryDocuments();
    projection.apply(started, docs);
    projection.apply(ended(1), docs);
    expect(projection.name).toBe('go-games');
    expect(docs.get<GameListItem>(GAME_COLLECTIONS.index, 'g1')).toMatchObject({
      discipline: 'go',
      phase: 'finished',
      scores: [0, 1],
      players: [
        { id: 'ann', name: 'Ann' },
        { id: 'bob', name: 'Bob' },
      ],
    });
    expect(GO_GAME.redactEventData({ type: 'go.MoveMade', data: { point: 'pd' } }, { kind: 'public' })).toEqual({ point: 'pd' });
    expect(GO_GAME.hidesInformation({ phase: 'none' })).toBe(false);
  });
});
