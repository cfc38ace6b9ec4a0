import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { clocksAt } from './clock.js';
import { xiguaqiDecider } from './xiguaqi.decider.js';
import { CAPTURE_LINE, cmd, history, moves, START } from './testing/match-play.js';
import type { XiguaqiState, XiguaqiStep } from './xiguaqi.types.js';

const spec = deciderSpec(xiguaqiDecider);
const game = (s: XiguaqiState) => (s.phase === 'none' ? null : s.match.games[s.match.games.length - 1]);
const move = (seat: 0 | 1, from: number, to: number): XiguaqiStep => ({ type: 'xiguaqi.move', seat, from, to });
const resign = (seat: 0 | 1): XiguaqiStep => ({ type: 'xiguaqi.resign', seat });
const draw: XiguaqiStep = { type: 'xiguaqi.rule-game', winner: null, note: 'drawn' };
const next = (first?: 0 | 1): XiguaqiStep => ({ type: 'xiguaqi.start-game', ...(first !== undefined && { first }) });
const SHORT = { ...START, minutesPerGame: 2 } as XiguaqiStep;

describe('xiguaqi time (西瓜棋规则 第七条, 第八条一, 第九条二、三, 第十二条)', () => {
  it('第七条, 第十二条二: after two minutes on a move the opponent may grab it; before that it is refused', () => {
    const given = spec.given(history([START]).events);
    given.when(cmd(move(1, 18, 15), 100)).thenRefuses('xiguaqi/not-your-turn', { field: 'seat' });
    given.when(cmd(move(1, 18, 15), 121)).then([{ type: 'xiguaqi.PieceMoved', data: { seat: 1, outOfTurn: 'grab' } }]);
    // An official recording the grab with a clock reading: the reading does not restart the two minutes.
    const withReading = { ...move(1, 18, 15), clockReading: { remainingMs: [479_000, 600_000] } } as XiguaqiStep;
    given.when(cmd(withReading, 121)).then([{ type: 'xiguaqi.ClockRead' }, { type: 'xiguaqi.PieceMoved', data: { outOfTurn: 'grab' } }]);
    const g = game(history([START, [move(1, 18, 15), 121]]).state)!;
    // The grab took the slow side's turn: Black is to move, its clock charged with the 121 s it spent.
    expect(g.toMove).toBe(0);
    expect(g.remainingMs).toEqual([600_000 - 121_000, 600_000]);
  });

  it('第十二条一: a player whose half of the time is used may not move; the other moves on, several moves in a row', () => {
    const given = spec.given(history([SHORT]).events);
    given.when(cmd(move(0, 4, 7), 61)).thenRefuses('xiguaqi/time-used', { field: 'seat', rule: '第十二条一' });
    given.when(cmd(move(1, 18, 15), 61)).then([{ type: 'xiguaqi.PieceMoved', data: { outOfTurn: 'opponent-time-used' } }]);
    const { state } = history([SHORT, [move(1, 18, 15), 61], [move(1, 15, 11), 70]]);
    expect(clocksAt(game(state)!, '2026-12-01T10:01:20.000Z')).toEqual([0, 60_000 - 20_000]);
  });

  it('第八条一, 第九条三: the end of the time is called only when both halves are used; equal pieces on the board draw', () => {
    const given = spec.given(history([SHORT]).events);
    given.when(cmd({ type: 'xiguaqi.call-time' }, 100)).thenRefuses('xiguaqi/time-not-up', { rule: '第十二条一' });
    given
      .when(cmd({ type: 'xiguaqi.call-time' }, 121))
      .then([{ type: 'xiguaqi.GameEnded', data: { outcome: { winner: null, reason: 'count' }, onBoard: [6, 6] } }]);
  });

  it('第九条二: at the end of the time the side with more pieces on the board (escaped ones included) wins', () => {
    const steps = [SHORT, ...moves(CAPTURE_LINE.slice(0, -1)), { type: 'xiguaqi.move', seat: 0, from: 9, to: 5, captures: [2] } as XiguaqiStep];
    spec
      .given(history(steps).events)
      .when(cmd({ type: 'xiguaqi.call-time' }, 200))
      .then([{ type: 'xiguaqi.GameEnded', data: { outcome: { winner: 0, reason: 'count' }, onBoard: [6, 5], captured: [1, 0] } }]);
  });

  it('Arbitra: an official’s clock reading is recorded before the command, which is decided on it', () => {
    const reading = { ...move(0, 4, 7), clockReading: { remainingMs: [30_000, 500_000] as const } } as XiguaqiStep;
    spec
      .given(history([START]).events)
      .when(cmd(reading, 10))
      .then([
        { type: 'xiguaqi.ClockRead', data: { remainingMs: [30_000, 500_000] } },
        { type: 'xiguaqi.PieceMoved', data: { from: 4, to: 7 } },
      ]);
  });
});

describe('xiguaqi game ends and matches (西瓜棋规则 第八条二, 第十条, 第十一条, 第十三条, 第十六条一)', () => {
  it('第八条二, 第十六条一: a player who resigns loses the game', () => {
    spec
      .given(history([START]).events)
      .when(cmd(resign(0), 5))
      .then([{ type: 'xiguaqi.GameEnded', data: { outcome: { winner: 1, reason: 'resignation' } } }]);
  });

  it('第十三条: the arbiter rules a game lost or drawn; a forfeited game is lost', () => {
    const given = spec.given(history([START]).events);
    given.when(cmd(draw, 5)).then([{ type: 'xiguaqi.GameEnded', data: { outcome: { winner: null, reason: 'ruling' }, note: 'drawn' } }]);
    given
      .when(cmd({ type: 'xiguaqi.forfeit', seat: 1, scope: 'game' }, 5))
      .then([{ type: 'xiguaqi.GameEnded', data: { outcome: { winner: 0, reason: 'forfeit' } } }]);
  });

  it('第十三条, 第十四条一: a player who forfeits the match loses it; the game in play ends with it', () => {
    spec
      .given(history([START]).events)
      .when(cmd({ type: 'xiguaqi.forfeit', seat: 1, scope: 'match' }, 5))
      .then([
        { type: 'xiguaqi.GameEnded', data: { outcome: { winner: 0, reason: 'forfeit' } } },
        { type: 'xiguaqi.MatchEnded', data: { outcome: { winner: 0, forfeitedBy: 1, games: [1, 0] } } },
      ]);
  });

  it('第十一条: between games only the next game starts; the first mover alternates (another seat is refused)', () => {
    const given = spec.given(history([START, resign(1)]).events);
    given.when(cmd(move(1, 18, 15), 5)).thenRefuses('xiguaqi/between-games');
    given.when(cmd(next(0), 5)).thenRefuses('xiguaqi/first-alternates', { field: 'first', rule: '第十一条' });
    given.when(cmd(next(), 5)).then([{ type: 'xiguaqi.GameStarted', data: { game: 2, black: 1, decidedBy: 'alternation' } }]);
  });

  it('第十条: best of three ends at two wins, the games and captured pieces summed for the tournament', () => {
    const game1 = [START, ...moves(CAPTURE_LINE.slice(0, -1)), { type: 'xiguaqi.move', seat: 0, from: 9, to: 5, captures: [2] } as XiguaqiStep, resign(1)];
    spec
      .given(history([...game1, next()]).events)
      .when(cmd(resign(1), 30))
      .then([
        { type: 'xiguaqi.GameEnded', data: { game: 2, outcome: { winner: 0 } } },
        { type: 'xiguaqi.MatchEnded', data: { outcome: { winner: 0, games: [2, 0], captured: [1, 0] } } },
      ]);
  });

  it('第十一条: at one game each the deciding game’s first mover is guessed again: it must be given', () => {
    const given = spec.given(history([START, resign(1), next(), resign(0)]).events);
    given.when(cmd(next(), 10)).thenRefuses('xiguaqi/first-by-guess', { field: 'first', rule: '第十一条' });
    given.when(cmd(next(0), 10)).then([{ type: 'xiguaqi.GameStarted', data: { game: 3, black: 0, decidedBy: 'lot' } }]);
  });

  it('第十条 (drawn games: Arbitra): once all games are played, more game wins takes the match; equal wins draw it', () => {
    spec
      .given(history([START, draw, next(), draw, next(1)]).events)
      .when(cmd(resign(1), 10))
      .then([{ type: 'xiguaqi.GameEnded' }, { type: 'xiguaqi.MatchEnded', data: { outcome: { winner: 0, games: [1, 0] } } }]);
    spec
      .given(history([START, draw, next(), draw, next(1)]).events)
      .when(cmd(draw, 10))
      .then([{ type: 'xiguaqi.GameEnded' }, { type: 'xiguaqi.MatchEnded', data: { outcome: { winner: null, games: [0, 0] } } }]);
  });

  it('第十条: best of five needs three wins; a finished match takes no more commands', () => {
    const bo5 = { ...START, bestOf: 5 } as XiguaqiStep;
    const { state } = history([bo5, resign(1), next(), resign(1)]);
    expect(state.phase).toBe('between-games');
    const done = history([bo5, resign(1), next(), resign(1), next(), resign(1)]);
    expect(done.state.phase).toBe('finished');
    spec.given(done.events).when(cmd(next(), 20)).thenRefuses('xiguaqi/match-finished');
  });
});
