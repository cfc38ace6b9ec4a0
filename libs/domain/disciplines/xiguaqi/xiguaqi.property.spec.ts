import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { neighbours } from './board.js';
import { exportRecord, parseRecord } from './notation.js';
import { capturableGroups, colourOf, escapedCount, groupAt, liberties, movesFrom, onBoard, opposite, pieceAt } from './position.js';
import { xiguaqiDecider } from './xiguaqi.decider.js';
import { cmd, PLAYERS, START } from './testing/match-play.js';
import type { XiguaqiEvent, XiguaqiGame, XiguaqiState, XiguaqiStep } from './xiguaqi.types.js';

/** A random game from the start: each choice picks a legal move (or a pass), each flag whether the mover captures. */
function playout(choices: readonly number[], capture: readonly boolean[], check: (before: XiguaqiGame, step: XiguaqiStep, after: XiguaqiGame) => void) {
  let state: XiguaqiState = xiguaqiDecider.initialState();
  const events: XiguaqiEvent[] = [];
  const run = (step: XiguaqiStep, s: number) => {
    for (const e of xiguaqiDecider.decide(cmd(step, s), state)) {
      events.push(e);
      state = xiguaqiDecider.evolve(state, e);
    }
  };
  run(START, 0);
  choices.forEach((choice, i) => {
    if (state.phase !== 'playing') return;
    const g = state.match.games[0];
    const seat = g.toMove;
    const colour = colourOf(g.black, seat);
    const options: [number, number][] = [];
    for (let p = 1; p <= 21; p++) {
      const piece = pieceAt(g.board, p);
      const run4 = g.runs[seat];
      if (piece?.colour === colour && !(run4 && run4.piece === piece.n && run4.count >= 4)) for (const to of movesFrom(g.board, p)) options.push([p, to]);
    }
    let step: XiguaqiStep = { type: 'xiguaqi.pass', seat };
    if (options.length && choice % 11 !== 0) {
      const [from, to] = options[choice % options.length];
      const moved = [...g.board];
      moved[to - 1] = moved[from - 1];
      moved[from - 1] = null;
      const dead = capturableGroups(moved, opposite(colour));
      step = { type: 'xiguaqi.move', seat, from, to, ...(dead.length && capture[i] && { captures: dead.map((d) => d[0]) }) };
    }
    run(step, i + 1);
    const after = state as XiguaqiState;
    check(g, step, after.phase === 'none' ? g : after.match.games[0]);
  });
  return events;
}

const arbitrary = fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 90 }), fc.array(fc.boolean(), { minLength: 90, maxLength: 90 }));

describe('xiguaqi properties', () => {
  it('piece conservation: on the board (not escaped) + escaped + captured = 6 for each side, after every command', () => {
    fc.assert(
      fc.property(arbitrary, ([choices, capture]) => {
        playout(choices, capture, (_before, _step, g) => {
          for (const colour of ['B', 'W'] as const) {
            const seat = g.black === 0 ? (colour === 'B' ? 0 : 1) : colour === 'B' ? 1 : 0;
            const lost = g.captured[seat === 0 ? 1 : 0];
            const standing = g.board.filter((p) => p?.colour === colour && !p.escaped).length;
            expect(standing + escapedCount(g.board, colour) + lost).toBe(6);
            expect(escapedCount(g.board, colour)).toBeLessThanOrEqual(onBoard(g.board, colour));
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  it('第三条, 第四条, 第六条: a move into a point without liberties of its own is recorded and never kills the mover: the point it left is a liberty', () => {
    let intoNoLiberty = 0;
    fc.assert(
      fc.property(arbitrary, ([choices, capture]) => {
        playout(choices, capture, (before, step, after) => {
          if (step.type !== 'xiguaqi.move') return;
          const mover = colourOf(before.black, step.seat);
          if (neighbours(step.to).every((n) => n === step.from || pieceAt(before.board, n))) intoNoLiberty += 1;
          // Recorded: the piece stands on its new point; none of the mover's pieces left the board.
          expect(pieceAt(after.board, step.to)?.colour).toBe(mover);
          expect(onBoard(after.board, mover)).toBe(onBoard(before.board, mover));
          expect(liberties(after.board, groupAt(after.board, step.to))).toBeGreaterThan(0);
          expect(pieceAt(after.board, step.from)).toBeNull();
          // 第六条: every opponent group left without liberties and not captured is escaped.
          for (let p = 1; p <= 21; p++)
            if (pieceAt(after.board, p)?.colour === opposite(mover) && liberties(after.board, groupAt(after.board, p)) === 0)
              expect(pieceAt(after.board, p)!.escaped).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
    expect(intoNoLiberty).toBeGreaterThan(0);
  });

  it('the notation round-trips: the exported record, imported, records the same events', () => {
    fc.assert(
      fc.property(arbitrary, ([choices, capture]) => {
        const events = playout(choices, capture, () => undefined);
        const text = exportRecord(events);
        const parsed = parseRecord(text);
        let state: XiguaqiState = xiguaqiDecider.initialState();
        const replayed: XiguaqiEvent[] = [];
        for (const { step, offsetMs } of parsed.steps) {
          const full = (step.type === 'xiguaqi.start-match' ? { ...START, ...step, players: PLAYERS } : step) as XiguaqiStep;
          for (const e of xiguaqiDecider.decide(cmd(full, offsetMs! / 1000), state)) {
            replayed.push(e);
            state = xiguaqiDecider.evolve(state, e);
          }
        }
        expect(replayed).toEqual(events);
        expect(exportRecord(replayed)).toBe(text);
      }),
      { numRuns: 100 },
    );
  });
});
