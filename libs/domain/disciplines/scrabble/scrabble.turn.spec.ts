import { describe, expect, it } from '@jest/globals';
import { startedTable } from './testing/table.js';

const qi = { kind: 'play' as const, coordinate: '8G', word: 'QI' };

describe('a turn (seed 出棋次序 / 完成一步 / 接受該步)', () => {
  it('a play records tiles, announced and computed scores; the announced score stands', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    expect(t.game.scores).toEqual([22, 0]);
    expect(t.game.board[7].slice(6, 8)).toBe('QI');
    expect(t.game.racks[0].count).toBe(5);
    expect(t.game.clock.running).toBe(1);
  });
  it('a score that does not match the board is FLAGGED, never silently overwritten', () => {
    const t = startedTable();
    const out = t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 24 });
    expect(t.types(out)).toEqual(['scrabble.MoveCompleted', 'scrabble.ScoreMismatchFlagged']);
    expect(out[1].data).toMatchObject({ announced: 24, computed: 22 });
    expect(t.game.scores[0]).toBe(24);
  });
  it('seed 出棋次序: a play must come with its announced score', () => {
    const t = startedTable();
    expect(t.refused({ type: 'scrabble.make-move', seat: 0, move: qi }).type).toBe('scrabble/score-not-announced');
  });
  it('seed 完成一步: a move may be changed until the clock is pressed, and is final after', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.announce-move', seat: 0, move: qi, announcedScore: 22 });
    t.run({ type: 'scrabble.announce-move', seat: 0, move: { kind: 'play', coordinate: 'H7', word: 'QI' }, announcedScore: 22 });
    const out = t.run({ type: 'scrabble.press-clock', seat: 0 });
    expect(out[0].data).toMatchObject({ move: { coordinate: 'H7', word: 'QI' }, completedBy: 'clock' });
    expect(t.refused({ type: 'scrabble.announce-move', seat: 0, move: qi, announcedScore: 22 }).type).toBe('scrabble/not-your-turn');
  });
  it('seed 完成一步: drawing without pressing the clock also completes the turn (the opponent may still challenge)', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.announce-move', seat: 0, move: qi, announcedScore: 22 });
    const out = t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 2 });
    expect(t.types(out)).toEqual(['scrabble.MoveCompleted', 'scrabble.TilesDrawn']);
    expect(out[0].data).toMatchObject({ completedBy: 'draw' });
    expect(t.state.phase === 'playing' && t.state.status.kind).toBe('pending');
    t.run({ type: 'scrabble.challenge', seat: 1, words: ['QI'] });
    expect(t.state.phase === 'playing' && t.state.status.kind).toBe('challenged');
  });
  it('seed 接受該步: drawing replacement tiles with no hold or challenge accepts the play; no hold or challenge after', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    const out = t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 2 });
    expect(t.types(out)).toEqual(['scrabble.MoveAccepted', 'scrabble.TilesDrawn']);
    expect(out[0].data).toMatchObject({ how: 'draw' });
    expect(t.refused({ type: 'scrabble.hold', seat: 1 }).type).toBe('scrabble/hold-after-acceptance');
    const e = t.refused({ type: 'scrabble.challenge', seat: 1, words: ['QI'] });
    expect(e.type).toBe('scrabble/challenge-after-acceptance');
    expect(e.rule).toContain('抽出第1枚替代棋子前');
  });
  it('seed 接受該步: saying accept, or moving on, accepts the play', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    t.run({ type: 'scrabble.accept-move', seat: 1 });
    expect(t.game.turns[0].status).toBe('accepted');
    const t2 = startedTable();
    t2.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    const out = t2.run({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } });
    expect(out[0]).toMatchObject({ type: 'scrabble.MoveAccepted', data: { how: 'next-move' } });
  });
  it('seed Hold: the opponent may hold only after the clock is pressed', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.announce-move', seat: 0, move: qi, announcedScore: 22 });
    expect(t.refused({ type: 'scrabble.hold', seat: 1 }).type).toBe('scrabble/hold-before-clock');
  });
  it('seed Hold: during a hold the player may not draw; after 30 s they draw face down until the hold ends', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    t.run({ type: 'scrabble.hold', seat: 1 });
    expect(t.game.clock.running).toBe(1); // the hold runs on the holder's own time
    const e = t.refused({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }, 10);
    expect(e.type).toBe('scrabble/draw-during-hold');
    expect(e.rule).toContain('30秒');
    const out = t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }, 31);
    expect(out[0].data).toMatchObject({ faceDown: true });
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
    const out = t.run({ type: 'scrabble.accept-move', seat: 1 }, 90);
    expect(t.types(out)).toEqual(['scrabble.HoldFlagged', 'scrabble.MoveAccepted']);
    expect(t.game.flags.map((f) => f.kind)).toContain('hold-too-long');
  });
  it('a player cannot hold or accept their own play, and only the player on turn moves', () => {
    const t = startedTable();
    expect(t.refused({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } }).type).toBe('scrabble/not-your-turn');
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    expect(t.refused({ type: 'scrabble.hold', seat: 0 }).type).toBe('scrabble/hold-own-move');
    expect(t.refused({ type: 'scrabble.accept-move', seat: 1 }, 1, { id: 'p-ann', role: 'player' }).type).toBe('scrabble/not-your-seat');
  });
  it('a tracked game refuses tiles that are not on the rack', () => {
    const t = startedTable({ tracking: true });
    expect(t.refused({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 }).type).toBe('scrabble/tiles-not-on-rack');
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8D', word: 'RETAINS' }, announcedScore: 66 });
    expect(t.game.racks[0].tiles).toEqual([]);
  });
});

describe('exchange and pass (seed 更換棋子)', () => {
  it('seed 更換棋子: an exchange needs at least 7 tiles in the bag', () => {
    const t = startedTable({ profile: { exchangeMinBag: 87 } });
    const e = t.refused({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 3 } });
    expect(e.type).toBe('scrabble/exchange-bag-too-small');
    expect(e.message).toBe('exchange needs at least 87 tiles in the bag; there are 86');
    expect(e.rule).toBe('WESPA seed 更換棋子: 棋袋裡需至少有7枚棋子');
    expect(e.field).toBe('move.count'); // the field the command sent (the exchange by count), not "tiles"
    expect(e.kind).toBe('conflict');
  });
  it('seed 更換棋子: an exchange announces the count, scores 0, and the exchanged tiles return to the bag after the draw', () => {
    const t = startedTable({ tracking: true });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 2, tiles: ['A', 'E'] } });
    expect(t.game.scores).toEqual([0, 0]);
    expect(t.game.exchangeAside).toMatchObject({ seat: 0, count: 2 });
    expect(t.game.bag.count).toBe(86);
    const out = t.run({ type: 'scrabble.draw-tiles', seat: 0, tiles: ['U', 'U'] });
    expect(t.types(out)).toEqual(['scrabble.TilesDrawn', 'scrabble.ExchangedTilesReturned']);
    expect(t.game.bag.count).toBe(86);
    expect(t.game.racks[0].tiles).toEqual(['I', 'N', 'R', 'S', 'T', 'U', 'U']);
  });
  it('a pass scores 0 and passes the turn', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } });
    expect(t.state.phase === 'playing' && t.state.status).toMatchObject({ kind: 'to-move', seat: 1 });
    expect(t.game.turns[0]).toMatchObject({ kind: 'pass', score: 0 });
  });
});

describe('exchange completion (seed 更換棋子)', () => {
  it('seed 更換棋子: the exchanging player draws the replacements before moving again', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 3 } });
    t.run({ type: 'scrabble.make-move', seat: 1, move: { kind: 'pass' } });
    expect(t.refused({ type: 'scrabble.make-move', seat: 0, move: { kind: 'pass' } }).type).toBe('scrabble/exchange-draw-pending');
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
    const e = t.refused({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }, 30);
    expect(e.type).toBe('scrabble/draw-during-hold');
    expect(e.rule).toContain('超過30秒');
    const out = t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 2 }, 30.001);
    expect(out[0].data).toMatchObject({ faceDown: true, count: 2 });
  });
  it('seed 更換棋子 (在袋中抽取替代的棋子): after an exchange the replacements drawn match the count exchanged — a short draw is refused, an overdraw stays the x+2 rule', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 3 } });
    const e = t.refused({ type: 'scrabble.draw-tiles', seat: 0, count: 1 });
    expect(e.type).toBe('scrabble/underdraw');
    expect(e.rule).toContain('更換棋子');
    expect(t.refused({ type: 'scrabble.draw-tiles', seat: 0, count: 4 }).type).toBe('scrabble/overdraw');
    t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 3 });
    expect(t.game.racks[0].count).toBe(7);
    expect(t.game.exchangeAside).toBeNull();
  });
  it('a replacement draw after a play fills the rack when the bag holds enough: a short draw is refused', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: qi, announcedScore: 22 });
    expect(t.refused({ type: 'scrabble.draw-tiles', seat: 0, count: 1 }).type).toBe('scrabble/underdraw');
    t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 2 });
    expect(t.game.racks[0].count).toBe(7);
  });
});
