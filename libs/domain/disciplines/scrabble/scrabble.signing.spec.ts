import { describe, expect, it } from '@jest/globals';
import { startedTable, type Table } from './testing/table.js';
import { scoreSheet } from './scoresheet.js';
import { exportGcg } from './gcg.js';

/** A tracked game ended by six zeros after one 4-point play: scores [-3, -7] (racks deducted). */
function ended(racks: [string, string] = ['AEINRST', 'EEIOUAA']): Table {
  const t = startedTable({ tracking: true, racks });
  t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'IN' }, announcedScore: 4 });
  t.run({ type: 'scrabble.draw-tiles', seat: 0, tiles: ['O', 'O'] });
  for (let i = 0; i < 6; i++) t.run({ type: 'scrabble.make-move', seat: ((i + 1) % 2) as 0 | 1, move: { kind: 'pass' } });
  return t;
}

describe('signatures lock the score (seed 分數: 分數計算錯誤可以於簽署「Result Slip」前…解決)', () => {
  it('after one player signs, a score correction is refused naming the rule and the signature; nothing changes', () => {
    const t = ended();
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    const e = t
      .when({ type: 'scrabble.correct-score', turn: 1, score: 5, agreedBy: [0, 1] })
      .thenRefuses('scrabble/slip-signed', { rule: '簽署後不可更改分數' });
    expect(e.message).toContain('withdraw the signature');
    expect(t.game.turns[0].score).toBe(4);
    expect(t.state.phase === 'ended' && t.state.end.signedBy).toEqual([0]);
  });
  it('a withdrawn signature is recorded (who and why); then the correction is accepted and both sign again', () => {
    const t = ended();
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    t.when({ type: 'scrabble.withdraw-signature', seat: 1, reason: 'x' }).thenRefuses('scrabble/not-signed', { field: 'seat' });
    t.when({ type: 'scrabble.withdraw-signature', seat: 0, reason: 'turn 1 was scored 4, should be 5' }, 1, { id: 'p-ann', role: 'player' }).then([
      { type: 'scrabble.SignatureWithdrawn', data: { seat: 0, reason: 'turn 1 was scored 4, should be 5', by: { id: 'p-ann', role: 'player' } } },
    ]);
    expect(t.state.phase === 'ended' && t.state.end.signedBy).toEqual([]);
    t.when({ type: 'scrabble.correct-score', turn: 1, score: 5, agreedBy: [0, 1] }).then([
      { type: 'scrabble.ScoreCorrected', data: { turn: 1, from: 4, to: 5 } },
    ]);
    t.when({ type: 'scrabble.sign-result-slip', seat: 0 }).then([{ type: 'scrabble.ResultSlipSigned', data: { seat: 0 } }]);
    t.when({ type: 'scrabble.sign-result-slip', seat: 1 }).then([
      { type: 'scrabble.ResultSlipSigned', data: { seat: 1 } },
      { type: 'scrabble.GameFinished', data: { result: { scores: [-2, -7] } } },
    ]);
    expect(t.state.phase === 'finished' && t.state.result.scores).toEqual([-2, -7]);
    t.when({ type: 'scrabble.withdraw-signature', seat: 0, reason: 'x' }).thenRefuses('scrabble/result-signed', { rule: '簽署後不可更改分數' });
  });
  it('after the slip is signed, time penalties, end racks and a recount are refused as signed, not as "not ended"', () => {
    const t = ended(['AEINRST', 'EEIOUAE']);
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    for (const c of [
      { type: 'scrabble.record-time-penalty', seat: 0, points: 10 },
      { type: 'scrabble.enter-end-racks', racks: ['AEERST', 'EEIOUAE'] },
      { type: 'scrabble.request-recount', seat: 1 },
    ] as const) {
      t.when(c).thenRefuses('scrabble/slip-signed', { rule: '簽署後不可更改分數' });
    }
    t.run({ type: 'scrabble.sign-result-slip', seat: 1 });
    for (const c of [
      { type: 'scrabble.record-time-penalty', seat: 0, points: 10 },
      { type: 'scrabble.enter-end-racks', racks: ['AEERST', 'EEIOUAE'] },
      { type: 'scrabble.request-recount', seat: 1 },
      { type: 'scrabble.complete-recount', corrections: [] },
    ] as const) {
      t.when(c).thenRefuses('scrabble/result-signed', { rule: '簽署後不可更改分數' });
    }
  });
});

describe('reversed scores (seed 分數: 除非雙方因分數顛倒而獲比賽總監同意更改)', () => {
  it('on a tied game reversing is refused and nothing is recorded', () => {
    const t = startedTable({ tracking: true, racks: ['AEINRST', 'EEIOUAS'] });
    for (let i = 0; i < 6; i++) t.run({ type: 'scrabble.make-move', seat: (i % 2) as 0 | 1, move: { kind: 'pass' } });
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    t.run({ type: 'scrabble.sign-result-slip', seat: 1 });
    expect(t.state.phase === 'finished' && t.state.result.scores).toEqual([-7, -7]);
    const before = t.events.length;
    t.when({ type: 'scrabble.correct-reversed-scores', tdDecision: 'TD-1', agreedBy: [0, 1] }).thenRefuses('scrabble/scores-tied', { rule: '分數顛倒' });
    expect(t.events.length).toBe(before);
  });
  it('after a reversal the game scores, the result, the score sheet and the GCG tell the same story, with the TD decision', () => {
    const t = ended();
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    t.run({ type: 'scrabble.sign-result-slip', seat: 1 });
    t.when({ type: 'scrabble.correct-reversed-scores', tdDecision: 'TD-7: slip had scores reversed', agreedBy: [0, 1] }).then([
      { type: 'scrabble.SignedResultCorrected', data: { tdDecision: 'TD-7: slip had scores reversed', before: [-3, -7], after: [-7, -3] } },
    ]);
    expect(t.state.phase === 'finished' && t.state.result.scores).toEqual([-7, -3]);
    expect(t.game.scores).toEqual([-7, -3]);
    const rows = scoreSheet(t.events);
    expect(rows.slice(-2).map((r) => [r.entry, r.score, r.cumulative])).toEqual([
      ['scores reversed (TD decision: TD-7: slip had scores reversed)', -4, [-7, -7]],
      ['scores reversed (TD decision: TD-7: slip had scores reversed)', 4, [-7, -3]],
    ]);
    const gcg = exportGcg(t.events);
    expect(gcg).toContain('>p-ann: (reversed) -4 -7\n>p-bob: (reversed) +4 -3\n#note TD decision: TD-7: slip had scores reversed\n');
  });
});
