import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { mahjongDecider } from './mahjong.decider.js';
import { countDice, dealerInHand, windsInHand } from './seating.js';
import { cmd, confirmAll, DRAWN, handsPlayed, play, PLAYERS, seated, START, stateOf } from './testing/table.js';

const spec = deciderSpec(mahjongDecider);

describe('WMC 麻將規則, 執位: the seat draw is recorded as it happened, East starts', () => {
  it('records the wind tile each seat drew, and East as the first dealer', () => {
    spec
      .given(play([START]))
      .when(cmd({ type: 'mahjong.draw-seats', round: 1, winds: ['S', 'E', 'N', 'W'] }))
      .then([{ type: 'mahjong.SeatsDrawn', data: { round: 1, winds: ['S', 'E', 'N', 'W'], dealer: 1, dice: null } }]);
  });

  it('數骰位: from the two throws, who picks the first wind tile, and from which end (odd total: the odd end)', () => {
    // Seat 2 throws 3+4 = 7: across, seat 0, throws again; 2+3 = 5: the thrower itself, seat 0, from the odd end.
    spec
      .given(play([START]))
      .when(cmd({ type: 'mahjong.draw-seats', round: 1, winds: DRAWN, dice: { thrower: 2, first: [3, 4], second: [2, 3] } }))
      .then([{ type: 'mahjong.SeatsDrawn', data: { firstPicker: 0, pickFrom: 'odd-end' } }]);
    expect([5, 9, 2, 6, 10, 3, 7, 11, 4, 8, 12].map((total) => countDice(1, total))).toEqual([1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0]);
  });

  it('refuses a draw that is not one of each wind, or dice that are not 1–6', () => {
    spec
      .given(play([START]))
      .when(cmd({ type: 'mahjong.draw-seats', round: 1, winds: ['E', 'E', 'W', 'N'] }))
      .thenRefuses('mahjong/seat-draw', { field: 'winds' });
    spec
      .given(play([START]))
      .when(cmd({ type: 'mahjong.draw-seats', round: 1, winds: DRAWN, dice: { thrower: 0, first: [0, 7], second: [1, 1] } }))
      .thenRefuses('mahjong/dice', { field: 'dice.first' });
  });

  it('a hand cannot be recorded before the seat draw', () => {
    spec
      .given(play([START]))
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: { kind: 'drawn' } }))
      .thenRefuses('mahjong/seating-missing', { field: 'hand', rule: '執位' });
  });

  it('refuses four players who are not four different players', () => {
    spec
      .given([])
      .when(cmd({ type: 'mahjong.start-session', players: [PLAYERS[0], PLAYERS[0], PLAYERS[2], PLAYERS[3]] }))
      .thenRefuses('mahjong/players', { field: 'players' });
  });
});

describe('WMC 麻將規則, 莊家及門風: the dealer rotates every hand, no dealer repeat even after a drawn hand (荒牌)', () => {
  it('the previous South deals the next hand: four dealers in a round, one each', () => {
    expect([0, 1, 2, 3].map((k) => dealerInHand(DRAWN, k))).toEqual([0, 1, 2, 3]);
    expect(windsInHand(DRAWN, 1)).toEqual(['N', 'E', 'S', 'W']);
  });

  it('after a drawn hand the dealer still passes on (不連莊, 荒牌亦無例外): hand 2 is dealt by seat 1', () => {
    const events = play([{ type: 'mahjong.record-hand', hand: 1, outcome: { kind: 'drawn' } }, ...confirmAll(1)], seated());
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.record-hand', hand: 2, outcome: { kind: 'drawn' } }))
      .then([{ type: 'mahjong.HandRecorded', data: { hand: 2, dealer: 1, winds: ['N', 'E', 'S', 'W'], payments: [0, 0, 0, 0] } }]);
  });
});

describe('WMC 行為守則, 入座: two rounds of four hands; seats change after one round', () => {
  it('hand 5 needs the round-2 seating; it is refused before round 1 is complete', () => {
    spec
      .given(handsPlayed(4))
      .when(cmd({ type: 'mahjong.record-hand', hand: 5, outcome: { kind: 'drawn' } }))
      .thenRefuses('mahjong/seating-missing', { rule: '一圈後換位' });
    spec
      .given(handsPlayed(3))
      .when(cmd({ type: 'mahjong.draw-seats', round: 2, winds: DRAWN }))
      .thenRefuses('mahjong/seat-draw-round', { field: 'round' });
  });

  it('the new seating decides round 2: its East deals hand 5', () => {
    const events = play([{ type: 'mahjong.draw-seats', round: 2, winds: ['W', 'N', 'E', 'S'] }], handsPlayed(4));
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.record-hand', hand: 5, outcome: { kind: 'drawn' } }))
      .then([{ type: 'mahjong.HandRecorded', data: { hand: 5, dealer: 2 } }]);
  });

  it('after eight hands the session is complete: no ninth hand; the card goes to signing', () => {
    const events = handsPlayed(8);
    expect(stateOf(events).phase).toBe('signing');
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.record-hand', hand: 9, outcome: { kind: 'drawn' } }))
      .thenRefuses('mahjong/session-complete');
  });
});

describe('WMC 行為守則, 缺席: a substitute (代打者) or the highest eliminated player is recorded in an empty seat', () => {
  it('records who replaces whom, and why', () => {
    spec
      .given(seated())
      .when(cmd({ type: 'mahjong.seat-substitute', seat: 2, substitute: { id: 'sub-1', name: 'Sub' }, kind: 'substitute', reason: 'cat absent' }))
      .then([{ type: 'mahjong.SubstituteSeated', data: { seat: 2, replaces: { id: 'cat' }, substitute: { id: 'sub-1' }, kind: 'substitute' } }]);
  });
  it('refuses a substitute who already plays at the table', () => {
    spec
      .given(seated())
      .when(cmd({ type: 'mahjong.seat-substitute', seat: 2, substitute: { id: 'ann', name: 'Ann' }, kind: 'eliminated-player', reason: 'x' }))
      .thenRefuses('mahjong/substitute', { field: 'substitute.id' });
  });
});

describe('WMC 麻將規則, 開門: the deal recorded as thrown', () => {
  it('the dealer’s throw counts the opener from the dealer (數骰位); both throws make the 開門數', () => {
    // Hand 1: seat 0 is East. 3+3 = 6: the dealer's next player (South, seat 1) opens; 6 + 4 + 5 = 15.
    spec
      .given(seated())
      .when(cmd({ type: 'mahjong.record-deal', dealerDice: [3, 3], openerDice: [4, 5] }))
      .then([{ type: 'mahjong.DealRecorded', data: { hand: 1, dealer: 0, opener: 1, breakCount: 15 } }]);
  });
  it('a hand is dealt once; dice are 1–6', () => {
    const dealt = play([{ type: 'mahjong.record-deal', dealerDice: [1, 4], openerDice: [2, 2] }], seated());
    spec
      .given(dealt)
      .when(cmd({ type: 'mahjong.record-deal', dealerDice: [1, 4], openerDice: [2, 2] }))
      .thenRefuses('mahjong/deal-recorded');
    spec
      .given(seated())
      .when(cmd({ type: 'mahjong.record-deal', dealerDice: [1, 7], openerDice: [2, 2] }))
      .thenRefuses('mahjong/dice', { field: 'dealerDice' });
  });
});
