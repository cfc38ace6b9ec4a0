import { describe, expect, it } from '@jest/globals';
import { START_STEP, Table } from './testing/table.js';

const start = START_STEP;
const link = { tournamentId: 'hk-open-2026', round: 2, table: 3 };

describe('a game linked to a tournament pairing (Arbitra: the result is posted to the tournament)', () => {
  it('records the link in GameCreated (first seat defaults to 0) and keeps it in the state', () => {
    const t = new Table();
    t.when({ ...start, link }).then([{ type: 'scrabble.GameCreated', data: { link: { ...link, firstSeat: 0 } } }]);
    expect(t.game.link).toEqual({ ...link, firstSeat: 0 });
  });
  it('an unlinked game has link null', () => {
    const t = new Table();
    t.when(start).then([{ type: 'scrabble.GameCreated', data: { link: null } }]);
    expect(t.game.link).toBeNull();
  });
  it('refuses a link without a tournament, or with a round or table that is not a whole number ≥ 1', () => {
    const given = new Table();
    given.when({ ...start, link: { ...link, tournamentId: ' ' } }).thenRefuses('scrabble/bad-link', { field: 'link.tournamentId' });
    given.when({ ...start, link: { ...link, round: 0 } }).thenRefuses('scrabble/bad-link', { field: 'link.round' });
    given.when({ ...start, link: { ...link, table: 1.5 } }).thenRefuses('scrabble/bad-link', { field: 'link.table' });
    given.when({ ...start, link: { ...link, firstSeat: 2 as never } }).thenRefuses('scrabble/bad-link', { field: 'link.firstSeat' });
  });
  it('repeats the link in GameFinished on a forfeit (seed 缺席) so a process manager can post the result', () => {
    const t = new Table();
    t.run({ ...start, link: { ...link, division: 'A', firstSeat: 1 } });
    t.run({ type: 'scrabble.start-absent-clock', seat: 1 });
    t.when({ type: 'scrabble.player-arrived', seat: 1, choice: 'play' }, 60 * 24).then([{ type: 'scrabble.LatePlayerArrived' }]);
    const t2 = new Table();
    t2.run({ ...start, link: { ...link, division: 'A', firstSeat: 1 } });
    t2.run({ type: 'scrabble.start-absent-clock', seat: 1 });
    t2.when({ type: 'scrabble.player-arrived', seat: 1, choice: 'forfeit' }, 60 * 12).then([
      { type: 'scrabble.LatePlayerArrived' },
      { type: 'scrabble.GameForfeited' },
      { type: 'scrabble.GameFinished', data: { link: { ...link, division: 'A', firstSeat: 1 }, result: { forfeit: true, winner: 0 } } },
    ]);
  });
  it('repeats the link in GameFinished when both players sign the slip', () => {
    const t = new Table();
    t.run({ ...start, link });
    t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 7 });
    t.run({ type: 'scrabble.draw-tiles', seat: 1, count: 7 });
    for (let i = 0; i < 6; i++) t.run({ type: 'scrabble.make-move', seat: (i % 2) as 0 | 1, move: { kind: 'pass' } });
    expect(t.state.phase).toBe('ended');
    t.run({ type: 'scrabble.enter-end-racks', racks: ['AEINRST', 'QIZAXEO'] });
    t.run({ type: 'scrabble.sign-result-slip', seat: 0 });
    t.when({ type: 'scrabble.sign-result-slip', seat: 1 }).then([
      { type: 'scrabble.ResultSlipSigned', data: { seat: 1 } },
      { type: 'scrabble.GameFinished', data: { link: { ...link, firstSeat: 0 } } },
    ]);
  });
});
