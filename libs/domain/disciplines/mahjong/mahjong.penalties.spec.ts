import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { mahjongDecider } from './mahjong.decider.js';
import type { MahjongStep } from './mahjong.types.js';
import { cmd, play, seated, stateOf, win } from './testing/table.js';

const spec = deciderSpec(mahjongDecider);
const given = (...steps: MahjongStep[]) => spec.given(play(steps, seated()));
const expose = (seat: 0 | 1 | 2 | 3, tiles: string[], duringDeal?: boolean): MahjongStep => ({
  type: 'mahjong.expose-tiles',
  seat,
  tiles,
  ...(duringDeal !== undefined && { duringDeal }),
});

describe('WMC 麻將規則, 罰張: live penalty tiles die when the player discards another tile', () => {
  it('exposed tiles become live penalty tiles, recorded for the ledger', () => {
    given()
      .when(cmd(expose(1, ['5p', 'Rd'])))
      .then([
        { type: 'mahjong.TilesExposed', data: { seat: 1, free: [] } },
        { type: 'mahjong.PenaltyRecorded', data: { seat: 1, kind: 'penalty-tiles', amount: 2, tiles: ['5p', 'Rd'] } },
      ]);
  });
  it('discarding another tile makes them dead; discarding one of them makes the others dead (罰張 2, 7)', () => {
    given(expose(1, ['5p', 'Rd']))
      .when(cmd({ type: 'mahjong.record-discard', seat: 1, tile: '9m' }))
      .then([{ type: 'mahjong.DiscardRecorded' }, { type: 'mahjong.PenaltyTilesDead', data: { tiles: ['5p', 'Rd'] } }]);
    const s = stateOf(play([expose(1, ['5p', 'Rd']), { type: 'mahjong.record-discard', seat: 1, tile: '5p' }], seated()));
    expect(s.phase !== 'none' && s.table.current.seats[1]).toMatchObject({ liveTiles: [], deadTiles: ['Rd'] });
  });
  it('罰張 6: one tile exposed while arranging the deal is free; a second is a penalty tile', () => {
    given()
      .when(cmd(expose(2, ['3m', '4m'], true)))
      .then([
        { type: 'mahjong.TilesExposed', data: { free: ['3m'] } },
        { type: 'mahjong.PenaltyRecorded', data: { tiles: ['4m'], amount: 1 } },
      ]);
    given(expose(2, ['3m'], true))
      .when(cmd(expose(2, ['7m'], true)))
      .then([{ type: 'mahjong.TilesExposed', data: { free: [] } }, { type: 'mahjong.PenaltyRecorded' }]);
  });
  it('罰張 3: a discarded honour of a penalty tile’s kind cannot complete a win (it would form an exposed set with it); self-drawn it can', () => {
    given(expose(0, ['Rd']))
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: { ...win(0, 'discard', ['3.1'], 2), winningTile: 'Rd' } }))
      .thenRefuses('mahjong/penalty-tile-win', { field: 'outcome.winningTile', rule: '罰張 3' });
    given(expose(0, ['Rd']))
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: { ...win(0, 'self-draw', ['3.1']), winningTile: 'Rd' } }))
      .then([{ type: 'mahjong.HandRecorded' }]);
  });
  it('罰張 4: seven pairs cannot win on a discard pairing a penalty tile', () => {
    given(expose(0, ['5p']))
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: { ...win(0, 'discard', ['10.2'], 2), winningTile: '5p' } }))
      .thenRefuses('mahjong/penalty-tile-win', { rule: '七對子' });
  });
  it('罰張 4: thirteen orphans with three or more penalty tiles wins by self-draw only', () => {
    given(expose(0, ['1m', '9m', 'E']))
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: { ...win(0, 'discard', ['10.1'], 2), winningTile: 'Rd' } }))
      .thenRefuses('mahjong/penalty-tiles-self-draw-only', { field: 'outcome.by' });
    given(expose(0, ['1m', '9m', 'E']))
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: { ...win(0, 'self-draw', ['10.1']), winningTile: 'Rd' } }))
      .then([{ type: 'mahjong.HandRecorded' }]);
  });
  it('罰張 4: thirteen orphans cannot win on a discard of a penalty tile’s kind', () => {
    given(expose(0, ['1m']))
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: { ...win(0, 'discard', ['10.1'], 2), winningTile: '1m' } }))
      .thenRefuses('mahjong/penalty-tile-win', { rule: '十三么九' });
  });
});

describe('WMC 麻將規則, 相公: a wrong tile count', () => {
  it('short (小相公): no win this hand — a win by that seat is refused, naming the rule', () => {
    const events = play([{ type: 'mahjong.rule-wrong-count', seat: 3, count: 'short' }], seated());
    expect(events[events.length - 1]).toMatchObject({ type: 'mahjong.PenaltyRecorded', data: { kind: 'no-win', offence: 'wrong-count-short' } });
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: win(3, 'self-draw', ['1.1']) }))
      .thenRefuses('mahjong/no-win', { field: 'outcome.winner', rule: '失去和牌資格' });
  });
  it('long (大相公): no win and no claims; it stays for the hand even if the count is later right', () => {
    const events = play(
      [
        { type: 'mahjong.rule-wrong-count', seat: 1, count: 'long' },
        { type: 'mahjong.record-discard', seat: 0, tile: '3s' },
      ],
      seated(),
    );
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.record-claim', seat: 1, kind: 'pung', tiles: ['3s', '3s', '3s'] }))
      .thenRefuses('mahjong/no-claim');
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: win(1, 'self-draw', ['1.1']) }))
      .thenRefuses('mahjong/no-win');
  });
  it('the next hand starts afresh: the seat may win again', () => {
    const events = play(
      [
        { type: 'mahjong.rule-wrong-count', seat: 1, count: 'long' },
        { type: 'mahjong.record-hand', hand: 1, outcome: { kind: 'drawn' } },
        ...[0, 1, 2, 3].map((seat) => ({ type: 'mahjong.confirm-hand' as const, seat: seat as 0, hand: 1 })),
      ],
      seated(),
    );
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.record-hand', hand: 2, outcome: win(1, 'self-draw', ['1.1']) }))
      .then([{ type: 'mahjong.HandRecorded' }]);
  });
});

describe('WMC 麻將規則, 錯鳴: wrong claims', () => {
  const wrong = (variant: string, extra: object = {}) => cmd({ type: 'mahjong.rule-wrong-claim', seat: 2, variant, ...extra } as MahjongStep);
  it('誤鳴 (mistaken claim corrected at once): the exposed tiles become penalty tiles', () => {
    given()
      .when(wrong('mistaken-claim', { tiles: ['5p'] }))
      .then([{ type: 'mahjong.PenaltyRecorded', data: { kind: 'penalty-tiles', tiles: ['5p'] } }]);
  });
  it('改鳴 (change of claim) is free; too frequent, the referee’s deduction', () => {
    given()
      .when(wrong('change-of-claim'))
      .then([{ type: 'mahjong.WrongClaimNoted' }]);
    given()
      .when(wrong('change-of-claim', { points: 5 }))
      .then([{ type: 'mahjong.WrongClaimNoted' }, { type: 'mahjong.PenaltyRecorded', data: { kind: 'points', amount: 5 } }]);
  });
  it('空鳴 (empty claim before exposing): two penalty tiles, no more, no fewer', () => {
    given()
      .when(wrong('empty-claim', { tiles: ['1m'] }))
      .thenRefuses('mahjong/penalty-tile-count', { field: 'tiles' });
    given()
      .when(wrong('empty-claim', { tiles: ['1m', '9p'] }))
      .then([{ type: 'mahjong.PenaltyRecorded', data: { amount: 2 } }]);
  });
  it('空槓 (empty kong) is free', () => {
    given()
      .when(wrong('empty-kong'))
      .then([{ type: 'mahjong.WrongClaimNoted', data: { variant: 'empty-kong' } }]);
  });
  it('錯誤牌組 (wrong set discovered later): no win; after a kong replacement, no claims either', () => {
    given()
      .when(wrong('wrong-set'))
      .then([{ type: 'mahjong.PenaltyRecorded', data: { kind: 'no-win' } }]);
    given()
      .when(wrong('wrong-set-after-kong'))
      .then([
        { type: 'mahjong.PenaltyRecorded', data: { kind: 'no-win' } },
        { type: 'mahjong.PenaltyRecorded', data: { kind: 'no-claim' } },
      ]);
  });
  it('錯和 after exposing: play continues, all exposed tiles become penalty tiles', () => {
    given()
      .when(wrong('false-win', { tiles: ['1m', '2m', '3m', 'E', 'E'] }))
      .then([{ type: 'mahjong.PenaltyRecorded', data: { amount: 5, offence: 'false-win' } }]);
  });
  it('空和 (empty win call before exposing): three penalty tiles, or all when fewer than three are left', () => {
    given()
      .when(wrong('empty-win-call', { tiles: ['1m', '2m'] }))
      .thenRefuses('mahjong/penalty-tile-count');
    given()
      .when(wrong('empty-win-call', { tiles: ['1m', '2m'], concealedLeft: 2 }))
      .then([{ type: 'mahjong.PenaltyRecorded', data: { amount: 2 } }]);
  });
});

describe('WMC 行為守則: other conduct, deductions off the offender only', () => {
  const conduct = (offence: string, extra: object = {}) => cmd({ type: 'mahjong.record-conduct', seat: 1, offence, note: 'n', ...extra } as MahjongStep);
  it('a ringing phone and a refused interview: a deduction whose points the referee sets', () => {
    given().when(conduct('phone')).thenRefuses('mahjong/points', { field: 'points' });
    given()
      .when(conduct('refused-interview', { points: 20 }))
      .then([{ type: 'mahjong.PenaltyRecorded', data: { kind: 'points', amount: 20, rule: expect.stringContaining('選手義務') } }]);
  });
  it('collusion: disqualification and blacklist; voluntary withdrawal: a forfeit', () => {
    given()
      .when(conduct('collusion'))
      .then([
        { type: 'mahjong.PenaltyRecorded', data: { kind: 'disqualification' } },
        { type: 'mahjong.PenaltyRecorded', data: { kind: 'blacklist' } },
      ]);
    given()
      .when(conduct('voluntary-withdrawal'))
      .then([{ type: 'mahjong.PenaltyRecorded', data: { kind: 'game-forfeit', rule: expect.stringContaining('自願退出') } }]);
  });
  it('a deduction changes no table points: the hand payments still sum to zero', () => {
    const events = play(
      [
        { type: 'mahjong.record-conduct', seat: 1, offence: 'phone', points: 10, note: 'n' },
        { type: 'mahjong.record-hand', hand: 1, outcome: win(0, 'self-draw', ['1.1']) },
      ],
      seated(),
    );
    const s = stateOf(events);
    expect(s.phase !== 'none' && [s.table.card[0].payments, s.table.penaltyPoints]).toEqual([
      [15, -5, -5, -5],
      [0, 10, 0, 0],
    ]);
  });
});
