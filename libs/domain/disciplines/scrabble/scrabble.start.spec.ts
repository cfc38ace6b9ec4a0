import { describe, expect, it } from '@jest/globals';
import { PLAYERS, startedTable, Table } from './testing/table.js';

const start = { type: 'scrabble.start-game' as const, players: [PLAYERS[0], PLAYERS[1]] as const, starter: 0 as const, clockSide: 'right' as const, clockSideChosenBy: 1 as const, tilesCounted: 100, tracking: false };

describe('starting a game (seed 開始前 / 開啟計時器)', () => {
  it('seed 開始前: both players check the set holds 100 tiles — another count is refused', () => {
    const t = new Table();
    const e = t.refused({ ...start, tilesCounted: 99 });
    expect(e.type).toBe('scrabble/tile-count-wrong');
    expect(e.kind).toBe('invalid');
    expect(e.rule).toContain('100枚棋子');
  });
  it('seed 開始前: the player going second chooses the side of the clock', () => {
    const t = new Table();
    expect(t.refused({ ...start, clockSideChosenBy: 0 }).type).toBe('scrabble/clock-side-chooser');
    t.run(start);
    expect(t.state.phase).toBe('setup');
  });
  it('seed 開啟計時器: the starter\'s clock starts when the starter draws the first tile', () => {
    const t = new Table();
    t.run(start);
    const out = t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 7 });
    expect(t.types(out)).toEqual(['scrabble.TilesDrawn', 'scrabble.ClockStarted']);
    expect(t.game.clock.running).toBe(0);
    expect(t.state.phase).toBe('playing');
  });
  it('profile values are checked: an unknown challenge penalty or a negative limit is refused', () => {
    expect(new Table().refused({ ...start, profile: { holdBeforeDrawMs: -1 } }).type).toBe('scrabble/bad-profile');
    expect(new Table().refused({ ...start, profile: { challengePenalty: { kind: 'dance' } as never } }).type).toBe('scrabble/bad-profile');
    const t = new Table();
    t.run({ ...start, profile: { exchangeMinBag: undefined, holdBeforeDrawMs: 20_000 } });
    expect(t.game.profile).toMatchObject({ exchangeMinBag: 7, holdBeforeDrawMs: 20_000 });
  });
  it('commands before the game exists are refused', () => {
    expect(new Table().refused({ type: 'scrabble.hold', seat: 1 }).type).toBe('scrabble/game-not-started');
  });
  it('a tracked game checks drawn tiles against the bag', () => {
    const t = startedTable({ tracking: true });
    expect(t.game.bag.count).toBe(86);
    expect(t.refused({ type: 'scrabble.draw-tiles', seat: 0, tiles: ['A'] }).type).toBe('scrabble/overdraw');
  });
});

describe('lateness (seed 缺席)', () => {
  const absent = () => {
    const t = new Table();
    t.run(start);
    t.run({ type: 'scrabble.start-absent-clock', seat: 1 });
    return t;
  };
  it('seed 缺席: the TD starts the absent player\'s clock (only the TD)', () => {
    const t = new Table();
    t.run(start);
    expect(t.refused({ type: 'scrabble.start-absent-clock', seat: 1 }, 1, { id: 'p-ann', role: 'player' }).type).toBe('scrabble/td-only');
    t.run({ type: 'scrabble.start-absent-clock', seat: 1 });
    expect(t.game.clock.running).toBe(1);
  });
  it('seed 缺席: arriving with more than 15 minutes left the player must play', () => {
    const t = absent();
    const e = t.refused({ type: 'scrabble.player-arrived', seat: 1, choice: 'forfeit' }, 5 * 60);
    expect(e.type).toBe('scrabble/late-forfeit-not-allowed');
    t.run({ type: 'scrabble.player-arrived', seat: 1, choice: 'play' }, 5 * 60);
    expect(t.game.clock.usedMs[1]).toBe(5 * 60_000);
  });
  it('seed 缺席: arriving with 15 minutes or less left the player may forfeit — opponent wins by 100', () => {
    const t = absent();
    const out = t.run({ type: 'scrabble.player-arrived', seat: 1, choice: 'forfeit' }, 11 * 60);
    expect(t.types(out)).toEqual(['scrabble.LatePlayerArrived', 'scrabble.GameForfeited', 'scrabble.GameFinished']);
    expect(t.state.phase).toBe('finished');
    if (t.state.phase === 'finished') expect(t.state.result).toMatchObject({ winner: 0, spread: 100, scores: [100, 0], forfeit: true });
  });
  it('seed 缺席: arriving with 15 minutes or less left the player may also play on', () => {
    const t = absent();
    t.run({ type: 'scrabble.player-arrived', seat: 1, choice: 'play' }, 14 * 60);
    t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 7 });
    expect(t.state.phase).toBe('playing');
  });
  it('seed 缺席: with no time left the game is forfeited', () => {
    const t = absent();
    const out = t.run({ type: 'scrabble.player-arrived', seat: 1, choice: 'forfeit' }, 26 * 60);
    expect(out[1].data).toMatchObject({ reason: 'absence-time-expired' });
  });
  it('seed 缺席 (如果時間已過，你必須放棄棋局): arriving with no time left and asking to play records the forfeit, citing the rule', () => {
    const t = absent();
    const out = t.run({ type: 'scrabble.player-arrived', seat: 1, choice: 'play' }, 25 * 60);
    expect(t.types(out)).toEqual(['scrabble.LatePlayerArrived', 'scrabble.GameForfeited', 'scrabble.GameFinished']);
    expect(out[0].data).toMatchObject({ choice: 'play', remainingMs: 0 });
    expect(out[1].data).toMatchObject({ seat: 1, reason: 'absence-time-expired', rule: expect.stringContaining('如果時間已過，你必須放棄棋局') });
    expect(t.state.phase === 'finished' && t.state.result).toMatchObject({ winner: 0, scores: [100, 0], forfeit: true });
  });
});

describe('unseen tiles (tile tracking)', () => {
  it('unseen tiles from a player\'s view are the bag plus the opponent\'s rack, derived from the board and the own rack', async () => {
    const { unseenTiles } = await import('./scrabble.end.js');
    const t = startedTable({ tracking: true });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'IN' }, announcedScore: 4 });
    const unseen = unseenTiles(t.game, 0)!;
    expect(unseen).toHaveLength(t.game.bag.count + t.game.racks[1].count);
    expect([...unseen].sort()).toEqual([...t.game.bag.tiles!, ...t.game.racks[1].tiles!].sort());
    expect(unseenTiles(startedTable().game, 0)).toBeNull(); // a score-only game does not know the racks
  });
});
