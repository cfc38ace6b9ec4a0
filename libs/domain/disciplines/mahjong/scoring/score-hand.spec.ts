/** The scorer's rules beyond single elements: arrangement choice, series, 320, the minimum, and refusals of bad hands. */
import { describe, expect, it } from '@jest/globals';
import { ZUNG_JUNG_WMC, type ScoringProfile } from './catalogue.js';
import { handOf } from './fixtures.js';
import type { HandInput, HandScore } from './hand-types.js';
import { scoreHand } from './score-hand.js';
import { parseTiles } from './tiles.js';

const P = ZUNG_JUNG_WMC;
const score = (hand: HandInput, profile: ScoringProfile = P): HandScore => {
  const r = scoreHand(hand, profile);
  if ('refused' in r) throw new Error(`refused: ${r.refused.field} ${r.refused.message}`);
  return r;
};
const codes = (s: HandScore) => s.elements.map((e) => e.code);
const refusal = (hand: HandInput) => {
  const r = scoreHand(hand, P);
  return 'refused' in r ? { field: r.refused.field, rule: r.refused.rule } : r;
};

describe('和牌的計分 11 (自由數和): the best arrangement for the winner, one arrangement only', () => {
  it('222333444m: three pungs (三暗刻 + 三連刻 = 135) beat three identical chows (一色三同順 + 平和 = 130), never both', () => {
    const s = score(handOf('222m 333m 444m 567p 11s', '5p'));
    expect(codes(s)).toEqual(['1.2', '4.2.2', '7.2.1']);
    expect(s.total).toBe(135);
    expect(s.decomposition).toBe('222m 333m 444m 567p 11s');
  });

  it('兩般高 and 七對子 do not count together: the better one (兩般高 70) is chosen', () => {
    const s = score(handOf('223344m 556677p 11s', '1s'));
    expect(codes(s)).toEqual(['1.1', '1.2', '5.1.2']);
    expect(s.decomposition).toBe('234m 234m 567p 567p 11s');
  });

  it('the decomposition names exposed sets in brackets and concealed kongs in braces', () => {
    const s = score(handOf('234m 99s', '2m', { exposed: ['kong 6666m', 'ckong 1111p', 'pung EEE'] }));
    expect(s.decomposition).toBe('[6666m] {1111p} [EEE] 234m 99s');
  });

  it('a discard that fits the pair or a chow leaves every pung concealed (the favourable reading)', () => {
    // 3m closes either the pung 333m or the chow 345m: read as the chow, 222m 333m 999p stay concealed
    expect(codes(score(handOf('222m 333m 999p 345m 11s', '3m')))).toContain('4.2.2');
  });
});

describe('計分系統 基本規則 4: one element per series (番牌 excepted)', () => {
  it('大三風 is counted, not 小三風 as well', () => {
    expect(codes(score(handOf('234m EEE SSS NNN 55p', '2m', { seatWind: 'W' })))).toEqual(['1.2', '3.3.2', '4.2.2']);
  });

  it('清一色 is counted, not 混一色 as well; 三暗刻 not 二暗刻 as well', () => {
    const c = codes(score(handOf('111p 333p 555p 789p 99p', '8p')));
    expect(c).toEqual(expect.arrayContaining(['2.1.2', '4.2.2']));
    expect(c).not.toContain('2.1.1');
    expect(c).not.toContain('4.2.1');
  });

  it('different series all count even when one implies the other: 大三元 with three 番牌', () => {
    expect(codes(score(handOf('234m WdWdWd GdGdGd RdRdRd 55p', '2m')))).toEqual(['1.2', '3.1', '3.1', '3.1', '3.2.2', '4.2.2']);
  });
});

describe('計分系統 基本規則 6: the 320 limit', () => {
  it('數滿貫: elements summing over 320 count 320, all listed', () => {
    // 門前清 5 + 清一色 80 + 對對和 30 + 四暗刻 125 + 三連刻 100 = 340
    const s = score(handOf('111m 222m 333m 555m 99m', '9m'));
    expect(codes(s)).toEqual(['1.2', '2.1.2', '4.1', '4.2.3', '7.2.1']);
    expect(s.total).toBe(320);
  });

  it('役滿貫: a limit element counts alone, only the highest (字一色 320 and 大四喜 400 → 400)', () => {
    const s = score(handOf('EEE SSS WWW NNN GdGd', 'Gd'));
    expect(s.elements).toEqual([{ code: '3.3.4', points: 400 }]);
    expect(s.total).toBe(400);
  });

  it('the limit is a profile value', () => {
    const s = score(handOf('234m WdWdWd GdGdGd RdRdRd 55p', '2m'), { ...P, id: 'low-limit', limitPoints: 150 });
    // 大三元 130 < 150 is no limit element; the sum 195 counts 150
    expect(s.total).toBe(150);
  });
});

describe('計分系統 基本規則 5: the 5-point minimum (起和)', () => {
  it('a hand with no element (雞和) scores 0, under the minimum: a false win', () => {
    const s = score(handOf('234m 345p 999s 11p', '2m', { exposed: ['chow 567m'] }));
    expect(s).toEqual({ elements: [], total: 0, decomposition: '[567m] 234m 345p 999s 11p' });
    expect(s.total).toBeLessThan(P.minimumPoints);
  });

  it('one 5-point element reaches the minimum', () => {
    expect(score(handOf('234m 345p 567s 11p', '2m', { exposed: ['chow 678m'] })).total).toBe(5);
  });
});

describe('a hand that is not a legal winning hand is refused, naming the field', () => {
  it('和牌形 2: the wrong number of tiles', () => {
    expect(refusal(handOf('234m 567m 345p 999s 1p', '2m'))).toEqual({ field: 'hand.concealed', rule: 'mahjong/tile-count' });
    expect(refusal(handOf('234m 567m 345p 11p', '2m', { exposed: ['chow 789s', 'pung EEE'] }))).toEqual({
      field: 'hand.concealed',
      rule: 'mahjong/tile-count',
    });
  });

  it('麻將牌的構成 2: more than four of a tile', () => {
    expect(refusal(handOf('11111m 2m 345p 999s 11p', '2m'))).toEqual({ field: 'hand.concealed', rule: 'mahjong/tile-copies' });
    expect(refusal(handOf('123m 345p 999s 11p', '2m', { exposed: ['kong 1111m'] }))).toEqual({ field: 'hand.concealed', rule: 'mahjong/tile-copies' });
  });

  it('和牌形 4: no winning shape at all', () => {
    expect(refusal(handOf('234m 567m 345p 999s 13p', '2m'))).toEqual({ field: 'hand.concealed', rule: 'mahjong/not-a-winning-hand' });
  });

  it('an unknown tile names its index', () => {
    expect(refusal({ ...handOf('234m 567m 345p 999s 11p', '2m'), concealed: [...parseTiles('234m 567m 345p 999s 1p'), 'X'] })).toEqual({
      field: 'hand.concealed[13]',
      rule: 'mahjong/not-a-tile',
    });
    expect(refusal(handOf('234m 567m 345p 999s 11p', '1z'))).toEqual({ field: 'hand.winningTile', rule: 'mahjong/not-a-tile' });
  });

  it('an exposed set that is not a chow, pung or kong', () => {
    expect(refusal(handOf('234m 567m 345p 11p', '2m', { exposed: ['chow 135s'] }))).toEqual({ field: 'hand.exposed[0]', rule: 'mahjong/exposed-set-shape' });
    expect(refusal(handOf('234m 567m 345p 11p', '2m', { exposed: ['chow EEE'] }))).toEqual({ field: 'hand.exposed[0]', rule: 'mahjong/exposed-set-shape' });
    expect(refusal(handOf('234m 567m 345p 11p', '2m', { exposed: ['kong 999s'] }))).toEqual({ field: 'hand.exposed[0]', rule: 'mahjong/exposed-set-shape' });
  });

  it('the winning tile is among the concealed tiles', () => {
    expect(refusal(handOf('234m 567m 345p 999s 11p', '9m'))).toEqual({ field: 'hand.winningTile', rule: 'mahjong/winning-tile-not-in-hand' });
  });

  it('搶槓 1: robbing a kong is a discard win, not a self-draw', () => {
    expect(refusal(handOf('234m 567m 345p 999s 11p', '2m', { selfDrawn: true, robbingKong: true }))).toEqual({
      field: 'hand.robbingKong',
      rule: 'mahjong/robbing-kong-is-a-discard-win',
    });
  });

  it('開槓 8: 嶺上開花 is a self-draw after a declared kong', () => {
    expect(refusal(handOf('234m 567m 345p 999s 11p', '2m', { selfDrawn: true, kongReplacement: true }))).toEqual({
      field: 'hand.kongReplacement',
      rule: 'mahjong/kong-replacement',
    });
    expect(refusal(handOf('234m 567p 345s 99s', '2m', { exposed: ['kong 6666m'], kongReplacement: true }))).toEqual({
      field: 'hand.kongReplacement',
      rule: 'mahjong/kong-replacement',
    });
  });

  it('天和 is East self-drawing the dealt hand; 地和 a non-dealer on a discard', () => {
    expect(refusal(handOf('234m 567m 345p 999s 11p', '2m', { selfDrawn: true, blessingOfHeaven: true }))).toEqual({
      field: 'hand.blessingOfHeaven',
      rule: 'mahjong/blessing-of-heaven',
    });
    expect(refusal(handOf('234m 567m 345p 999s 11p', '2m', { seatWind: 'E', blessingOfEarth: true }))).toEqual({
      field: 'hand.blessingOfEarth',
      rule: 'mahjong/blessing-of-earth',
    });
  });

  it('the seat wind is a wind', () => {
    expect(refusal({ ...handOf('234m 567m 345p 999s 11p', '2m'), seatWind: 'X' as 'E' })).toEqual({ field: 'hand.seatWind', rule: 'mahjong/seat-wind' });
  });
});
