import { describe, expect, it } from '@jest/globals';
import { startedTable, Table } from './testing/table.js';
import { proposeVerdicts, type Lexicon } from './lexicon.js';

const za = { kind: 'play' as const, coordinate: '9H', word: 'ZA' };
/** Given: Ann played QI (accepted), Bob played ZA at 9H (words ZA, IZ) and pressed the clock. */
function afterZa(profile?: Record<string, unknown>): Table {
  const t = startedTable({ profile });
  t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 });
  t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 2 });
  t.run({ type: 'scrabble.make-move', seat: 1, move: za, announcedScore: 23 });
  return t;
}

describe('challenges (seed Challenge)', () => {
  it('seed Challenge: a challenge waits until the clock is pressed', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.announce-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 });
    expect(t.refused({ type: 'scrabble.challenge', seat: 1, words: ['QI'] }).type).toBe('scrabble/challenge-before-clock');
  });
  it('seed Challenge: the challenge stops the clock and names every challenged word (words the play formed)', () => {
    const t = afterZa();
    expect(t.refused({ type: 'scrabble.challenge', seat: 0, words: ['ZAX'] }).type).toBe('scrabble/word-not-formed');
    expect(t.refused({ type: 'scrabble.challenge', seat: 0, words: [] }).type).toBe('scrabble/challenge-names-no-word');
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['za', 'IZ'] });
    expect(t.game.clock.running).toBeNull();
    expect(t.game.clock.paused?.reason).toBe('challenge');
    expect(t.state.phase === 'playing' && t.state.status).toMatchObject({ kind: 'challenged', words: ['ZA', 'IZ'] });
  });
  it('seed Challenge: a challenge cannot be withdrawn once the clock is stopped', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['IZ'] });
    expect(t.refused({ type: 'scrabble.withdraw-challenge', seat: 0 }).type).toBe('scrabble/challenge-not-withdrawable');
    expect(t.refused({ type: 'scrabble.resume-clock' }).type).toBe('scrabble/challenge-pause');
  });
  it('each challenged word gets a verdict; a partial adjudication is refused', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA', 'IZ'] });
    expect(t.refused({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] }).type).toBe('scrabble/verdicts-incomplete');
  });
  it('WESPA v3 Part 4: any invalid word withdraws the play — tiles back to the rack, the turn scores 0', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA', 'IZ'] }, 5);
    const out = t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }, { word: 'IZ', valid: false }] }, 60);
    expect(out[0].data).toMatchObject({ outcome: 'play-withdrawn', penalty: null });
    expect(t.game.scores).toEqual([22, 0]);
    expect(t.game.turns[1]).toMatchObject({ status: 'withdrawn', score: 0 });
    expect(t.game.board[8]).toBe('...............');
    expect(t.game.racks[1].count).toBe(7);
    expect(t.game.clock.running).toBe(0); // the challenger's turn, on their clock
    expect(t.game.zeroRun).toBe(1);
  });
  it('WESPA v3 Part 4 (default profile): an unsuccessful challenge costs the challenger 5 points per challenged word', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA', 'IZ'] });
    const out = t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }, { word: 'IZ', valid: true }] });
    expect(out[0].data).toMatchObject({ outcome: 'play-stands', penalty: { kind: 'points', seat: 0, points: -10 } });
    expect(t.game.scores).toEqual([12, 23]);
  });
  it('profile player-bonus: the challenged player gains the points instead (GCG "(challenge)" lines)', () => {
    const t = afterZa({ challengePenalty: { kind: 'points-per-word', points: 5, appliedTo: 'player-bonus' } });
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] });
    expect(t.game.scores).toEqual([22, 28]);
  });
  it('seed Challenge: after a failed challenge the player re-announces the score before the clock restarts', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] });
    expect(t.game.clock.running).toBeNull();
    expect(t.refused({ type: 'scrabble.draw-tiles', seat: 1, count: 2 }).type).toBe('scrabble/draw-during-challenge');
    expect(t.refused({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } }).type).toBe('scrabble/not-your-turn');
    const out = t.run({ type: 'scrabble.reannounce-score', seat: 1, score: 23 });
    expect(t.types(out)).toEqual(['scrabble.ScoreReannounced']);
    expect(t.game.clock.running).toBe(0);
    t.run({ type: 'scrabble.draw-tiles', seat: 1, count: 2 });
    expect(t.game.racks[1].count).toBe(7);
  });
  it('profile lose-turn (double challenge): the unsuccessful challenger loses the next turn', () => {
    const t = afterZa({ challengePenalty: { kind: 'lose-turn' } });
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] });
    t.run({ type: 'scrabble.reannounce-score', seat: 1, score: 23 });
    expect(t.state.phase === 'playing' && t.state.status).toMatchObject({ kind: 'to-move', seat: 1 });
    expect(t.game.turns.at(-1)).toMatchObject({ kind: 'lost-turn', seat: 0, score: 0 });
    expect(t.game.zeroRun).toBe(1);
  });
  it('lexicon port: proposed verdicts are recorded apart from the arbiter\'s confirmed ones', () => {
    const lex: Lexicon = { isValid: (w) => (w === 'ZA' ? true : w === 'IZ' ? false : undefined) };
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA', 'IZ'] });
    t.run({ type: 'scrabble.propose-verdicts', lexicon: 'test-list', proposals: proposeVerdicts(lex, ['ZA', 'IZ']) });
    const out = t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }, { word: 'IZ', valid: true }] });
    expect(out[0].data).toMatchObject({ verdicts: [{ word: 'ZA', valid: true, proposed: true }, { word: 'IZ', valid: true, proposed: false }] });
  });
  it('seed 抽棋過快: after a too-fast draw the TD may allow a challenge (a TD ruling event)', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.draw-tiles', seat: 1, count: 2 });
    expect(t.refused({ type: 'scrabble.allow-late-challenge', turn: 2, reason: 'drew too fast' }, 1, { id: 'p-ann', role: 'player' }).type).toBe('scrabble/td-only');
    const out = t.run({ type: 'scrabble.allow-late-challenge', turn: 2, reason: 'drew too fast' });
    expect(out[0].data).toMatchObject({ rule: expect.stringContaining('比賽總監可能容許對手質疑該步') });
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['IZ'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'IZ', valid: false }] });
    expect(t.game.racks[1].count).toBe(7);
    expect(t.game.bag.count).toBe(100 - 14 - 2);
  });
});

describe('challenges and the scoreless-turn count (seed 6次0分 / Hold)', () => {
  it('seed 6次0分: withdrawn phoneys count among the six scoreless turns', () => {
    const t = startedTable();
    const phoney = (seat: 0 | 1) => {
      t.run({ type: 'scrabble.make-move', seat, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 });
      t.run({ type: 'scrabble.challenge', seat: (1 - seat) as 0 | 1, words: ['QI'] });
      t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'QI', valid: false }] });
    };
    phoney(0); phoney(1); phoney(0); phoney(1); phoney(0);
    expect(t.state.phase).toBe('playing');
    phoney(1);
    expect(t.state.phase === 'ended' && t.state.end.reason).toBe('six-zeros');
  });
  it('seed Hold: tiles drawn face down during a hold go back to the bag when the play is challenged off', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.hold', seat: 0 });
    t.run({ type: 'scrabble.draw-tiles', seat: 1, count: 2 }, 31);
    expect(t.game.bag.count).toBe(100 - 14 - 2 - 2);
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: false }] });
    expect(t.game.bag.count).toBe(100 - 14 - 2);
    expect(t.game.racks[1].count).toBe(7);
    expect(t.game.faceDown).toBeNull();
  });
});

describe('reviewed defects: challenges (seed 6次0分 / 抽棋過快 / Challenge)', () => {
  it('seed 6次0分: a play challenged off after a TD-allowed late challenge restores the run its acceptance ended — the next scoreless turn is the sixth and ends the game', () => {
    const t = startedTable();
    for (let i = 0; i < 4; i++) t.run({ type: 'scrabble.make-move', seat: (i % 2) as 0 | 1, move: { kind: 'pass' } });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 });
    t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }); // accepts the play
    expect(t.game.zeroRun).toBe(0);
    t.run({ type: 'scrabble.allow-late-challenge', turn: 5, reason: 'drew too fast' });
    expect(t.game.zeroRun).toBe(4); // the play is open again: the run stands as before it was accepted
    t.run({ type: 'scrabble.challenge', seat: 1, words: ['QI'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'QI', valid: false }] });
    expect(t.game.zeroRun).toBe(5);
    expect(t.state.phase).toBe('playing');
    t.run({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } });
    expect(t.state.phase === 'ended' && t.state.end.reason).toBe('six-zeros');
  });
  it('seed 6次0分: a late challenge that fails leaves the run ended by the standing play', () => {
    const t = startedTable();
    for (let i = 0; i < 4; i++) t.run({ type: 'scrabble.make-move', seat: (i % 2) as 0 | 1, move: { kind: 'pass' } });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 });
    t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 2 });
    t.run({ type: 'scrabble.allow-late-challenge', turn: 5, reason: 'drew too fast' });
    t.run({ type: 'scrabble.challenge', seat: 1, words: ['QI'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'QI', valid: true }] });
    expect(t.game.zeroRun).toBe(0);
  });
  it('seed Challenge (如質疑失敗，請在重啟計時器前再次說出該步之分數): a re-announced score that differs from the recorded one is flagged', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] });
    const out = t.run({ type: 'scrabble.reannounce-score', seat: 1, score: 32 });
    expect(out.find((e) => e.type === 'scrabble.ReannouncedScoreMismatchFlagged')?.data).toMatchObject({ seat: 1, turn: 2, reannounced: 32, recorded: 23 });
    expect(t.game.flags).toContainEqual(expect.objectContaining({ kind: 'reannounced-score-mismatch', turn: 2 }));
    expect(t.game.turns[1].score).toBe(23); // flagged, never overwritten
    const same = afterZa();
    same.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    same.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] });
    same.run({ type: 'scrabble.reannounce-score', seat: 1, score: 23 });
    expect(same.game.flags.map((f) => f.kind)).not.toContain('reannounced-score-mismatch');
  });
});
