/**
 * The scorer on a table of hands: one or more per catalogue element, each with its expected elements and total.
 * Element definitions: the public Zung Jung catalogue; totals: 世界麻將大賽規則, 計分系統 基本規則 4-6.
 */
import { describe, expect, it } from '@jest/globals';
import { ZUNG_JUNG_WMC } from './catalogue.js';
import { handOf } from './fixtures.js';
import type { HandInput } from './hand-types.js';
import { scoreHand } from './score-hand.js';

interface Row {
  rule: string;
  hand: HandInput;
  elements: string[];
  total: number;
}

const rows: Row[] = [
  // 1. 門斷平類
  {
    rule: '1.1 平和 All Chows: four chows (pair of anything)',
    hand: handOf('234m 567m 345p 99s', '2m', { exposed: ['chow 678s'] }),
    elements: ['1.1'],
    total: 5,
  },
  {
    rule: '1.1 平和 with an honour pair still counts (text: 以字牌、番牌做眼…均可算平和)',
    hand: handOf('234m 567m 345p RdRd', '2m', { exposed: ['chow 678s'] }),
    elements: ['1.1'],
    total: 5,
  },
  { rule: '1.2 門前清 Concealed Hand: nothing exposed, a discard win is fine', hand: handOf('234m 567m 345p 999s 11p', '5m'), elements: ['1.2'], total: 5 },
  { rule: '1.2 門前清 with a concealed kong', hand: handOf('234m 567m 345p 11p', '5m', { exposed: ['ckong 9999s'] }), elements: ['1.2', '4.3.1'], total: 10 },
  { rule: '1.3 斷么九 No Terminals: only 2-8 suited tiles', hand: handOf('234m 567m 345p 55s', '2m', { exposed: ['pung 666s'] }), elements: ['1.3'], total: 5 },
  // 2. 一色類
  { rule: '2.1.1 混一色 Mixed One-Suit', hand: handOf('123m 456m 888m EE', '1m', { exposed: ['pung NNN'] }), elements: ['2.1.1'], total: 40 },
  { rule: '2.1.2 清一色 Pure One-Suit', hand: handOf('123p 345p 666p 99p', '3p', { exposed: ['chow 789p'] }), elements: ['2.1.2'], total: 80 },
  { rule: '2.2 九蓮寶燈 Nine Gates (a limit: counts alone)', hand: handOf('1112345678999m 5m', '5m'), elements: ['2.2'], total: 480 },
  {
    rule: '2.2 九蓮寶燈 is not counted on 天和 (和牌的計分 12)',
    hand: handOf('1112345678999m 5m', '5m', { selfDrawn: true, seatWind: 'E', blessingOfHeaven: true }),
    elements: ['1.2', '2.1.2', '4.2.1', '9.4.1'],
    total: 245,
  },
  // 3. 字牌類
  { rule: '3.1 番牌: a dragon pung', hand: handOf('234m 567p 345s RdRdRd 88s', '2m'), elements: ['1.2', '3.1'], total: 15 },
  { rule: '3.1 番牌: the seat-wind pung', hand: handOf('234m 567p 345s WWW 88s', '2m', { seatWind: 'W' }), elements: ['1.2', '3.1'], total: 15 },
  {
    rule: '3.1 番牌: another wind is no 番牌 (no round wind: 莊家及門風 6)',
    hand: handOf('234m 567p 345s WWW 88s', '2m', { seatWind: 'E' }),
    elements: ['1.2'],
    total: 5,
  },
  {
    rule: '3.1 番牌 counts per pung (基本規則 4, 番牌例外)',
    hand: handOf('234m 567p GdGdGd RdRdRd 88s', '2m'),
    elements: ['1.2', '3.1', '3.1', '4.2.1'],
    total: 30,
  },
  {
    rule: '3.2.1 小三元 Small Three Dragons',
    hand: handOf('234m 567p WdWdWd GdGdGd RdRd', '2m'),
    elements: ['1.2', '3.1', '3.1', '3.2.1', '4.2.1'],
    total: 70,
  },
  {
    rule: '3.2.2 大三元 Big Three Dragons',
    hand: handOf('234m WdWdWd GdGdGd RdRdRd 55p', '2m'),
    elements: ['1.2', '3.1', '3.1', '3.1', '3.2.2', '4.2.2'],
    total: 195,
  },
  { rule: '3.3.1 小三風 Small Three Winds', hand: handOf('234m 567p EEE NNN SS', '2m', { seatWind: 'W' }), elements: ['1.2', '3.3.1', '4.2.1'], total: 40 },
  { rule: '3.3.2 大三風 Big Three Winds', hand: handOf('234m EEE SSS NNN 55p', '2m', { seatWind: 'W' }), elements: ['1.2', '3.3.2', '4.2.2'], total: 155 },
  { rule: '3.3.3 小四喜 Small Four Winds (a limit: counts alone)', hand: handOf('234m EEE SSS WWW NN', '2m'), elements: ['3.3.3'], total: 320 },
  { rule: '3.3.4 大四喜 Big Four Winds (a limit: counts alone)', hand: handOf('EEE SSS WWW NNN 55p', '5p'), elements: ['3.3.4'], total: 400 },
  {
    rule: '3.4 字一色 All Honours (a limit: counts alone)',
    hand: handOf('EEE SSS WdWdWd RdRdRd GdGd', 'Gd', { seatWind: 'N' }),
    elements: ['3.4'],
    total: 320,
  },
  { rule: '3.4 字一色 as seven pairs', hand: handOf('EE SS WW NN WdWd GdGd RdRd', 'Rd'), elements: ['3.4'], total: 320 },
  // 4. 刻槓類
  { rule: '4.1 對對和 All Pungs', hand: handOf('222m 555p 88s', '8s', { exposed: ['pung 777p', 'pung 333s'] }), elements: ['1.3', '4.1', '4.2.1'], total: 40 },
  { rule: '4.2.1 二暗刻 Two Concealed Pungs', hand: handOf('222m 999p 345s 678s 11p', '3s'), elements: ['1.2', '4.2.1'], total: 10 },
  { rule: '4.2.2 三暗刻 Three Concealed Pungs', hand: handOf('222m 999p 444s 678s 11p', '6s'), elements: ['1.2', '4.2.2'], total: 35 },
  {
    rule: '4.2 a pung completed by a discard is exposed (和牌的計分 2: 銃和的一張…表示明刻)',
    hand: handOf('222m 999p 444s 678s 11p', '4s'),
    elements: ['1.2', '4.2.1'],
    total: 10,
  },
  {
    rule: '4.2 a pung completed by a self-draw stays concealed',
    hand: handOf('222m 999p 444s 678s 11p', '4s', { selfDrawn: true }),
    elements: ['1.2', '4.2.2'],
    total: 35,
  },
  {
    rule: '4.2.3 四暗刻 always adds 門前清 and 對對和: 125 + 5 + 30 = 160 (基本規則 4)',
    hand: handOf('222m 999p 444s 777s 11p', '1p'),
    elements: ['1.2', '4.1', '4.2.3'],
    total: 160,
  },
  { rule: '4.3.1 一槓 One Kong', hand: handOf('234m 567p 345s 88s', '2m', { exposed: ['kong 6666m'] }), elements: ['1.3', '4.3.1'], total: 10 },
  { rule: '4.3.2 二槓 Two Kongs', hand: handOf('234m 567p 99s', '2m', { exposed: ['kong 6666m', 'kong 1111p'] }), elements: ['4.3.2'], total: 20 },
  {
    rule: '4.3.3 三槓 Three Kongs',
    hand: handOf('234m 99s', '2m', { exposed: ['kong 6666m', 'kong 1111p', 'kong 3333s'] }),
    elements: ['4.3.3'],
    total: 120,
  },
  {
    rule: '4.3.4 四槓 Four Kongs (a limit: counts alone)',
    hand: handOf('99s', '9s', { exposed: ['kong 6666m', 'kong 1111p', 'kong 3333s', 'kong EEEE'] }),
    elements: ['4.3.4'],
    total: 480,
  },
  // 5. 一色同順類
  { rule: '5.1.1 一般高 Two Identical Chows', hand: handOf('234m 234m 567p 999s 11p', '5p'), elements: ['1.2', '5.1.1'], total: 15 },
  { rule: '5.1.2 兩般高 Two Identical Chows Twice', hand: handOf('234m 234m 567p 567p 11s', '5p'), elements: ['1.1', '1.2', '5.1.2'], total: 70 },
  {
    rule: '5.1.3 一色三同順 Three Identical Chows',
    hand: handOf('234m 234m 567p 11s', '5p', { exposed: ['chow 234m'] }),
    elements: ['1.1', '5.1.3'],
    total: 125,
  },
  { rule: '5.1.4 一色四同順 Four Identical Chows (a limit: counts alone)', hand: handOf('234m 234m 234m 234m 11s', '1s'), elements: ['5.1.4'], total: 480 },
  // 6. 三色同類
  { rule: '6.1 三色同順 Three Similar Chows', hand: handOf('345m 345p 345s 999m 11p', '3m'), elements: ['1.2', '6.1'], total: 40 },
  { rule: '6.2.1 三色小同刻 Little Three Similar Pungs', hand: handOf('555m 555p 55s 123m 789p', '1m'), elements: ['1.2', '4.2.1', '6.2.1'], total: 40 },
  { rule: '6.2.2 三色同刻 Three Similar Pungs', hand: handOf('555m 555p 555s 123m 99p', '1m'), elements: ['1.2', '4.2.2', '6.2.2'], total: 155 },
  // 7. 連續類
  { rule: '7.1 一氣通貫 Nine-Tile Straight', hand: handOf('123m 456m 789m 555p 11s', '5p'), elements: ['1.2', '7.1'], total: 45 },
  {
    rule: '7.2.1 三連刻 Three Consecutive Pungs',
    hand: handOf('777p 234s 11m', '2s', { exposed: ['pung 555p', 'pung 666p'] }),
    elements: ['7.2.1'],
    total: 100,
  },
  {
    rule: '7.2.2 四連刻 Four Consecutive Pungs',
    hand: handOf('555p 666p 99s', '9s', { exposed: ['pung 333p', 'pung 444p'] }),
    elements: ['4.1', '4.2.1', '7.2.2'],
    total: 235,
  },
  // 8. 么九類
  {
    rule: '8.1.1 混全帶么 Mixed Lesser Terminals',
    hand: handOf('123m 789p 99m', '1m', { exposed: ['pung 111s', 'pung NNN'] }),
    elements: ['8.1.1'],
    total: 40,
  },
  {
    rule: '8.1.2 純全帶么 Pure Lesser Terminals',
    hand: handOf('123m 789p 99m', '1m', { exposed: ['pung 111s', 'chow 789s'] }),
    elements: ['8.1.2'],
    total: 50,
  },
  {
    rule: '8.1.3 混么九 Mixed Greater Terminals',
    hand: handOf('111m 999p NN', 'N', { exposed: ['pung 111s', 'pung EEE'] }),
    elements: ['4.1', '4.2.1', '8.1.3'],
    total: 135,
  },
  { rule: '8.1.3 混么九 as seven pairs', hand: handOf('11m 99m 11p 99p EE NN RdRd', 'Rd'), elements: ['8.1.3', '10.2'], total: 130 },
  { rule: '8.1.4 清么九 Pure Greater Terminals (a limit: counts alone)', hand: handOf('111m 999m 111p 999p 11s', '1s'), elements: ['8.1.4'], total: 400 },
  // 9. 偶然類
  {
    rule: '9.1.1 海底撈月 Final Draw: self-drawn on the last tile',
    hand: handOf('234m 567m 345p 999s 11p', '5m', { selfDrawn: true, lastTile: true }),
    elements: ['1.2', '9.1.1'],
    total: 15,
  },
  {
    rule: '9.1.2 河底撈魚 Final Discard: won on the last discard',
    hand: handOf('234m 567m 345p 999s 11p', '5m', { lastTile: true }),
    elements: ['1.2', '9.1.2'],
    total: 15,
  },
  {
    rule: '9.2 嶺上開花 Win on Kong',
    hand: handOf('234m 567p 345s 99s', '2m', { exposed: ['kong 6666m'], selfDrawn: true, kongReplacement: true }),
    elements: ['4.3.1', '9.2'],
    total: 15,
  },
  { rule: '9.3 搶槓 Robbing a Kong', hand: handOf('234m 567m 345p 999s 11p', '5m', { robbingKong: true }), elements: ['1.2', '9.3'], total: 15 },
  {
    rule: '9.4.1 天和 Blessing of Heaven',
    hand: handOf('234m 567m 345p 999s 11p', '5m', { seatWind: 'E', selfDrawn: true, blessingOfHeaven: true }),
    elements: ['1.2', '9.4.1'],
    total: 160,
  },
  { rule: '9.4.2 地和 Blessing of Earth', hand: handOf('234m 567m 345p 999s 11p', '5m', { blessingOfEarth: true }), elements: ['1.2', '9.4.2'], total: 160 },
  // 10. 特殊類
  { rule: '10.1 十三么九 Thirteen Terminals', hand: handOf('19m 19p 19s ESWN WdGdRd Rd', 'Rd'), elements: ['10.1'], total: 160 },
  { rule: '10.2 七對子 Seven Pairs', hand: handOf('22m 55m 77p 88p 33s 66s EE', 'E'), elements: ['10.2'], total: 30 },
  { rule: '10.2 七對子: four identical tiles (no kong declared) are two pairs', hand: handOf('2222m 77p 88p 33s 66s EE', 'E'), elements: ['10.2'], total: 30 },
  { rule: '10.2 七對子 with 斷么九 and 清一色', hand: handOf('2222m 33m 55m 6666m 88m', '8m'), elements: ['1.3', '2.1.2', '10.2'], total: 115 },
];

describe('scoreHand: one or more hands per catalogue element', () => {
  it.each(rows)('$rule', ({ hand, elements, total }) => {
    const r = scoreHand(hand, ZUNG_JUNG_WMC);
    if ('refused' in r) throw new Error(`refused: ${r.refused.field} ${r.refused.message}`);
    expect(r.elements.map((e) => e.code)).toEqual(elements);
    expect(r.total).toBe(total);
  });

  it('every one of the 44 catalogue elements is scored by at least one row', () => {
    const seen = new Set(rows.flatMap((r) => r.elements));
    expect(ZUNG_JUNG_WMC.catalogue.map((e) => e.code).filter((c) => !seen.has(c))).toEqual([]);
  });
});
