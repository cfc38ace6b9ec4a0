import { describe, expect, it } from '@jest/globals';
import { fold } from '../../kernel/decider.js';
import { scrabbleDecider } from './scrabble.decider.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import type { ScrabbleState } from './scrabble.state.js';
import { exportGcg, importGcg, parseGcg } from './gcg.js';
import { scoreSheet } from './scoresheet.js';
import { HAND_GAME } from './testing/hand-game.js';

function replay(commands: ReturnType<typeof importGcg>): { state: ScrabbleState; events: ScrabbleEvent[] } {
  let state = scrabbleDecider.initialState();
  const events: ScrabbleEvent[] = [];
  for (const c of commands) {
    const out = scrabbleDecider.decide(c, state);
    events.push(...out);
    state = fold(scrabbleDecider, out, state);
  }
  return { state, events };
}

describe('GCG', () => {
  it('parses pragmas and every supported move line', () => {
    const p = parseGcg(HAND_GAME);
    expect(p.players.map((x) => x.nick)).toEqual(['Ann', 'Bob']);
    expect(p.lines.map((l) => l.move.kind)).toEqual([
      'play',
      'play',
      'play',
      'play',
      'withdrawn',
      'exchange',
      'play',
      'challenge-bonus',
      'pass',
      'pass',
      'exchange',
      'pass',
      'pass',
      'pass',
      'end-rack',
      'end-rack',
    ]);
  });
  it('a hand-checked complete game imports to commands that replay to the recorded final scores (36 to −7)', () => {
    const { state, events } = replay(importGcg(HAND_GAME, { commandIdPrefix: 'g1' }));
    expect(state.phase).toBe('finished');
    if (state.phase !== 'finished') return;
    expect(state.result).toMatchObject({ scores: [36, -7], winner: 0, spread: 43 });
    expect(state.end?.reason).toBe('six-zeros');
    expect(events.filter((e) => e.type === 'scrabble.ScoreMismatchFlagged')).toEqual([]);
    const sheet = scoreSheet(events);
    const last = parseGcg(HAND_GAME).lines;
    expect(sheet.map((r) => r.cumulative[r.seat])).toEqual(last.map((l) => l.total));
  });
  it('export then import round-trips the game to the same final scores', () => {
    const { events } = replay(importGcg(HAND_GAME));
    const text = exportGcg(events);
    expect(text).toContain('>Ann: DORWEEI 8E WORD +16 16');
    expect(text).toContain('>Bob: UWABCDE -- -5 5');
    expect(text).toContain('>Bob: (challenge) +5 15');
    expect(text).toContain('>Bob: BCDEFHK (BCDEFHK) -22 -7');
    const again = replay(importGcg(text));
    expect(again.state.phase === 'finished' && again.state.result.scores).toEqual([36, -7]);
  });
  it('import refuses lines it cannot read, naming the line', () => {
    expect(() => importGcg('#player1 A A\n#player2 B B\n>A: ABC 8H\n')).toThrow(/line 3/);
    expect(() => importGcg('>A: 8H QI +22 22\n')).toThrow(/#player1/);
  });
});

describe('GCG round trip (property)', () => {
  it('any finished random game exports to GCG that re-imports (score-only) to the same final result', async () => {
    const fc = (await import('fast-check')).default;
    const { simulateGame } = await import('./testing/simulation.js');
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const t = simulateGame(seed);
        if (t.state.phase !== 'ended' || !t.state.end.racksSettled) return;
        t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
        t.run({ type: 'scrabble.sign-result-slip', seat: 1 });
        const again = replay(importGcg(exportGcg(t.events)));
        expect(again.state.phase).toBe('finished');
        const before = t.state as ScrabbleState;
        if (again.state.phase === 'finished' && before.phase === 'finished') {
          expect(again.state.result.scores).toEqual(before.result.scores);
          expect(again.state.end?.reason).toBe(before.end?.reason);
        }
      }),
      { numRuns: 20 },
    );
  });
});
