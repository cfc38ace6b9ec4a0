import { describe, expect, it } from '@jest/globals';
import { fold } from '../../kernel/decider.js';
import { scrabbleDecider } from './scrabble.decider.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import type { ScrabbleState } from './scrabble.state.js';
import { exportGcg, importGcg, parseGcg } from './gcg.js';
import { scoreSheet } from './scoresheet.js';

/**
 * A short complete game, checked by hand:
 *  1 Ann WORD 8E: W4 O1 R1 D2 = 8, centre DW ×2 = 16                       Ann 16
 *  2 Bob (D)OG H8: D2 O1 G2 = 5 (no premium under O at 9H or G at 10H)       Bob 5
 *  3 Ann JA(G) 10F: J on TL 10F = 24, A 1, G 2 = 27                          Ann 43
 *  4 Bob UW E7 +5, challenged off (phoney): −5                               Bob 5
 *  5 Ann exchanges 3                                                         (zero 2)
 *  6 Bob AW E7: A1 + W4 = 5; Ann challenges, AW is good: +5 bonus to Bob      Bob 15
 *  7–12 pass, pass, exchange, pass, pass, pass: six scoreless turns end the game
 *  end: Ann holds EEIORTU (7) → 36; Bob holds BCDEFHK (3+3+2+1+4+4+5 = 22) → −7
 */
export const HAND_GAME = `#character-encoding UTF-8
#player1 Ann Ann Lee
#player2 Bob Bob Wu
>Ann: DORWEEI 8E WORD +16 16
>Bob: GOABCDE H8 .OG +5 5
>Ann: AJEEIXY 10F JA. +27 43
>Bob: UWABCDE E7 UW +5 10
>Bob: UWABCDE -- -5 5
>Ann: EEIXYZO -XYZ +0 43
>Bob: AWBCDEU E7 AW +5 10
>Bob: BCDEUFH (challenge) +5 15
>Ann: EEIORTU - +0 43
>Bob: BCDEFHK - +0 15
>Ann: EEIORTU -3 +0 43
>Bob: BCDEFHK - +0 15
>Ann: EEIORTU - +0 43
>Bob: BCDEFHK - +0 15
>Ann: EEIORTU (EEIORTU) -7 36
>Bob: BCDEFHK (BCDEFHK) -22 -7
`;

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
    expect(p.lines.map((l) => l.move.kind)).toEqual(['play', 'play', 'play', 'play', 'withdrawn', 'exchange', 'play', 'challenge-bonus', 'pass', 'pass', 'exchange', 'pass', 'pass', 'pass', 'end-rack', 'end-rack']);
  });
  it('a hand-checked complete game imports to commands that replay to the recorded final scores (36 to −7)', () => {
    const { state, events } = replay(importGcg(HAND_GAME, { gameId: 'g1' }));
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
    expect(text).toContain('>Ann: 8E WORD +16 16');
    expect(text).toContain('>Bob: -- -5 5');
    expect(text).toContain('>Bob: (challenge) +5 15');
    expect(text).toContain('>Bob: (BCDEFHK) -22 -7');
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
    fc.assert(fc.property(fc.integer(), (seed) => {
      const t = simulateGame(seed);
      if (t.state.phase !== 'ended' || !t.state.end.racksSettled) return;
      t.run({ type: 'SignResultSlip', seat: 0 });
      t.run({ type: 'SignResultSlip', seat: 1 });
      const again = replay(importGcg(exportGcg(t.events)));
      expect(again.state.phase).toBe('finished');
      const before = t.state as ScrabbleState;
      if (again.state.phase === 'finished' && before.phase === 'finished') {
        expect(again.state.result.scores).toEqual(before.result.scores);
        expect(again.state.end?.reason).toBe(before.end?.reason);
      }
    }), { numRuns: 20 });
  });
});
