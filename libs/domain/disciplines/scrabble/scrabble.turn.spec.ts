import { describe, expect, it } from '@jest/globals';
import { startedTable } from './testing/table.js';

const qi = { kind: 'play' as const, coordinate: '8G', word: 'QI' };

describe('a turn (seed 出棋次序 / 完成一步 / 接受該步)', () => {
  it('a play records tiles, announced and computed scores; the announced score stands', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 }).then([
      { type: 'scrabble.MoveCompleted', data: { seat: 0, turn: 1, move: { kind: 'play', word: 'QI', words: ['QI'] }, announcedScore: 22, computedScore: 22 } },
    ]);
    expect(t.game.scores).toEqual([22, 0]);
    expect(t.game.board[7].slice(6, 8)).toBe('QI');
    expect(t.game.racks[0].count).toBe(5);
    expect(t.game.clock.running).toBe(1);
  });
  it('a score that does not match the board is FLAGGED, never silently overwritten', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 24 }).then([
      { type: 'scrabble.MoveCompleted', data: { announcedScore: 24, computedScore: 22 } },
      { type: 'scrabble.ScoreMismatchFlagged', data: { announced: 24, computed: 22 } },
    ]);
    expect(t.game.scores[0]).toBe(24);
  });
  it('seed 出棋次序: a play must come with its announced score', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.make-move', seat: 0, move: qi }).thenRefuses('scrabble/score-not-announced', { field: 'announcedScore', rule: '出棋次序' });
  });
  it('seed 完成一步: a move may be changed until the clock is pressed, and is final after', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.announce-move', seat: 0, move: qi, announcedScore: 22 });
    t.run({ type: 'scrabble.announce-move', seat: 0, move: { kind: 'play', coordinate: 'H7', word: 'QI' }, announcedScore: 22 });
    t.when({ type: 'scrabble.press-clock', seat: 0 }).then([
      { type: 'scrabble.MoveCompleted', data: { move: { coordinate: 'H7', word: 'QI' }, completedBy: 'clock' } },
    ]);
    t.when({ type: 'scrabble.announce-move', seat: 0, move: qi, announcedScore: 22 }).thenRefuses('scrabble/not-your-turn', {
      field: 'seat',
      rule: '出棋次序',
    });
  });
  it('seed 完成一步: drawing without pressing the clock also completes the turn (the opponent may still challenge)', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.announce-move', seat: 0, move: qi, announcedScore: 22 });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }).then([
      { type: 'scrabble.MoveCompleted', data: { completedBy: 'draw' } },
      { type: 'scrabble.TilesDrawn', data: { seat: 0, count: 2 } },
    ]);
    expect(t.state.phase === 'playing' && t.state.status.kind).toBe('pending');
    t.when({ type: 'scrabble.challenge', seat: 1, words: ['QI'] }).then([{ type: 'scrabble.ChallengeMade', data: { seat: 1, turn: 1, words: ['QI'] } }]);
    expect(t.state.phase === 'playing' && t.state.status.kind).toBe('challenged');
  });
  it('seed 接受該步: drawing replacement tiles with no hold or challenge accepts the play; no hold or challenge after', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }).then([
      { type: 'scrabble.MoveAccepted', data: { how: 'draw' } },
      { type: 'scrabble.TilesDrawn' },
    ]);
    t.when({ type: 'scrabble.hold', seat: 1 }).thenRefuses('scrabble/hold-after-acceptance');
    t.when({ type: 'scrabble.challenge', seat: 1, words: ['QI'] }).thenRefuses('scrabble/challenge-after-acceptance', { rule: '抽出第1枚替代棋子前' });
  });
  it('seed 接受該步: saying accept, or moving on, accepts the play', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    t.when({ type: 'scrabble.accept-move', seat: 1 }).then([{ type: 'scrabble.MoveAccepted', data: { turn: 1, how: 'said' } }]);
    expect(t.game.turns[0].status).toBe('accepted');
    const t2 = startedTable();
    t2.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    t2.when({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } }).then([
      { type: 'scrabble.MoveAccepted', data: { turn: 1, how: 'next-move' } },
      { type: 'scrabble.MoveCompleted', data: { seat: 1, move: { kind: 'pass' } } },
    ]);
  });
  it('seed Hold: the opponent may hold only after the clock is pressed', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.announce-move', seat: 0, move: qi, announcedScore: 22 });
    t.when({ type: 'scrabble.hold', seat: 1 }).thenRefuses('scrabble/hold-before-clock');
  });
  it('seed Hold: during a hold the player may not draw; after 30 s they draw face down until the hold ends', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    t.when({ type: 'scrabble.hold', seat: 1 }).then([{ type: 'scrabble.HoldCalled', data: { seat: 1, turn: 1 } }]);
    expect(t.game.clock.running).toBe(1); // the hold runs on the holder's own time
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }, 10).thenRefuses('scrabble/draw-during-hold', { rule: '30秒' });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }, 31).then([{ type: 'scrabble.TilesDrawn', data: { seat: 0, count: 2, faceDown: true } }]);
    expect(t.game.racks[0].count).toBe(5);
    expect(t.game.faceDown).toMatchObject({ seat: 0, count: 2 });
    t.run({ type: 'scrabble.accept-move', seat: 1 });
    expect(t.game.racks[0].count).toBe(7);
    expect(t.game.faceDown).toBeNull();
  });
  it('seed Challenge (不道德行為): a hold longer than the profile threshold is flagged as possible misconduct', () => {
    const t = startedTable({ profile: { holdMisconductMs: 60_000 } });
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    t.run({ type: 'scrabble.hold', seat: 1 });
    t.when({ type: 'scrabble.accept-move', seat: 1 }, 90).then([
      { type: 'scrabble.HoldFlagged', data: { seat: 1, turn: 1, holdMs: 90_000, thresholdMs: 60_000 } },
      { type: 'scrabble.MoveAccepted', data: { how: 'said' } },
    ]);
    expect(t.game.flags.map((f) => f.kind)).toContain('hold-too-long');
  });
  it('a player cannot hold or accept their own play, and only the player on turn moves', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } }).thenRefuses('scrabble/not-your-turn', { field: 'seat', rule: '出棋次序' });
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    t.when({ type: 'scrabble.hold', seat: 0 }).thenRefuses('scrabble/hold-own-move');
  });
  it('a tracked game refuses tiles that are not on the rack', () => {
    const t = startedTable({ tracking: true });
    t.when({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 }).thenRefuses('scrabble/tiles-not-on-rack', {
      field: 'move.word',
      rule: 'Appendix 1',
    });
    t.when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8D', word: 'RETAINS' }, announcedScore: 66 }).then([
      { type: 'scrabble.MoveCompleted', data: { move: { word: 'RETAINS' }, announcedScore: 66 } },
    ]);
    expect(t.game.racks[0].tiles).toEqual([]);
  });
});

describe('exchange and pass (seed 更換棋子)', () => {
  it('seed 更換棋子: an exchange needs at least 7 tiles in the bag', () => {
    const t = startedTable({ profile: { exchangeMinBag: 87 } });
    const e = t.when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 3 } }).thenRefuses('scrabble/exchange-bag-too-small', {
      kind: 'conflict',
      field: 'move.count', // the field the command sent (the exchange by count), not "tiles"
      rule: '更換棋子',
    });
    expect(e.message).toBe('exchange needs at least 87 tiles in the bag; there are 86');
    expect(e.rule).toBe('WESPA seed 更換棋子: 棋袋裡需至少有7枚棋子');
  });
  it('seed 更換棋子: an exchange announces the count, scores 0, and the exchanged tiles return to the bag after the draw', () => {
    const t = startedTable({ tracking: true });
    t.when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 2, tiles: ['A', 'E'] } }).then([
      { type: 'scrabble.MoveCompleted', data: { move: { kind: 'exchange', count: 2, tiles: ['A', 'E'] }, announcedScore: 0 } },
    ]);
    expect(t.game.scores).toEqual([0, 0]);
    expect(t.game.exchangeAside).toMatchObject({ seat: 0, count: 2 });
    expect(t.game.bag.count).toBe(86);
    t.when({ type: 'scrabble.draw-tiles', seat: 0, tiles: ['U', 'U'] }).then([
      { type: 'scrabble.TilesDrawn', data: { seat: 0, count: 2, tiles: ['U', 'U'] } },
      { type: 'scrabble.ExchangedTilesReturned', data: { seat: 0, count: 2, tiles: ['A', 'E'] } },
    ]);
    expect(t.game.bag.count).toBe(86);
    expect(t.game.racks[0].tiles).toEqual(['I', 'N', 'R', 'S', 'T', 'U', 'U']);
  });
  it('a pass scores 0 and passes the turn', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } }).then([
      { type: 'scrabble.MoveCompleted', data: { seat: 0, move: { kind: 'pass' }, announcedScore: 0 } },
    ]);
    expect(t.state.phase === 'playing' && t.state.status).toMatchObject({ kind: 'to-move', seat: 1 });
    expect(t.game.turns[0]).toMatchObject({ kind: 'pass', score: 0 });
  });
});

describe('exchange completion (seed 更換棋子)', () => {
  it('seed 更換棋子: the exchanging player draws the replacements before moving again', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 3 } });
    t.run({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } });
    t.when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } }).thenRefuses('scrabble/exchange-draw-pending', { field: 'seat', rule: '更換棋子' });
    t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 3 });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } });
    expect(t.game.bag.count).toBe(86);
  });
});

describe('reviewed defects: drawing (seed Hold / 更換棋子)', () => {
  it('seed Hold (如已「Hold」超過30秒): 超過 means more than 30 s — a draw at exactly 30.000 s of hold is refused, just after it is drawn face down', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    t.run({ type: 'scrabble.hold', seat: 1 });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }, 30).thenRefuses('scrabble/draw-during-hold', { rule: '超過30秒' });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }, 30.001).then([{ type: 'scrabble.TilesDrawn', data: { faceDown: true, count: 2 } }]);
  });
  it('seed 更換棋子 (在袋中抽取替代的棋子): after an exchange the replacements drawn match the count exchanged — a short draw is refused, an overdraw stays the x+2 rule', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 3 } });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 1 }).thenRefuses('scrabble/underdraw', { field: 'count', rule: '更換棋子' });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 4 }).thenRefuses('scrabble/overdraw', { field: 'count', rule: 'x加2規則' });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 3 }).then([
      { type: 'scrabble.TilesDrawn', data: { count: 3 } },
      { type: 'scrabble.ExchangedTilesReturned', data: { count: 3 } },
    ]);
    expect(t.game.racks[0].count).toBe(7);
    expect(t.game.exchangeAside).toBeNull();
  });
  it('a replacement draw after a play fills the rack when the bag holds enough: a short draw is refused', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 1 }).thenRefuses('scrabble/underdraw', { field: 'count' });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }).then([
      { type: 'scrabble.MoveAccepted', data: { how: 'draw' } },
      { type: 'scrabble.TilesDrawn', data: { count: 2 } },
    ]);
    expect(t.game.racks[0].count).toBe(7);
  });
});
