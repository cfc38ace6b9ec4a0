import { describe, expect, it } from '@jest/globals';
import { START_STEP, startedTable, Table } from './testing/table.js';

const start = START_STEP;

describe('starting a game (seed 開始前 / 開啟計時器)', () => {
  it('seed 開始前: both players check the set holds 100 tiles — another count is refused', () => {
    const t = new Table();
    t.when({ ...start, tilesCounted: 99 }).thenRefuses('scrabble/tile-count-wrong', { kind: 'invalid', field: 'tilesCounted', rule: '100枚棋子' });
  });
  it('seed 開始前: the player going second chooses the side of the clock', () => {
    const t = new Table();
    t.when({ ...start, clockSideChosenBy: 0 }).thenRefuses('scrabble/clock-side-chooser', {
      field: 'clockSideChosenBy',
      rule: '後玩的玩家可以選擇計時器的位置',
    });
    t.when(start).then([{ type: 'scrabble.GameCreated', data: { starter: 0, clockSide: 'right', clockSideChosenBy: 1 } }]);
    expect(t.state.phase).toBe('setup');
  });
  it("seed 開啟計時器: the starter's clock starts when the starter draws the first tile", () => {
    const t = new Table();
    t.run(start);
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 7 }).then([
      { type: 'scrabble.TilesDrawn', data: { seat: 0, count: 7 } },
      { type: 'scrabble.ClockStarted', data: { seat: 0 } },
    ]);
    expect(t.game.clock.running).toBe(0);
    expect(t.state.phase).toBe('playing');
  });
  it('profile values are checked: an unknown challenge penalty or a negative limit is refused', () => {
    new Table().when({ ...start, profile: { holdBeforeDrawMs: -1 } }).thenRefuses('scrabble/bad-profile', { kind: 'invalid', field: 'profile' });
    new Table()
      .when({ ...start, profile: { challengePenalty: { kind: 'dance' } as never } })
      .thenRefuses('scrabble/bad-profile', { kind: 'invalid', field: 'profile' });
    const t = new Table();
    t.when({ ...start, profile: { exchangeMinBag: undefined, holdBeforeDrawMs: 20_000 } }).then([
      { type: 'scrabble.GameCreated', data: { profile: { exchangeMinBag: 7, holdBeforeDrawMs: 20_000 } } },
    ]);
    expect(t.game.profile).toMatchObject({ exchangeMinBag: 7, holdBeforeDrawMs: 20_000 });
  });
  it('commands before the game exists are refused', () => {
    new Table().when({ type: 'scrabble.hold', seat: 1 }).thenRefuses('scrabble/game-not-started', { kind: 'not-found' });
  });
  it('a tracked game checks drawn tiles against the bag', () => {
    const t = startedTable({ tracking: true });
    expect(t.game.bag.count).toBe(86);
    t.when({ type: 'scrabble.draw-tiles', seat: 0, tiles: ['A'] }).thenRefuses('scrabble/overdraw', { field: 'tiles', rule: 'x加2規則' });
  });
  it('hidden racks: a draw that could not be recorded is refused alike whether or not the bag holds its tiles, so it tells nothing of the opponent’s rack', () => {
    // Seat 1 holds the only Q, Z and X; seat 0's rack is full. Each letter, held by the opponent or in the bag, gets the same answer.
    for (const letter of ['Q', 'Z', 'X', 'A', 'E']) {
      for (const k of [1, 3]) {
        startedTable({ tracking: true })
          .when({ type: 'scrabble.draw-tiles', seat: 0, tiles: Array<string>(k).fill(letter) })
          .thenRefuses('scrabble/overdraw', { field: 'tiles' });
      }
    }
    // A draw that would be recorded is checked against the bag: the replacements after a play of QI.
    const t = startedTable({ tracking: true, racks: ['QIAERST', 'ZAXEONL'] });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, tiles: ['Z', 'E'] }).thenRefuses('scrabble/tiles-not-in-bag', { field: 'tiles' });
  });
});

describe('lateness (seed 缺席)', () => {
  const absent = () => {
    const t = new Table();
    t.run(start);
    t.run({ type: 'scrabble.start-absent-clock', seat: 1 });
    return t;
  };
  it("seed 缺席: the TD starts the absent player's clock", () => {
    const t = new Table();
    t.run(start);
    t.when({ type: 'scrabble.start-absent-clock', seat: 1 }).then([{ type: 'scrabble.AbsentClockStarted', data: { seat: 1 } }]);
    expect(t.game.clock.running).toBe(1);
  });
  it('seed 缺席: arriving with more than 15 minutes left the player must play', () => {
    const t = absent();
    t.when({ type: 'scrabble.player-arrived', seat: 1, choice: 'forfeit' }, 5 * 60).thenRefuses('scrabble/late-forfeit-not-allowed', { rule: '缺席' });
    t.when({ type: 'scrabble.player-arrived', seat: 1, choice: 'play' }, 5 * 60).then([
      { type: 'scrabble.LatePlayerArrived', data: { seat: 1, choice: 'play', remainingMs: 20 * 60_000 } },
    ]);
    expect(t.game.clock.usedMs[1]).toBe(5 * 60_000);
  });
  it('seed 缺席: arriving with 15 minutes or less left the player may forfeit — opponent wins by 100', () => {
    const t = absent();
    t.when({ type: 'scrabble.player-arrived', seat: 1, choice: 'forfeit' }, 11 * 60).then([
      { type: 'scrabble.LatePlayerArrived', data: { seat: 1, choice: 'forfeit' } },
      { type: 'scrabble.GameForfeited', data: { seat: 1, reason: 'absence', rule: expect.stringContaining('你可以選擇繼續棋局或放棄') } },
      { type: 'scrabble.GameFinished', data: { result: { winner: 0, spread: 100, scores: [100, 0], forfeit: true } } },
    ]);
    expect(t.state.phase).toBe('finished');
    if (t.state.phase === 'finished') expect(t.state.result).toMatchObject({ winner: 0, spread: 100, scores: [100, 0], forfeit: true });
  });
  it('seed 缺席: arriving with 15 minutes or less left the player may also play on', () => {
    const t = absent();
    t.when({ type: 'scrabble.player-arrived', seat: 1, choice: 'play' }, 14 * 60).then([
      { type: 'scrabble.LatePlayerArrived', data: { seat: 1, choice: 'play' } },
    ]);
    t.when({ type: 'scrabble.draw-tiles', seat: 0, count: 7 }).then([
      { type: 'scrabble.TilesDrawn', data: { seat: 0, count: 7 } },
      { type: 'scrabble.ClockStarted' },
    ]);
    expect(t.state.phase).toBe('playing');
  });
  it('seed 缺席: with no time left the game is forfeited', () => {
    const t = absent();
    t.when({ type: 'scrabble.player-arrived', seat: 1, choice: 'forfeit' }, 26 * 60).then([
      { type: 'scrabble.LatePlayerArrived', data: { seat: 1, choice: 'forfeit' } },
      { type: 'scrabble.GameForfeited', data: { seat: 1, reason: 'absence-time-expired' } },
      { type: 'scrabble.GameFinished' },
    ]);
  });
  it('seed 缺席 (如果時間已過，你必須放棄棋局): arriving with no time left and asking to play records the forfeit, citing the rule', () => {
    const t = absent();
    t.when({ type: 'scrabble.player-arrived', seat: 1, choice: 'play' }, 25 * 60).then([
      { type: 'scrabble.LatePlayerArrived', data: { choice: 'play', remainingMs: 0 } },
      { type: 'scrabble.GameForfeited', data: { seat: 1, reason: 'absence-time-expired', rule: expect.stringContaining('如果時間已過，你必須放棄棋局') } },
      { type: 'scrabble.GameFinished' },
    ]);
    expect(t.state.phase === 'finished' && t.state.result).toMatchObject({ winner: 0, scores: [100, 0], forfeit: true });
  });
});

describe('unseen tiles (tile tracking)', () => {
  it("unseen tiles from a player's view are the bag plus the opponent's rack, derived from the board and the own rack", async () => {
    const { unseenTiles } = await import('./scrabble.end.js');
    const t = startedTable({ tracking: true });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'IN' }, announcedScore: 4 });
    const unseen = unseenTiles(t.game, 0)!;
    expect(unseen).toHaveLength(t.game.bag.count + t.game.racks[1].count);
    expect([...unseen].sort()).toEqual([...t.game.bag.tiles!, ...t.game.racks[1].tiles!].sort());
    expect(unseenTiles(startedTable().game, 0)).toBeNull(); // a score-only game does not know the racks
  });
});
