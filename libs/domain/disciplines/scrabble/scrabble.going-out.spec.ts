import { describe, expect, it } from '@jest/globals';
import { fold } from '../../kernel/decider.js';
import { scrabbleDecider } from './scrabble.decider.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import { simulateGame } from './testing/simulation.js';
import { Table } from './testing/table.js';
import { exportGcg, importGcg } from './gcg.js';
import { unseenTiles } from './scrabble.end.js';
import { rackValue } from './tiles.js';

/** Given: a seeded full game (tracked tiles) that ends with a player going out. */
function wentOut() {
  for (let seed = 1; seed < 200; seed++) {
    const t = simulateGame(`out-${seed}`, { challengeRate: 10, holdRate: 10, mismatchRate: 0 });
    if (t.state.phase === 'ended' && t.state.end.reason === 'went-out') return t;
  }
  throw new Error('no seed went out');
}

describe('going out (seed 餘下之棋子 / 完成遊戲)', () => {
  it("seed 餘下之棋子: going out earns twice the opponent's rack, derived from the board and checked against the tracked rack", () => {
    const t = wentOut();
    if (t.state.phase !== 'ended') throw new Error('not ended');
    const out = t.state.end.outBy!;
    const oppRack = t.game.racks[1 - out].tiles!;
    const e = t.events.find((x) => x.type === 'scrabble.EndRackScored')!;
    expect(e.data).toMatchObject({ seat: out, rackOf: 1 - out, rack: [...oppRack].sort(), points: 2 * rackValue(oppRack), derived: true });
    expect(t.game.racks[out].count).toBe(0);
    expect(t.game.bag.count).toBe(0);
    // Unseen tiles from the out player's view are exactly the opponent's rack (the bag is empty).
    expect(unseenTiles(t.game, out)).toEqual([...oppRack].sort());
  });
  it('seed 餘下之棋子: an entered end rack that disagrees with the derived one is flagged', () => {
    const t = wentOut();
    if (t.state.phase !== 'ended') throw new Error('not ended');
    const out = t.state.end.outBy!;
    const racks: [string | null, string | null] = [null, null];
    racks[1 - out] = 'QQQ';
    t.when({ type: 'scrabble.enter-end-racks', racks }).then([{ type: 'scrabble.RackDisagreementFlagged', data: { seat: 1 - out, entered: ['Q', 'Q', 'Q'] } }]);
    expect(t.game.flags.at(-1)?.kind).toBe('rack-disagreement');
  });
  it('seed 完成遊戲: the going-out play pauses the clock until the opponent accepts; then the game ends', () => {
    const t = wentOut();
    const i = t.events.findIndex((x) => x.type === 'scrabble.GameEnded');
    const completed = [...t.events.slice(0, i)].reverse().find((x) => x.type === 'scrabble.MoveCompleted') as Extract<
      ScrabbleEvent,
      { type: 'scrabble.MoveCompleted' }
    >;
    expect(completed.data.goingOut).toBe(true);
    expect(t.events.slice(0, i).some((x) => x.type === 'scrabble.MoveAccepted')).toBe(true);
  });
  it('seed 完成遊戲: a hold on the going-out play restarts the clock on the holder; a phoney going-out play is withdrawn and play goes on', () => {
    const t = wentOut();
    // Rebuild the game up to the going-out play, then hold and challenge it instead of accepting.
    const i = t.events.findIndex((x) => x.type === 'scrabble.MoveCompleted' && x.data.goingOut);
    const base = Table.given(t.events.slice(0, i + 1), 100_000);
    const st = base.state;
    if (st.phase !== 'playing' || st.status.kind !== 'pending') throw new Error('expected pending');
    const out = st.status.seat,
      opp = (1 - out) as 0 | 1;
    expect(base.game.clock.running).toBeNull();
    base.when({ type: 'scrabble.hold', seat: opp }).then([{ type: 'scrabble.HoldCalled', data: { seat: opp } }]);
    expect(base.game.clock.running).toBe(opp);
    const turn = base.game.turns.at(-1)!;
    const word = turn.move?.kind === 'play' ? turn.move.words[0] : '';
    base.when({ type: 'scrabble.challenge', seat: opp, words: [word] }).then([{ type: 'scrabble.ChallengeMade', data: { seat: opp, words: [word] } }]);
    base
      .when({ type: 'scrabble.resolve-challenge', verdicts: [{ word, valid: false }] })
      .then([{ type: 'scrabble.ChallengeResolved', data: { challenger: opp, outcome: 'play-withdrawn' } }]);
    expect(base.state.phase).toBe('playing');
    expect(base.game.racks[out].count).toBeGreaterThan(0);
    expect(base.game.clock.running).toBe(opp);
  });
  it('GCG: a complete went-out game exports and re-imports (score-only) to the same final scores', () => {
    const t = wentOut();
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    t.run({ type: 'scrabble.sign-result-slip', seat: 1 });
    const text = exportGcg(t.events);
    expect(text).toMatch(/>\w+: \([A-Z?]*\) \+\d+ -?\d+\n$/);
    let state = scrabbleDecider.initialState();
    for (const c of importGcg(text)) state = fold(scrabbleDecider, scrabbleDecider.decide(c, state), state);
    expect(state.phase).toBe('finished');
    if (state.phase === 'finished' && t.state.phase === 'finished') expect(state.result.scores).toEqual(t.state.result.scores);
  });
});
