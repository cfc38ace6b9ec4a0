import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { goCommand, goDecider, type GoEvent, type GoState, type GoStep } from '../../../domain/disciplines/go/index.js';
import type { RecordSource } from '../../../domain/kernel/index.js';
import { exportSgf, parseSgf, sgfCommands } from './sgf.js';

/** Issue 30: SGF export → import → export is byte-identical on generated imported games (fast-check). */
const PLAYERS = [
  { id: 'b', name: 'B' },
  { id: 'w', name: 'W' },
] as const;
const AT = '2026-12-01T09:00:00.000Z';
const ctx = (i: number) => ({ at: AT, actor: { id: 'arb', role: 'arbiter' as const }, commandId: `c${i}` });
const source = (text: string): RecordSource => ({ format: 'sgf', sha256: '0'.repeat(64), importedBy: 'arb', importedAt: AT, headers: parseSgf(text).headers });

/** Decides each step on the state before it (a move by the side to move); a step the decider refuses (occupied, ko) is left out. */
function record(steps: readonly GoStep[]): GoState {
  return steps.reduce<GoState>((state, step, i) => {
    const mover = state.phase === 'playing' && (step.type === 'go.play' || step.type === 'go.pass') ? { ...step, seat: state.game.toMove } : step;
    try {
      return goDecider.decide(goCommand(mover, ctx(i)), state).reduce<GoState>((s, e: GoEvent) => goDecider.evolve(s, e), state);
    } catch {
      return state;
    }
  }, goDecider.initialState());
}
const game = (s: GoState) => {
  if (s.phase === 'none') throw new Error('no game');
  return s.game;
};

describe('SGF round trip (property)', () => {
  it('export → import → export is byte-identical: names with digits, handicap-free 9×9 games, written times, passes, a written result', () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}[A-Za-z0-9]$/);
    const move = fc.record({
      pass: fc.boolean(),
      x: fc.integer({ min: 0, max: 8 }),
      y: fc.integer({ min: 0, max: 8 }),
      left: fc.option(fc.integer({ min: -600, max: 3600 })),
    });
    fc.assert(
      fc.property(name, name, fc.array(move, { maxLength: 40 }), fc.constantFrom(undefined, 'B+R', 'W+3.5', '白胜黑', '0', 'Void'), (pb, pw, moves, re) => {
        const header = `(;GM[1]FF[4]SZ[9]PB[${pb}]PW[${pw}]DT[1999-09-09]${re ? `RE[${re}]` : ''})`;
        const start = sgfCommands(parseSgf(header), PLAYERS, source(header));
        const letters = 'abcdefghi';
        const plays: GoStep[] = moves.map((m) => {
          const written = m.left !== null ? { written: { leftMs: m.left * 1000 } } : {};
          return m.pass ? { type: 'go.pass', seat: 0, ...written } : { type: 'go.play', seat: 0, point: `${letters[m.x]}${letters[m.y]}`, ...written };
        });
        // The result (if any) is recorded after the moves, as the import does.
        const state = record([start[0], ...plays, ...start.slice(1)]);
        const first = exportSgf(game(state));
        // The generated game is not empty of moves unless every move was refused: the property is about real records.
        if (moves.some((m) => !m.pass)) expect(game(state).moves.length).toBeGreaterThan(0);
        const again = record(sgfCommands(parseSgf(first), PLAYERS, source(first)));
        expect(exportSgf(game(again))).toBe(first);
        // No time system and no date but the file's: the import's own date (2026-12-01) is not the game's.
        expect(first).not.toMatch(/\bTM\[|\bOT\[|2026-12-01/);
      }),
      { numRuns: 150 },
    );
  });
});
