import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { xiguaqiDecider } from './xiguaqi.decider.js';
import { pieceAt, playMove } from './position.js';
import { CAPTURE_LINE, cmd, history, moves, START, WIN_LINE } from './testing/match-play.js';
import type { Board, Piece, XiguaqiState } from './xiguaqi.types.js';

const spec = deciderSpec(xiguaqiDecider);
const game = (s: XiguaqiState) => (s.phase === 'none' ? null : s.match.games[s.match.games.length - 1]);
const move = (seat: 0 | 1, from: number, to: number, captures?: number[]) => ({ type: 'xiguaqi.move' as const, seat, from, to, ...(captures && { captures }) });

describe('xiguaqi setup and moves (西瓜棋规则 第一条, 第二条, 第十一条, 第十六条)', () => {
  it('第二条一, 第十一条: the match starts with game 1, six pieces each, the seat drawn to move first plays Black and moves first', () => {
    const started = spec
      .given([])
      .when(cmd({ ...START, first: 1 }))
      .then([
        { type: 'xiguaqi.MatchStarted', data: { bestOf: 3, minutesPerGame: 20 } },
        { type: 'xiguaqi.GameStarted', data: { game: 1, black: 1, decidedBy: 'lot' } },
      ]);
    const { state } = history([{ ...START, first: 1 }]);
    const g = game(state)!;
    expect(g.toMove).toBe(1);
    expect([1, 2, 3, 4, 5, 6].map((p) => pieceAt(g.board, p)?.colour)).toEqual(['B', 'B', 'B', 'B', 'B', 'B']);
    expect([16, 17, 18, 19, 20, 21].map((p) => pieceAt(g.board, p)?.colour)).toEqual(['W', 'W', 'W', 'W', 'W', 'W']);
    expect(started).toHaveLength(2);
    spec
      .given(history([{ ...START, first: 1 }]).events)
      .when(cmd(move(0, 16, 8), 1))
      .thenRefuses('xiguaqi/not-your-turn', { field: 'seat' });
  });

  it('第十条, 第十二条一: best of 3 or 5 only, a total time of at most 30 minutes (400-style refusals naming the field)', () => {
    spec
      .given([])
      .when(cmd({ ...START, bestOf: 4 as 3 }))
      .thenRefuses('xiguaqi/best-of', { field: 'bestOf', rule: '第十条' });
    spec
      .given([])
      .when(cmd({ ...START, minutesPerGame: 31 }))
      .thenRefuses('xiguaqi/total-time', { field: 'minutesPerGame', rule: '第十二条一' });
  });

  it('第二条三: a piece moves to an adjacent empty point; a jump, an occupied point, or the opponent’s piece is refused', () => {
    const given = spec.given(history([START]).events);
    given.when(cmd(move(0, 4, 7), 1)).then([{ type: 'xiguaqi.PieceMoved', data: { from: 4, to: 7, colour: 'B', piece: 4, captured: [], escaped: [] } }]);
    given.when(cmd(move(0, 4, 11), 1)).thenRefuses('xiguaqi/not-adjacent', { field: 'to', rule: '第二条三' });
    given.when(cmd(move(0, 1, 2), 1)).thenRefuses('xiguaqi/point-occupied', { field: 'to' });
    given.when(cmd(move(0, 18, 15), 1)).thenRefuses('xiguaqi/not-own-piece', { field: 'from' });
    given.when(cmd(move(0, 22, 15), 1)).thenRefuses('xiguaqi/point', { field: 'from' });
  });

  it('第十六条二: a second move in a row, without the opponent’s waiver or a grab, is refused and nothing is recorded', () => {
    spec
      .given(history([START, move(0, 4, 7)]).events)
      .when(cmd(move(0, 7, 11), 2))
      .thenRefuses('xiguaqi/not-your-turn', { field: 'seat', rule: '第十六条二' });
  });

  it('第二条五: the same piece may move four times in a row, not a fifth; another piece in between starts a new run', () => {
    const steps = [
      START,
      ...moves([
        [4, 7],
        [16, 8],
        [7, 4],
        [17, 14],
        [4, 7],
        [8, 16],
        [7, 4],
        [14, 17],
      ]),
    ];
    spec
      .given(history(steps).events)
      .when(cmd(move(0, 4, 7), 9))
      .thenRefuses('xiguaqi/same-piece-run', { field: 'from', rule: '第二条五' });
    const broken = [
      START,
      ...moves([
        [4, 7],
        [16, 8],
        [7, 4],
        [17, 14],
        [5, 9],
      ]),
    ];
    expect(game(history(broken).state)!.runs[0]).toEqual({ piece: 5, count: 1 });
  });

  it('第二条六: a player may give up their move; the opponent is then to move; a pass out of turn is refused', () => {
    const given = spec.given(history([START]).events);
    given.when(cmd({ type: 'xiguaqi.pass', seat: 0 }, 1)).then([{ type: 'xiguaqi.Passed', data: { seat: 0, colour: 'B', ply: 1 } }]);
    given.when(cmd({ type: 'xiguaqi.pass', seat: 1 }, 1)).thenRefuses('xiguaqi/not-your-turn', { field: 'seat' });
    expect(game(history([START, { type: 'xiguaqi.pass', seat: 0 }]).state)!.toMove).toBe(1);
  });
});

describe('xiguaqi liberties, captures and escaped pieces (西瓜棋规则 第三条 to 第六条, 第九条一)', () => {
  const beforeLast = [START, ...moves(CAPTURE_LINE.slice(0, -1))];

  it('第五条: after the move the mover captures the opponent’s piece left without liberties', () => {
    const events = spec
      .given(history(beforeLast).events)
      .when(cmd(move(0, 9, 5, [2]), 7))
      .then([{ type: 'xiguaqi.PieceMoved', data: { from: 9, to: 5, captured: [2], escaped: [] } }]);
    expect(events).toHaveLength(1);
    const g = game(history([...beforeLast, move(0, 9, 5, [2])]).state)!;
    expect(pieceAt(g.board, 2)).toBeNull();
    expect(g.captured).toEqual([1, 0]);
  });

  it('第五条: naming a piece that has liberties (or one’s own) as a capture is refused, naming the field captures', () => {
    const given = spec.given(history(beforeLast).events);
    given.when(cmd(move(0, 9, 5, [21]), 7)).thenRefuses('xiguaqi/not-capturable', { field: 'captures', rule: '第五条' });
    given.when(cmd(move(0, 9, 5, [1]), 7)).thenRefuses('xiguaqi/not-capturable', { field: 'captures' });
  });

  it('第六条: a dead piece not captured at once escapes: it stays on the board and may not be captured later while it stays dead', () => {
    spec
      .given(history(beforeLast).events)
      .when(cmd(move(0, 9, 5), 7))
      .then([{ type: 'xiguaqi.PieceMoved', data: { captured: [], escaped: [2] } }]);
    const afterPass = [...beforeLast, move(0, 9, 5), { type: 'xiguaqi.pass' as const, seat: 1 as const }];
    const { state, events } = history(afterPass);
    expect(pieceAt(game(state)!.board, 2)).toEqual({ colour: 'W', n: 1, escaped: true });
    spec
      .given(events)
      .when(cmd(move(0, 7, 10, [2]), 9))
      .thenRefuses('xiguaqi/escaped', { field: 'captures', rule: '第六条' });
  });

  it('第六条: once its group has a liberty again the escaped piece is an ordinary piece, and may be captured when dead again', () => {
    // Black opens 5 (the escaped piece gets a liberty), then closes it again and captures.
    const steps = [...beforeLast, move(0, 9, 5), { type: 'xiguaqi.pass' as const, seat: 1 as const }, move(0, 5, 9)];
    const g = game(history(steps).state)!;
    expect(pieceAt(g.board, 2)?.escaped).toBe(false);
    const again = [...steps, { type: 'xiguaqi.pass' as const, seat: 1 as const }];
    spec
      .given(history(again).events)
      .when(cmd(move(0, 9, 5, [2]), again.length))
      .then([{ type: 'xiguaqi.PieceMoved', data: { captured: [2] } }]);
  });

  it('第三条, 第五条, 第六条: when both sides are without liberties the mover captures first; its own escaped group, freed, stays', () => {
    // A hand-set board: White's piece on 2 is dead and escaped (1, 4, 5 black); Black's 1-4 is dead too (3, 7 white), and
    // White's move 16 → 8 takes Black's 5 (9 white) to no liberty. White captures 5 only: then 2 has a liberty again.
    const b: (Piece | null)[] = Array.from({ length: 21 }, () => null);
    const put = (p: number, colour: 'B' | 'W', escaped = false) => (b[p - 1] = { colour, n: p, escaped });
    put(2, 'W', true);
    [1, 4, 5].forEach((p) => put(p, 'B'));
    [3, 7, 9, 16].forEach((p) => put(p, 'W'));
    const played = playMove(b as Board, 16, 8, [5]);
    if (!('board' in played)) throw new Error('refused');
    expect(played.captured).toEqual([5]);
    // Black's 1-4, dead and not captured, escapes; White's own piece on 2 was never removed, and is ordinary again.
    expect(played.escaped).toEqual([1, 4]);
    expect(pieceAt(played.board, 2)).toEqual({ colour: 'W', n: 2, escaped: false });
  });

  it('第九条一: the first to capture four of the opponent’s pieces wins the game (a group of four taken at once)', () => {
    const steps = [START, ...moves(WIN_LINE.slice(0, -1))];
    spec
      .given(history(steps).events)
      .when(cmd(move(0, 12, 15, [18]), steps.length))
      .then([
        { type: 'xiguaqi.PieceMoved', data: { captured: [18, 19, 20, 21] } },
        { type: 'xiguaqi.GameEnded', data: { game: 1, outcome: { winner: 0, reason: 'captures' }, captured: [4, 0], onBoard: [6, 2] } },
      ]);
  });
});
