import { describe, expect, it } from '@jest/globals';
import { ARBITER, at, startedTable, type Table } from './testing/table.js';
import { evolve } from './scrabble.evolve.js';
import type { ScrabbleEvent } from './scrabble.events.js';

function sixPasses(t: Table, first: 0 | 1 = 0): void {
  for (let i = 0; i < 6; i++) t.run({ type: 'scrabble.make-move', seat: ((i + first) % 2) as 0 | 1, move: { kind: 'pass' } });
}

describe('end of game (seed 6次0分 / 餘下之棋子 / 過時)', () => {
  it('seed 6次0分: six consecutive scoreless turns by both players end the game at once; each loses their own rack', () => {
    const t = startedTable({ tracking: true });
    for (let i = 0; i < 5; i++) t.run({ type: 'scrabble.make-move', seat: (i % 2) as 0 | 1, move: { kind: 'pass' } });
    expect(t.state.phase).toBe('playing');
    t.when({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } }).then([
      { type: 'scrabble.MoveCompleted', data: { seat: 1, move: { kind: 'pass' } } },
      { type: 'scrabble.GameEnded', data: { reason: 'six-zeros', outBy: null } },
      { type: 'scrabble.EndRackScored', data: { seat: 0, rackOf: 0, points: -7 } },
      { type: 'scrabble.EndRackScored', data: { seat: 1, rackOf: 1, points: -32 } },
    ]);
    expect(t.game.scores).toEqual([-7, -32]);
    expect(t.state.phase === 'ended' && t.state.end).toMatchObject({ reason: 'six-zeros', racksSettled: true });
  });
  it('seed 6次0分: a scoring play resets the run of scoreless turns', () => {
    const t = startedTable();
    for (let i = 0; i < 4; i++) t.run({ type: 'scrabble.make-move', seat: (i % 2) as 0 | 1, move: { kind: 'pass' } });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 });
    t.run({ type: 'scrabble.accept-move', seat: 1 });
    expect(t.game.zeroRun).toBe(0);
    for (let i = 0; i < 4; i++) t.run({ type: 'scrabble.make-move', seat: ((i + 1) % 2) as 0 | 1, move: { kind: 'pass' } });
    t.when({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } }).then([{ type: 'scrabble.MoveCompleted', data: { move: { kind: 'pass' } } }]); // the fifth, not the sixth
    expect(t.state.phase).toBe('playing');
  });
  it('seed 6次0分 (score-only game): the racks left are entered and checked against the unseen tiles', () => {
    const t = startedTable();
    sixPasses(t);
    expect(t.state.phase === 'ended' && t.state.end.racksSettled).toBe(false);
    t.when({ type: 'scrabble.sign-result-slip', seat: 0 }).thenRefuses('scrabble/end-racks-not-settled', { rule: '餘下之棋子' });
    t.when({ type: 'scrabble.enter-end-racks', racks: ['ABC', 'DEFGHIJ'] }).thenRefuses('scrabble/rack-count-mismatch', { field: 'racks' });
    t.when({ type: 'scrabble.enter-end-racks', racks: ['QQAAAAA', 'EEEEEEE'] }).thenRefuses('scrabble/rack-not-unseen', { field: 'racks', rule: '餘下之棋子' });
    t.when({ type: 'scrabble.enter-end-racks', racks: ['QAAAAAA', 'EEEEEEE'] }).then([
      { type: 'scrabble.EndRackScored', data: { seat: 0, rackOf: 0, points: -16 } },
      { type: 'scrabble.EndRackScored', data: { seat: 1, rackOf: 1, points: -7 } },
    ]);
    expect(t.game.scores).toEqual([-16, -7]);
  });
  it('seed 過時: overtime costs 10 points per minute or part of a minute', () => {
    const t = startedTable({ tracking: true });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } }, 26.5 * 60); // 90 s over
    for (let i = 1; i < 5; i++) t.run({ type: 'scrabble.make-move', seat: (i % 2) as 0 | 1, move: { kind: 'pass' } });
    t.when({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } }).then([
      { type: 'scrabble.MoveCompleted' },
      { type: 'scrabble.GameEnded', data: { reason: 'six-zeros' } },
      { type: 'scrabble.TimePenaltyApplied', data: { seat: 0, overMs: 90_000 + 2_000, points: 20 } },
      { type: 'scrabble.EndRackScored' },
      { type: 'scrabble.EndRackScored' },
    ]);
    expect(t.events.filter((e) => e.type === 'scrabble.TimePenaltyApplied')).toHaveLength(1);
    expect(t.game.scores).toEqual([-7 - 20, -32]);
  });
  it('seed 過時: ten minutes over ends the game and calls the TD', () => {
    const t = startedTable({ tracking: true });
    t.when({ type: 'scrabble.end-on-overtime', seat: 0 }, 34 * 60).thenRefuses('scrabble/overtime-limit-not-reached', { rule: '如果過時10分鐘' });
    t.when({ type: 'scrabble.end-on-overtime', seat: 0 }, 35 * 60).then([
      { type: 'scrabble.TdCalled' },
      { type: 'scrabble.GameEnded', data: { reason: 'overtime-limit' } },
      { type: 'scrabble.TimePenaltyApplied', data: { seat: 0, points: 100 } },
      { type: 'scrabble.EndRackScored' },
      { type: 'scrabble.EndRackScored' },
    ]);
    expect(t.state.phase === 'ended' && t.state.end.reason).toBe('overtime-limit');
  });
  it('seed 過時: once a side is ten minutes over, no further turn is recorded', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } }, 35 * 60).thenRefuses('scrabble/overtime-limit-reached', {
      rule: '如果過時10分鐘，遊戲結束',
    });
  });
  it('profile overtime-player-forfeits: the player over the limit forfeits by the forfeit spread', () => {
    const t = startedTable({ profile: { overtimeLimitOutcome: 'overtime-player-forfeits' } });
    t.when({ type: 'scrabble.end-on-overtime', seat: 0 }, 36 * 60).then([
      { type: 'scrabble.TdCalled' },
      { type: 'scrabble.GameForfeited', data: { seat: 0, reason: 'overtime-limit' } },
      { type: 'scrabble.GameFinished', data: { result: { winner: 1, spread: 100, forfeit: true } } },
    ]);
    expect(t.state.phase === 'finished' && t.state.result).toMatchObject({ winner: 1, spread: 100, forfeit: true });
  });
});

describe('clock pauses (seed 計時器)', () => {
  it('seed 計時器: the clock pauses only for a challenge, a score dispute, a tile count, an overdraw or a TD call', () => {
    const t = startedTable();
    const e = t
      .when({ type: 'scrabble.pause-clock', reason: 'phone call' })
      .thenRefuses('scrabble/pause-reason-not-allowed', { field: 'reason', rule: '計時器' });
    expect(e.message).toContain('challenge, score-dispute, tile-count, overdraw, td-call');
    t.when({ type: 'scrabble.pause-clock', reason: 'score-dispute' }, 10).then([{ type: 'scrabble.ClockPaused', data: { reason: 'score-dispute' } }]);
    t.when({ type: 'scrabble.resume-clock' }, 100).then([{ type: 'scrabble.ClockResumed', data: { seat: 0 } }]);
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } }, 10);
    expect(t.game.clock.usedMs[0]).toBe(20_000);
  });
  it('seed 空白 / 百搭棋: if the blank is not recorded the clock goes back to its player until it is', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.switch-clock', to: 0, reason: 'blank-not-recorded' }).thenRefuses('scrabble/no-blank-played', { rule: '空白 / 百搭棋' });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'qI' }, announcedScore: 2 });
    t.run({ type: 'scrabble.accept-move', seat: 1 });
    t.when({ type: 'scrabble.switch-clock', to: 0, reason: 'blank-not-recorded' }, 5).then([
      { type: 'scrabble.ClockSwitched', data: { to: 0, reason: 'blank-not-recorded', rule: expect.stringContaining('空白 / 百搭棋') } },
    ]);
    expect(t.game.clock.running).toBe(0);
    t.run({ type: 'scrabble.switch-clock', to: 1, reason: 'blank-recorded' }, 20);
    expect(t.game.clock.running).toBe(1);
    expect(t.game.clock.usedMs[0]).toBe(1000 + 20_000);
  });
  it('seed 出棋次序: the TD may grant extra time when the opponent tile-tracks before drawing', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } }, 60);
    t.when({ type: 'scrabble.grant-extra-time', seat: 1, ms: 30_000, reason: 'opponent tracked tiles before drawing' }).then([
      { type: 'scrabble.ExtraTimeGranted', data: { seat: 1, ms: 30_000, rule: expect.stringContaining('額外時間') } },
    ]);
    expect(t.game.clock.usedMs[1]).toBe(-30_000);
  });
  it('seed 計時器: calling the TD pauses the clock', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.call-td', reason: 'dispute over the bag' }).then([
      { type: 'scrabble.ClockPaused', data: { reason: 'td-call' } },
      { type: 'scrabble.TdCalled', data: { reason: 'dispute over the bag' } },
    ]);
    expect(t.game.clock.paused?.reason).toBe('td-call');
  });
  it('a clock reading observed at the table takes precedence over the computed time', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' }, clockReading: { remainingMs: [20 * 60_000, 25 * 60_000] } }, 30).then([
      { type: 'scrabble.ClockReadingRecorded', data: { remainingMs: [20 * 60_000, 25 * 60_000] } },
      { type: 'scrabble.MoveCompleted', data: { move: { kind: 'pass' }, remainingMs: [20 * 60_000, 25 * 60_000] } },
    ]);
    expect(t.game.clock.usedMs).toEqual([5 * 60_000, 0]);
  });
  it('seed 抽取過多棋子 (x+2): the opponent sees x+2 tiles and x go back to the bag; the clock pauses meanwhile', () => {
    const t = startedTable({ tracking: true });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'IN' }, announcedScore: 4 });
    const overdraw = { type: 'scrabble.resolve-overdraw', seat: 0, drawnCount: 3, drawn: ['E', 'E', 'O'] } as const;
    t.when({ ...overdraw, shown: ['E', 'E', 'O', 'A'], returned: ['E'] }).thenRefuses('scrabble/overdraw-shown', { field: 'shown', rule: 'x加2規則' });
    t.when({ ...overdraw, shown: ['E', 'E', 'O'], returned: ['O'] }).then([
      { type: 'scrabble.MoveAccepted', data: { how: 'draw' } },
      { type: 'scrabble.ClockPaused', data: { reason: 'overdraw' } },
      { type: 'scrabble.OverdrawResolved', data: { seat: 0, excess: 1, drawnCount: 3, shownCount: 3, returnedCount: 1, returned: ['O'] } },
      { type: 'scrabble.ClockResumed' },
    ]);
    expect(t.game.racks[0].tiles).toEqual(['A', 'E', 'E', 'E', 'R', 'S', 'T']);
    expect(t.game.bag.count).toBe(84);
  });
});

describe('result slip (seed 分數 / 重新計算分數)', () => {
  const ended = (racks: [string, string] = ['AEINRST', 'EEIOUAA']) => {
    const t = startedTable({ tracking: true, racks });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'IN' }, announcedScore: 4 });
    t.run({ type: 'scrabble.draw-tiles', seat: 0, tiles: ['O', 'O'] });
    sixPasses(t, 1);
    return t;
  };
  it('seed 分數: a score error is corrected only with the agreement of both players, before signing', () => {
    const t = ended();
    t.when({ type: 'scrabble.correct-score', turn: 1, score: 5, agreedBy: [0] }).thenRefuses('scrabble/correction-needs-both-players', {
      field: 'agreedBy',
      rule: '雙方同意',
    });
    t.when({ type: 'scrabble.correct-score', turn: 1, score: 5, agreedBy: [0, 1] }).then([
      { type: 'scrabble.ScoreCorrected', data: { seat: 0, turn: 1, from: 4, to: 5, basis: 'players-agreed' } },
    ]);
    expect(t.game.turns[0].score).toBe(5);
    expect(t.game.scores[0]).toBe(5 - 7);
  });
  it('seed 重新計算分數: a recount may be requested only when the final margin is below 20', () => {
    const t = ended();
    t.when({ type: 'scrabble.request-recount', seat: 1 }).then([{ type: 'scrabble.RecountRequested', data: { seat: 1, margin: 4 } }]);
    t.when({ type: 'scrabble.sign-result-slip', seat: 0 }).thenRefuses('scrabble/recount-in-progress', { rule: '重新計算分數' });
    t.when({ type: 'scrabble.complete-recount', corrections: [{ turn: 1, score: 4 }] }).then([{ type: 'scrabble.RecountCompleted', data: { corrections: 0 } }]);
    const wide = ended(['AEINRST', 'QZXJKAE']);
    wide.when({ type: 'scrabble.request-recount', seat: 1 }).thenRefuses('scrabble/recount-margin-too-large', { rule: '如果最終分數差距少於20分' });
  });
  it('seed 分數: once both sign, the result is locked and posted (GameFinished); only reversed scores are fixed by TD decision', () => {
    const t = ended();
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    t.when({ type: 'scrabble.sign-result-slip', seat: 1 }).then([
      { type: 'scrabble.ResultSlipSigned', data: { seat: 1 } },
      { type: 'scrabble.GameFinished', data: { result: { scores: [-3, -7], winner: 0, spread: 4, forfeit: false } } },
    ]);
    t.when({ type: 'scrabble.correct-score', turn: 1, score: 9, agreedBy: [0, 1] }).thenRefuses('scrabble/result-signed', { rule: '簽署後不可更改分數' });
    t.when({ type: 'scrabble.correct-reversed-scores', tdDecision: 'TD-7: slip had scores reversed', agreedBy: [0, 1] }).then([
      {
        type: 'scrabble.SignedResultCorrected',
        data: { tdDecision: 'TD-7: slip had scores reversed', agreedBy: [0, 1], before: [-3, -7], after: [-7, -3], result: { winner: 1 } },
      },
    ]);
    expect(t.state.phase === 'finished' && t.state.result).toMatchObject({ scores: [-7, -3], winner: 1 });
  });
  it('seed 分數 (除非雙方因分數顛倒而獲比賽總監同意更改): the TD cannot reverse signed scores unless both players ask; the scores stay as signed', () => {
    const t = ended();
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    t.run({ type: 'scrabble.sign-result-slip', seat: 1 });
    const before = t.events.length;
    for (const agreedBy of [[], [1]] as (0 | 1)[][])
      t.when({ type: 'scrabble.correct-reversed-scores', tdDecision: 'TD-7: slip had scores reversed', agreedBy }).thenRefuses(
        'scrabble/reversal-needs-both-players',
        { field: 'agreedBy', rule: '雙方因分數顛倒' },
      );
    expect(t.events.length).toBe(before);
    expect(t.state.phase === 'finished' && t.state.result).toMatchObject({ scores: [-3, -7], winner: 0 });
  });
});

describe('incidents (seed 離開比賽區域 / 關於作弊的投訴)', () => {
  it('seed 離開比賽區域 / 關於作弊的投訴: incidents are events citing the rule; a TD penalty deducts points', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.record-incident', kind: 'left-playing-area', seat: 0, description: 'left without TD permission' }).then([
      { type: 'scrabble.IncidentRecorded', data: { kind: 'left-playing-area', seat: 0, rule: expect.stringContaining('離開比賽區域'), points: 0 } },
    ]);
    t.when({ type: 'scrabble.record-incident', kind: 'cheating-complaint', seat: 1, description: 'looked into the bag' }).then([
      { type: 'scrabble.IncidentRecorded', data: { kind: 'cheating-complaint', seat: 1, rule: expect.stringContaining('作弊') } },
    ]);
    t.when({ type: 'scrabble.record-incident', kind: 'td-penalty', seat: 0, description: 'repeated holds', points: 10 }).then([
      { type: 'scrabble.IncidentRecorded', data: { kind: 'td-penalty', seat: 0, points: 10 } },
    ]);
    expect(t.game.scores[0]).toBe(-10);
    expect(t.game.incidents).toHaveLength(3);
  });
});

describe('reviewed defects: end of game and result (seed 過時 / 分數 / 重新計算分數)', () => {
  it('seed 過時 (如果過時10分鐘，遊戲結束): the overtime counted when the game ends on the limit is capped at the limit — 100 points, however late it is recorded', () => {
    const t = startedTable({ tracking: true });
    t.when({ type: 'scrabble.end-on-overtime', seat: 0 }, 35.5 * 60).then([
      // 10:30 over when recorded
      { type: 'scrabble.TdCalled' },
      { type: 'scrabble.GameEnded', data: { reason: 'overtime-limit' } },
      { type: 'scrabble.TimePenaltyApplied', data: { seat: 0, overMs: 600_000, points: 100 } },
      { type: 'scrabble.EndRackScored' },
      { type: 'scrabble.EndRackScored' },
    ]);
  });
  it('seed 分數 (簽署後不可更改分數): after both sign, an incident is still recorded but a penalty with points is refused; the scores stay the posted result', () => {
    const t = startedTable({ tracking: true });
    sixPasses(t);
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    t.run({ type: 'scrabble.sign-result-slip', seat: 1 });
    const posted = t.state.phase === 'finished' ? t.state.result.scores : null;
    t.when({ type: 'scrabble.record-incident', kind: 'td-penalty', seat: 0, description: 'late misconduct report', points: 10 }).thenRefuses(
      'scrabble/result-signed',
      {
        field: 'points',
        rule: '簽署後不可更改分數',
      },
    );
    t.when({ type: 'scrabble.record-incident', kind: 'td-penalty', seat: 0, description: 'late misconduct report (no points: slip signed)', points: 0 }).then([
      { type: 'scrabble.IncidentRecorded', data: { kind: 'td-penalty', points: 0 } },
    ]);
    t.when({ type: 'scrabble.record-incident', kind: 'cheating-complaint', seat: 1, description: 'reported after signing' }).then([
      { type: 'scrabble.IncidentRecorded', data: { kind: 'cheating-complaint' } },
    ]);
    expect(t.game.incidents).toHaveLength(2);
    expect(t.game.scores).toEqual(posted);
    expect(t.game.ledger.filter((l) => l.kind === 'td-penalty')).toHaveLength(0);
  });
  it("seed 分數 (簽署後不可更改分數): a recorded penalty event after signing (older streams) does not change the game's scores", () => {
    const t = startedTable({ tracking: true });
    sixPasses(t);
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    t.run({ type: 'scrabble.sign-result-slip', seat: 1 });
    const before = t.game.scores;
    const legacy = {
      type: 'scrabble.IncidentRecorded',
      data: { at: at(99_999), by: ARBITER, kind: 'td-penalty', seat: 0, description: 'legacy', rule: 'x', points: 10 },
    } as ScrabbleEvent;
    const s = evolve(t.state, legacy);
    expect(s.phase === 'finished' && s.game.scores).toEqual(before);
    expect(s.phase === 'finished' && s.game.incidents).toHaveLength(1);
  });
  it('seed 重新計算分數 (如果最終分數差距少於20分): a recount is refused until the end racks are settled (the margin must be the final one)', () => {
    const t = startedTable(); // score-only: the racks are entered after six zeros
    sixPasses(t);
    t.when({ type: 'scrabble.request-recount', seat: 0 }).thenRefuses('scrabble/end-racks-not-settled', { rule: '如果最終分數差距少於20分' });
    t.run({ type: 'scrabble.enter-end-racks', racks: ['AAAAAAA', 'EEEEEEE'] });
    t.when({ type: 'scrabble.request-recount', seat: 0 }).then([{ type: 'scrabble.RecountRequested', data: { seat: 0, margin: 0 } }]);
  });
});
