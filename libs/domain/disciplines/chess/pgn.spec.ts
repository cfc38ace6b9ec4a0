import { describe, expect, it } from '@jest/globals';
import { chessDecider } from './chess.decider.js';
import { chessCommand, type ChessState } from './chess.types.js';
import { exportPgn, parsePgn, pgnCommands } from './pgn.js';
import type { RecordSource } from '../../kernel/index.js';
import { at, history, PLAYERS } from './testing/chess-game.js';

/** test/fixtures/chess/opera-game-1858.pgn, inline (domain tests read no files): a public-domain game of 1858 (its README). */
const OPERA = `[Event "Paris Opera"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
`;

const source = (pgn: string): RecordSource => ({
  format: 'pgn',
  sha256: 'e'.repeat(64),
  importedBy: 'arb-1',
  importedAt: at(0),
  headers: parsePgn(pgn).headers,
});
const play = (pgn: string): ChessState => {
  let state = chessDecider.initialState();
  pgnCommands(parsePgn(pgn), [PLAYERS[0], PLAYERS[1]], source(pgn)).forEach((step, i) => {
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

  it("an import keeps the written [%clk] as the file's (no clock reading), the written Result as the result (no invented resignation), the tags as written (issue 30)", () => {
    const pgn = '[White "A"]\n[Black "B"]\n[Result "0-1"]\n[TimeControl "3600+5"]\n\n1. e4 {[%clk 0:59:50]} e5 {[%clk 0:59:30]} 0-1\n';
    const state = play(pgn);
    if (state.phase === 'none') throw new Error('no game');
    expect(state.game.moves.map((m) => [m.san, m.writtenClockMs, m.remainingMs])).toEqual([
      ['e4', 3_590_000, undefined],
      ['e5', 3_570_000, undefined],
    ]);
    expect(state.game.result).toMatchObject({ winner: 1, reason: 'recorded' });
    expect(state.game.players).toEqual([
      { id: PLAYERS[0].id, name: 'A' },
      { id: PLAYERS[1].id, name: 'B' },
    ]);
    const out = exportPgn(state.game);
    expect(out).toContain('1. e4 {[%clk 0:59:50]} e5 {[%clk 0:59:30]} 0-1');
    expect(out).toContain('[TimeControl "3600+5"]');
    expect(out).toContain('[Date "????.??.??"]');
    expect(out).not.toContain('Rapid game');
    expect(out).not.toContain('Termination');
    // Export → import → export is byte-identical.
    const back = play(out);
    if (back.phase === 'none') throw new Error('no game');
    expect(exportPgn(back.game)).toBe(out);
  });

  it("the Opera Game (1858): no clock, no time control, no date or event invented; the file's names and tags kept; 1-0 by the mate on the board", () => {
    const pgn = OPERA;
    const state = play(pgn);
    if (state.phase === 'none') throw new Error('no game');
    expect(state.game.players.map((p) => p.name)).toEqual(['Paul Morphy', 'Duke Karl / Count Isouard']);
    expect(state.game.result).toMatchObject({ winner: 0, reason: 'checkmate' });
    expect(state.game.moves.every((m) => m.remainingMs === undefined && m.writtenClockMs === undefined)).toBe(true);
    const out = exportPgn(state.game);
    for (const tag of ['[Event "Paris Opera"]', '[Site "Paris FRA"]', '[Date "1858.??.??"]', '[White "Paul Morphy"]']) expect(out).toContain(tag);
    expect(out).not.toMatch(/%clk|TimeControl|2026/);
    const back = play(out);
    if (back.phase === 'none') throw new Error('no game');
    expect(exportPgn(back.game)).toBe(out);
  });

  it('an imported record takes no clock reading and no flag claim; a comment, a variation and a NAG are listed as not kept, naming their line', () => {
    const pgn = '[Result "*"]\n\n1. e4 {[%clk 0:59:50] good} e5 $1\n2. Nf3 (2. Nc3) *\n';
    expect(parsePgn(pgn).notKept).toEqual([
      { line: 3, text: '{[%clk 0:59:50] good}', why: expect.stringContaining('comment') },
      { line: 3, text: '$1', why: expect.stringContaining('NAG') },
      { line: 4, text: '2. Nf3 (2. Nc3) *', why: expect.stringContaining('variation') },
    ]);
    const state = play(pgn);
    const ctx = { at: at(50), actor: { id: 'arb-1', role: 'arbiter' as const }, commandId: 'x' };
    expect(() =>
      chessDecider.decide(chessCommand({ type: 'chess.make-move', seat: 1, move: 'Nc6', clockReading: { remainingMs: [1, 1] } }, ctx), state),
    ).toThrow(expect.objectContaining({ type: 'chess/imported-untimed', field: 'clockReading' }));
    expect(() => chessDecider.decide(chessCommand({ type: 'chess.claim-flag', seat: 0 }, ctx), state)).toThrow(
      expect.objectContaining({ type: 'chess/imported-untimed' }),
    );
  });

  it('a written result is recorded only on an imported record', () => {
    const live = history(['e4']).reduce(chessDecider.evolve, chessDecider.initialState());
    const ctx = { at: at(50), actor: { id: 'arb-1', role: 'arbiter' as const }, commandId: 'y' };
    expect(() => chessDecider.decide(chessCommand({ type: 'chess.record-result', winner: 0 }, ctx), live)).toThrow(
      expect.objectContaining({ type: 'chess/not-imported' }),
    );
  });

  it('a PGN TimeControl other than 60 or 30 minutes is refused naming pgn (rapid rules 1), not read as 60 minutes', () => {
    expect(() => parsePgn('[TimeControl "600+5"]\n\n1. e4 *')).toThrow(
      expect.objectContaining({ type: 'chess/time-control', field: 'pgn', rule: 'rapid rules 1', message: expect.stringMatching(/^line 1: /) }),
    );
    expect(parsePgn('[TimeControl "1800+10"]\n\n1. e4 *').timeControl).toEqual({ minutes: 30, incrementSeconds: 10 });
    expect(parsePgn('[TimeControl "3600"]\n\n1. e4 *').timeControl).toEqual({ minutes: 60, incrementSeconds: 0 });
  });

  it('a PGN Result contradicting the checkmate its moves deliver is refused naming pgn', () => {
    const record = parsePgn('[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n');
    expect(() => pgnCommands(record, [PLAYERS[0], PLAYERS[1]], source('[Result "1-0"]'))).toThrow(
      expect.objectContaining({ type: 'chess/pgn-result-contradicts', field: 'pgn', message: expect.stringMatching(/^line 1: the PGN's Result 1-0/) }),
    );
    expect(play('[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n')).toMatchObject({ game: { result: { winner: 1, reason: 'checkmate' } } });
  });

  it('issue 30: an unreadable PGN is refused naming pgn and the line (an illegal move, a token the grammar refuses)', () => {
    expect(() => parsePgn('1. e4 e5 2. Ke3 *')).toThrow(
      expect.objectContaining({ type: 'chess/pgn-unreadable', field: 'pgn', message: expect.stringMatching(/^line 1: /) }),
    );
    expect(() => parsePgn('[Event "x"]\n[Result "*"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n')).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^line 5: the PGN cannot be read: Invalid move in PGN: Ke3/) }),
    );
    expect(() => parsePgn('[Event "x"]\n\n1. e4 e5\n2. Nf9 Nc6 *\n')).toThrow(expect.objectContaining({ message: expect.stringMatching(/^line 4: /) }));
    // The refused move was also played legally earlier: which occurrence was refused is not known, so no line is named.
    expect(() => parsePgn('[Event "x"]\n\n1. Nf3 Nf6 2. Ng1 Ng8\n3. Nf3 Nf6 4. Nf3 *\n')).toThrow(
      expect.objectContaining({ type: 'chess/pgn-unreadable', message: expect.stringMatching(/^the PGN cannot be read: Invalid move in PGN: Nf3/) }),
    );
  });
});
