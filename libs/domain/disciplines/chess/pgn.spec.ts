import { describe, expect, it } from '@jest/globals';
import { chessDecider } from './chess.decider.js';
import { chessCommand, type ChessState } from './chess.types.js';
import { exportPgn, parsePgn, pgnCommands } from './pgn.js';
import { at, history, PLAYERS } from './testing/chess-game.js';

const play = (pgn: string): ChessState => {
  let state = chessDecider.initialState();
  pgnCommands(parsePgn(pgn), [PLAYERS[0], PLAYERS[1]]).forEach((step, i) => {
    for (const e of chessDecider.decide(chessCommand(step, { at: at(i), actor: { id: 'arb-1', role: 'arbiter' }, commandId: `c${i}` }), state))
      state = chessDecider.evolve(state, e);
  });
  return state;
};

describe('PGN (chess.js) with [%clk] clock comments', () => {
  it('exports each move with the mover’s clock and the result; the export reads back to the same moves and clocks', () => {
    const events = history(['f3', 'e5', 'g4', 'Qh4#']);
    const state = events.reduce(chessDecider.evolve, chessDecider.initialState());
    if (state.phase === 'none') throw new Error('no game');
    const pgn = exportPgn(state.game);
    expect(pgn).toContain('[Result "0-1"]');
    expect(pgn).toContain('[TimeControl "1800"]');
    expect(pgn).toContain('1. f3 {[%clk 0:29:59]} e5 {[%clk 0:29:59]} 2. g4 {[%clk 0:29:58]} Qh4# {[%clk 0:29:58]} 0-1');
    const back = parsePgn(pgn);
    expect(back.moves.map((m) => [m.san, m.clockMs])).toEqual([
      ['f3', 1_799_000],
      ['e5', 1_799_000],
      ['g4', 1_798_000],
      ['Qh4#', 1_798_000],
    ]);
  });

  it('an import replays the moves with the written clocks, and a decisive result not on the board as the loser’s resignation', () => {
    const state = play('[White "A"]\n[Black "B"]\n[Result "0-1"]\n[TimeControl "3600+5"]\n\n1. e4 {[%clk 0:59:50]} e5 {[%clk 0:59:30]} 0-1\n');
    if (state.phase === 'none') throw new Error('no game');
    expect(state.game.moves.map((m) => [m.san, m.remainingMs])).toEqual([
      ['e4', 3_590_000],
      ['e5', 3_570_000],
    ]);
    expect(state.game.result).toMatchObject({ winner: 1, reason: 'resignation' });
  });

  it('imported clocks with an increment: the waiting player keeps their written [%clk] (not one increment short)', () => {
    const state = play('[White "A"]\n[Black "B"]\n[Result "*"]\n[TimeControl "1800+10"]\n\n1. e4 {[%clk 0:29:55]} e5 {[%clk 0:29:50]} *\n');
    if (state.phase === 'none') throw new Error('no game');
    expect(state.game.clock.remainingMs).toEqual([1_795_000, 1_790_000]);
  });

  it('a PGN TimeControl other than 60 or 30 minutes is refused naming pgn (rapid rules 1), not read as 60 minutes', () => {
    expect(() => parsePgn('[TimeControl "600+5"]\n\n1. e4 *')).toThrow(
      expect.objectContaining({ type: 'chess/time-control', field: 'pgn', rule: 'rapid rules 1' }),
    );
    expect(parsePgn('[TimeControl "1800+10"]\n\n1. e4 *').timeControl).toEqual({ minutes: 30, incrementSeconds: 10 });
    expect(parsePgn('[TimeControl "3600"]\n\n1. e4 *').timeControl).toEqual({ minutes: 60, incrementSeconds: 0 });
  });

  it('a PGN Result contradicting the checkmate its moves deliver is refused naming pgn', () => {
    const record = parsePgn('[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n');
    expect(() => pgnCommands(record, [PLAYERS[0], PLAYERS[1]])).toThrow(expect.objectContaining({ type: 'chess/pgn-result-contradicts', field: 'pgn' }));
    expect(play('[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n')).toMatchObject({ game: { result: { winner: 1, reason: 'checkmate' } } });
  });

  it('an unreadable PGN is refused naming pgn', () => {
    expect(() => parsePgn('1. e4 e5 2. Ke3 *')).toThrow(expect.objectContaining({ type: 'chess/pgn-unreadable', field: 'pgn' }));
  });
});
