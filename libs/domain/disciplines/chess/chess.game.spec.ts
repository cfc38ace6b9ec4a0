import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { chessDecider } from './chess.decider.js';
import { at, cmd, history, PLAYERS, START } from './testing/chess-game.js';

const spec = deciderSpec(chessDecider);
const FOOLS_MATE = ['f3', 'e5', 'g4', 'Qh4#'];
// Sam Loyd's ten-move stalemate (White to move is stalemated after 10.Qe6).
const LOYD_STALEMATE = ['e3', 'a5', 'Qh5', 'Ra6', 'Qxa5', 'h5', 'h4', 'Rah6', 'Qxc7', 'f6', 'Qxd7+', 'Kf7', 'Qxb7', 'Qd3', 'Qxb8', 'Qh7', 'Qxc8', 'Kg6', 'Qe6'];
const KNIGHTS_OUT_AND_BACK = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];

describe('chess: starting a game (rapid rules 1)', () => {
  it('rapid rules 1: a game is 60 or 30 minutes a player; 45 is refused naming timeControl.minutes', () => {
    spec
      .given([])
      .when(cmd(START))
      .then([{ type: 'chess.GameStarted', data: { players: PLAYERS, timeControl: { minutes: 30 }, link: null, at: at(0) } }]);
    spec
      .given([])
      .when(cmd({ type: 'chess.start-game', players: [PLAYERS[0], PLAYERS[1]], timeControl: { minutes: 45 as 30, incrementSeconds: 0 } }))
      .thenRefuses('chess/time-control', { kind: 'invalid', field: 'timeControl.minutes', rule: 'rapid rules 1' });
  });

  it('a game id names one game: a second start is refused', () => {
    spec.given(history([])).when(cmd(START)).thenRefuses('chess/already-started', { field: 'id' });
  });
});

describe('chess: moves (FIDE Laws 1.2 and 3, through chess.js)', () => {
  it('a legal move in SAN or UCI is recorded with the mover’s clock (30 min less the time used)', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'chess.make-move', seat: 0, move: 'e2e4' }, 10))
      .then([{ type: 'chess.MoveMade', data: { ply: 1, seat: 0, san: 'e4', from: 'e2', to: 'e4', remainingMs: 1_800_000 - 10_000 } }]);
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.make-move', seat: 1, move: 'Nc6' }, 5))
      .then([{ type: 'chess.MoveMade', data: { san: 'Nc6' } }]);
  });

  it('FIDE Laws 3: an illegal move is refused naming move; FIDE 1.2: moving out of turn is refused naming seat', () => {
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.make-move', seat: 1, move: 'e4' }))
      .thenRefuses('chess/illegal-move', { field: 'move', kind: 'invalid' });
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.make-move', seat: 0, move: 'd4' }))
      .thenRefuses('chess/not-your-turn', { field: 'seat' });
  });

  it('an increment is added after each move (rapid rules 21(4))', () => {
    const start = { ...START, timeControl: { minutes: 30 as const, incrementSeconds: 10 } };
    spec
      .given(history([], start))
      .when(cmd({ type: 'chess.make-move', seat: 0, move: 'd4' }, 30))
      .then([{ type: 'chess.MoveMade', data: { remainingMs: 1_800_000 - 30_000 + 10_000 } }]);
  });
});

describe('chess: the ends of a game', () => {
  it('rapid rules 9(1): checkmate wins the game at once', () => {
    spec
      .given(history(FOOLS_MATE.slice(0, 3)))
      .when(cmd({ type: 'chess.make-move', seat: 1, move: 'Qh4#' }, 4))
      .then([
        { type: 'chess.MoveMade', data: { san: 'Qh4#' } },
        {
          type: 'chess.GameEnded',
          data: { result: { winner: 1, reason: 'checkmate', rule: 'rapid rules 9(1) (勝局): a player who checkmates the opponent’s king wins' } },
        },
      ]);
    spec
      .given(history(FOOLS_MATE))
      .when(cmd({ type: 'chess.resign', seat: 0 }))
      .thenRefuses('chess/game-finished');
  });

  it('rapid rules 9(2): resignation wins the game for the opponent', () => {
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.resign', seat: 1 }))
      .then([{ type: 'chess.GameEnded', data: { result: { winner: 0, reason: 'resignation' } } }]);
  });

  it('FIDE 5.2.1 (rapid rules 11, normal rules): stalemate draws', () => {
    const before = history(LOYD_STALEMATE.slice(0, -1));
    spec
      .given(before)
      .when(cmd({ type: 'chess.make-move', seat: 0, move: 'Qe6' }, 30))
      .then([{ type: 'chess.MoveMade' }, { type: 'chess.GameEnded', data: { result: { winner: null, reason: 'stalemate' } } }]);
  });

  it('FIDE 9.6.1: the same position a fifth time draws without a claim', () => {
    const sans = [...KNIGHTS_OUT_AND_BACK, ...KNIGHTS_OUT_AND_BACK, ...KNIGHTS_OUT_AND_BACK, ...KNIGHTS_OUT_AND_BACK];
    spec
      .given(history(sans.slice(0, -1)))
      .when(cmd({ type: 'chess.make-move', seat: 1, move: 'Ng8' }, 20))
      .then([{ type: 'chess.MoveMade' }, { type: 'chess.GameEnded', data: { result: { winner: null, reason: 'fivefold-repetition' } } }]);
  });

  it('FIDE 9.6.2: the 75-move rule ends the game on the 150th ply without capture or pawn move', () => {
    const start = { ...START, startFen: '4k3/8/8/8/8/8/4P3/4K3 w - - 149 120' };
    spec
      .given(history([], start))
      .when(cmd({ type: 'chess.make-move', seat: 0, move: 'Kd1' }, 2))
      .then([{ type: 'chess.MoveMade' }, { type: 'chess.GameEnded', data: { result: { winner: null, reason: 'seventy-five-moves' } } }]);
  });

  it('FIDE 5.2.2: a capture leaving king and knight against king draws (dead position)', () => {
    const start = { ...START, startFen: '4k3/8/8/8/8/8/3n4/4KQ2 b - - 0 60' };
    spec
      .given(history([], start))
      .when(cmd({ type: 'chess.make-move', seat: 1, move: 'Nxf1' }, 2))
      .then([{ type: 'chess.MoveMade' }, { type: 'chess.GameEnded', data: { result: { winner: null, reason: 'dead-position' } } }]);
  });

  it('FIDE 9.1: a draw offered and accepted; accepting no standing offer is refused; a move declines the offer', () => {
    const offered = [...history(['e4']), { type: 'chess.DrawOffered' as const, data: { seat: 0 as const } }];
    spec
      .given(offered)
      .when(cmd({ type: 'chess.accept-draw', seat: 1 }))
      .then([{ type: 'chess.GameEnded', data: { result: { winner: null, reason: 'agreement' } } }]);
    spec
      .given(offered)
      .when(cmd({ type: 'chess.accept-draw', seat: 0 }))
      .thenRefuses('chess/no-draw-offer', { field: 'seat' });
    const declined = [...offered, ...history(['e4', 'e5']).slice(2)];
    spec
      .given(declined)
      .when(cmd({ type: 'chess.accept-draw', seat: 1 }))
      .thenRefuses('chess/no-draw-offer', { rule: 'FIDE Laws of Chess 9.1.2' });
  });
});

describe('chess: clocks', () => {
  it('an official’s clock reading is recorded before the command and the command decided on it', () => {
    const events = spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.make-move', seat: 1, move: 'e5', clockReading: { remainingMs: [1_700_000, 1_500_000] } }, 100))
      .then([
        { type: 'chess.ClockRead', data: { remainingMs: [1_700_000, 1_500_000] } },
        { type: 'chess.MoveMade', data: { remainingMs: 1_500_000 } },
      ]);
    expect(events).toHaveLength(2);
  });
});
