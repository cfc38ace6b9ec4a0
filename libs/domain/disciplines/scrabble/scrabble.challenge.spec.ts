import { describe, expect, it } from '@jest/globals';
import { startedTable, type Table } from './testing/table.js';
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
    t.when({ type: 'scrabble.challenge', seat: 1, words: ['QI'] }).thenRefuses('scrabble/challenge-before-clock', { rule: '等待直至對手按下計時器' });
  });
  it('seed Challenge: the challenge stops the clock and names every challenged word (words the play formed)', () => {
    const t = afterZa();
    t.when({ type: 'scrabble.challenge', seat: 0, words: ['ZAX'] }).thenRefuses('scrabble/word-not-formed', {
      kind: 'invalid',
      field: 'words',
      rule: '說明所有「Challenge」之字',
    });
    t.when({ type: 'scrabble.challenge', seat: 0, words: [] }).thenRefuses('scrabble/challenge-names-no-word', {
      kind: 'invalid',
      field: 'words',
      rule: '說明所有「Challenge」之字',
    });
    t.when({ type: 'scrabble.challenge', seat: 0, words: ['za', 'IZ'] }).then([
      { type: 'scrabble.ChallengeMade', data: { seat: 0, turn: 2, words: ['ZA', 'IZ'] } },
    ]);
    expect(t.game.clock.running).toBeNull();
    expect(t.game.clock.paused?.reason).toBe('challenge');
    expect(t.state.phase === 'playing' && t.state.status).toMatchObject({ kind: 'challenged', words: ['ZA', 'IZ'] });
  });
  it('seed Challenge: a challenge cannot be withdrawn once the clock is stopped', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['IZ'] });
    t.when({ type: 'scrabble.withdraw-challenge', seat: 0 }).thenRefuses('scrabble/challenge-not-withdrawable', { rule: '你不可以中止質疑程序' });
    t.when({ type: 'scrabble.resume-clock' }).thenRefuses('scrabble/challenge-pause', { rule: '如質疑失敗' });
  });
  it('each challenged word gets a verdict; a partial adjudication is refused', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA', 'IZ'] });
    t.when({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] }).thenRefuses('scrabble/verdicts-incomplete', {
      field: 'verdicts',
      rule: 'Challenge',
    });
  });
  it('WESPA v3 Part 4: any invalid word withdraws the play — tiles back to the rack, the turn scores 0', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA', 'IZ'] }, 5);
    t.when(
      {
        type: 'scrabble.resolve-challenge',
        verdicts: [
          { word: 'ZA', valid: true },
          { word: 'IZ', valid: false },
        ],
      },
      60,
    ).then([{ type: 'scrabble.ChallengeResolved', data: { turn: 2, challenger: 0, outcome: 'play-withdrawn', penalty: null } }]);
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
    t.when({
      type: 'scrabble.resolve-challenge',
      verdicts: [
        { word: 'ZA', valid: true },
        { word: 'IZ', valid: true },
      ],
    }).then([{ type: 'scrabble.ChallengeResolved', data: { outcome: 'play-stands', penalty: { kind: 'points', seat: 0, points: -10 } } }]);
    expect(t.game.scores).toEqual([12, 23]);
  });
  it('profile player-bonus: the challenged player gains the points instead (GCG "(challenge)" lines)', () => {
    const t = afterZa({ challengePenalty: { kind: 'points-per-word', points: 5, appliedTo: 'player-bonus' } });
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    t.when({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] }).then([
      { type: 'scrabble.ChallengeResolved', data: { outcome: 'play-stands', penalty: { kind: 'points', seat: 1, points: 5 } } },
    ]);
    expect(t.game.scores).toEqual([22, 28]);
  });
  it('seed Challenge: after a failed challenge the player re-announces the score before the clock restarts', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] });
    expect(t.game.clock.running).toBeNull();
    t.when({ type: 'scrabble.draw-tiles', seat: 1, count: 2 }).thenRefuses('scrabble/draw-during-challenge', {
      rule: '如質疑失敗，請在重啟計時器前再次說出該步之分數',
    });
    t.when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } }).thenRefuses('scrabble/not-your-turn', { field: 'seat' });
    t.when({ type: 'scrabble.reannounce-score', seat: 1, score: 23 }).then([{ type: 'scrabble.ScoreReannounced', data: { seat: 1, turn: 2, score: 23 } }]);
    expect(t.game.clock.running).toBe(0);
    t.run({ type: 'scrabble.draw-tiles', seat: 1, count: 2 });
    expect(t.game.racks[1].count).toBe(7);
  });
  it('profile lose-turn (double challenge): the unsuccessful challenger loses the next turn', () => {
    const t = afterZa({ challengePenalty: { kind: 'lose-turn' } });
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    t.when({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] }).then([
      { type: 'scrabble.ChallengeResolved', data: { outcome: 'play-stands', penalty: { kind: 'lost-turn', seat: 0 } } },
    ]);
    t.run({ type: 'scrabble.reannounce-score', seat: 1, score: 23 });
    expect(t.state.phase === 'playing' && t.state.status).toMatchObject({ kind: 'to-move', seat: 1 });
    expect(t.game.turns.at(-1)).toMatchObject({ kind: 'lost-turn', seat: 0, score: 0 });
    expect(t.game.zeroRun).toBe(1);
  });
  it("lexicon port: proposed verdicts are recorded apart from the arbiter's confirmed ones", () => {
    const lex: Lexicon = { isValid: (w) => (w === 'ZA' ? true : w === 'IZ' ? false : undefined) };
    const t = afterZa();
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA', 'IZ'] });
    t.run({ type: 'scrabble.propose-verdicts', lexicon: 'test-list', proposals: proposeVerdicts(lex, ['ZA', 'IZ']) });
    t.when({
      type: 'scrabble.resolve-challenge',
      verdicts: [
        { word: 'ZA', valid: true },
        { word: 'IZ', valid: true },
      ],
    }).then([
      {
        type: 'scrabble.ChallengeResolved',
        data: {
          verdicts: [
            { word: 'ZA', valid: true, proposed: true },
            { word: 'IZ', valid: true, proposed: false },
          ],
        },
      },
    ]);
  });
  it('seed 抽棋過快: after a too-fast draw the TD may allow a challenge (a TD ruling event)', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.draw-tiles', seat: 1, count: 2 });
    t.when({ type: 'scrabble.allow-late-challenge', turn: 2, reason: 'drew too fast' }).then([
      { type: 'scrabble.LateChallengeAllowed', data: { turn: 2, reason: 'drew too fast', rule: expect.stringContaining('比賽總監可能容許對手質疑該步') } },
    ]);
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
    phoney(0);
    phoney(1);
    phoney(0);
    phoney(1);
    phoney(0);
    expect(t.state.phase).toBe('playing');
    t.run({ type: 'scrabble.make-move', seat: 1, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 });
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['QI'] });
    t.when({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'QI', valid: false }] }).then([
      { type: 'scrabble.ChallengeResolved', data: { outcome: 'play-withdrawn' } },
      { type: 'scrabble.GameEnded', data: { reason: 'six-zeros' } },
    ]);
    expect(t.state.phase === 'ended' && t.state.end.reason).toBe('six-zeros');
  });
  it('seed Hold: tiles drawn face down during a hold go back to the bag when the play is challenged off', () => {
    const t = afterZa();
    t.run({ type: 'scrabble.hold', seat: 0 });
    t.run({ type: 'scrabble.draw-tiles', seat: 1, count: 2 }, 31);
    expect(t.game.bag.count).toBe(100 - 14 - 2 - 2);
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    t.when({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: false }] }).then([
      { type: 'scrabble.ChallengeResolved', data: { outcome: 'play-withdrawn' } },
    ]);
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
    t.when({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } }).then([
      { type: 'scrabble.MoveCompleted', data: { move: { kind: 'pass' } } },
      { type: 'scrabble.GameEnded', data: { reason: 'six-zeros' } },
    ]);
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
    t.when({ type: 'scrabble.reannounce-score', seat: 1, score: 32 }).then([
      { type: 'scrabble.ScoreReannounced', data: { seat: 1, turn: 2, score: 32 } },
      { type: 'scrabble.ReannouncedScoreMismatchFlagged', data: { seat: 1, turn: 2, reannounced: 32, recorded: 23 } },
      { type: 'scrabble.ScoreMismatchFlagged', data: { seat: 1, turn: 2, announced: 32, computed: 23 } },
    ]);
    expect(t.game.flags).toContainEqual(expect.objectContaining({ kind: 'reannounced-score-mismatch', turn: 2 }));
    expect(t.game.turns[1].score).toBe(23); // flagged, never overwritten
    const same = afterZa();
    same.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    same.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] });
    same.when({ type: 'scrabble.reannounce-score', seat: 1, score: 23 }).then([{ type: 'scrabble.ScoreReannounced', data: { score: 23 } }]);
    expect(same.game.flags.map((f) => f.kind)).not.toContain('reannounced-score-mismatch');
  });
});
