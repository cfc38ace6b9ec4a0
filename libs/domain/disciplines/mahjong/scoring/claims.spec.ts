import { describe, expect, it } from '@jest/globals';
import { ZUNG_JUNG_WMC, isLimitElement, type ScoringProfile } from './catalogue.js';
import { totalClaimed } from './claims.js';
import { isTile, parseTiles } from './tiles.js';

const P = ZUNG_JUNG_WMC;

describe('the Zung Jung catalogue (計分系統 基本規則 2-3)', () => {
  it('基本規則 2: the WMC catalogue has 44 elements in 10 categories, with unique codes', () => {
    expect(P.catalogue).toHaveLength(44);
    expect(new Set(P.catalogue.map((e) => e.code)).size).toBe(44);
    expect([...new Set(P.catalogue.map((e) => e.category))].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('基本規則 3: the first digit of a code is the category, the second the series (33 = 字牌類, 四喜系列)', () => {
    for (const e of P.catalogue) {
      const [cat, series] = e.code.split('.');
      expect(e.category).toBe(Number(cat));
      expect(e.series).toBe(`${cat}.${series}`);
    }
    expect(P.catalogue.filter((e) => e.series === '3.3').map((e) => e.chinese)).toEqual(['小三風', '大三風', '小四喜', '大四喜']);
  });

  it('the text prints 1.1 平和 at 5 points and 四暗刻 + 門前清 + 對對和 = 125 + 5 + 30 (基本規則 4)', () => {
    const pts = (c: string) => P.catalogue.find((e) => e.code === c)?.points;
    expect(pts('1.1')).toBe(5);
    expect([pts('4.2.3'), pts('1.2'), pts('4.1')]).toEqual([125, 5, 30]);
  });

  it('基本規則 6: the limit elements are exactly those worth 320 or more', () => {
    const limits = P.catalogue.filter((e) => e.limit).map((e) => e.code);
    expect(limits).toEqual(['2.2', '3.3.3', '3.3.4', '3.4', '4.3.4', '5.1.4', '8.1.4']);
    for (const e of P.catalogue) expect(isLimitElement(e, P)).toBe(e.points >= 320);
  });

  it('only 3.1 番牌 counts per set (基本規則 4)', () => {
    expect(P.catalogue.filter((e) => e.perSet).map((e) => e.code)).toEqual(['3.1']);
  });

  it('tiles: 34 kinds, no flowers; parseTiles reads the compact notation', () => {
    expect(['1m', '9s', 'E', 'N', 'Wd', 'Gd', 'Rd'].every(isTile)).toBe(true);
    expect(['0m', '1z', 'F1', 'w', ''].some(isTile)).toBe(false);
    expect(parseTiles('123m 55p EEE WdRd')).toEqual(['1m', '2m', '3m', '5p', '5p', 'E', 'E', 'E', 'Wd', 'Rd']);
    expect(() => parseTiles('12x')).toThrow(RangeError);
  });
});

describe('totalClaimed: the referee’s claimed elements', () => {
  it('sums the elements: no base points (基本規則 2); 四暗刻 + 門前清 + 對對和 = 160', () => {
    expect(totalClaimed(['4.2.3', '1.2', '4.1'], P)).toEqual({
      total: 160,
      rawSum: 160,
      counted: [
        { code: '4.2.3', points: 125 },
        { code: '1.2', points: 5 },
        { code: '4.1', points: 30 },
      ],
      falseWin: false,
    });
  });

  it('unknown code is refused naming elements[i]', () => {
    expect(totalClaimed(['1.1', '99.9'], P)).toEqual({ refused: expect.objectContaining({ rule: 'mahjong/unknown-element', field: 'elements[1]' }) });
  });

  it('基本規則 4: one element per series — two of one series are refused naming the second', () => {
    const r = totalClaimed(['1.2', '3.3.1', '3.3.2'], P);
    expect(r).toEqual({ refused: expect.objectContaining({ rule: 'mahjong/one-element-per-series', field: 'elements[2]' }) });
    expect('refused' in r && r.refused.message).toContain('elements[1]');
  });

  it('基本規則 4: a non-perSet element claimed twice is refused', () => {
    expect(totalClaimed(['1.2', '1.2'], P)).toEqual({ refused: expect.objectContaining({ rule: 'mahjong/duplicate-element', field: 'elements[1]' }) });
  });

  it('基本規則 4 (番牌例外): 3.1 counts per set — three dragon pungs with 大三元 total 160', () => {
    const r = totalClaimed(['3.1', '3.1', '3.1', '3.2.2'], P);
    expect(r).toMatchObject({ total: 160, rawSum: 160, falseWin: false });
  });

  it('3.1 番牌 more often than a hand has sets (4) is refused', () => {
    expect(totalClaimed(['3.1', '3.1', '3.1', '3.1', '3.1'], P)).toEqual({
      refused: expect.objectContaining({ rule: 'mahjong/per-set-count', field: 'elements[4]' }),
    });
  });

  it('基本規則 4: elements of different series all count even when they always go together', () => {
    expect(totalClaimed(['2.1.2', '1.2', '5.1.1'], P)).toMatchObject({ total: 95, falseWin: false });
  });

  it('基本規則 6 (數滿貫): a sum over 320 counts 320', () => {
    // 清一色 80 + 三槓 120 + 對對和 30 + 三暗刻 30 + 三連刻 100 = 360
    const r = totalClaimed(['2.1.2', '4.3.3', '4.1', '4.2.2', '7.2.1'], P);
    expect(r).toMatchObject({ total: 320, rawSum: 360, falseWin: false });
    expect('counted' in r && r.counted).toHaveLength(5);
  });

  it('基本規則 6 (役滿貫): a limit element counts alone, only the highest', () => {
    // 字一色 320 + 大四喜 400 + 對對和 30 → only 大四喜 400
    expect(totalClaimed(['3.4', '3.3.4', '4.1', '3.1'], P)).toEqual({ total: 400, rawSum: 760, counted: [{ code: '3.3.4', points: 400 }], falseWin: false });
    // 九蓮寶燈 480 alone, 清一色 dropped
    expect(totalClaimed(['2.1.2', '2.2', '1.2'], P)).toMatchObject({ total: 480, counted: [{ code: '2.2', points: 480 }] });
  });

  it('基本規則 5 (起和): under 5 points is a false win — no elements at all (雞和)', () => {
    expect(totalClaimed([], P)).toEqual({ total: 0, rawSum: 0, counted: [], falseWin: true });
  });

  it('基本規則 5: the minimum and limit are profile values', () => {
    const strict: ScoringProfile = { ...P, id: 'strict', minimumPoints: 10, limitPoints: 100 };
    expect(totalClaimed(['1.2'], strict)).toMatchObject({ total: 5, falseWin: true });
    expect(totalClaimed(['2.1.2', '4.1'], strict)).toMatchObject({ total: 100, rawSum: 110 });
    // 三槓 120 is a limit element under a 100 limit: it counts alone
    expect(totalClaimed(['4.3.3', '2.1.1'], strict)).toMatchObject({ total: 120, counted: [{ code: '4.3.3', points: 120 }] });
  });
});

describe('世界麻將大賽規則, 和牌的計分 11 (自由數和): one claim, one arrangement', () => {
  const refusedAt = (codes: string[]) => {
    const r = totalClaimed(codes, ZUNG_JUNG_WMC);
    return 'refused' in r ? { rule: r.refused.rule, field: r.refused.field } : null;
  };
  it("refuses the text's two examples: 一色三同順 with 三連刻, 兩般高 with 七對子 (nothing is paid on them)", () => {
    expect(refusedAt(['5.1.3', '7.2.1'])).toEqual({ rule: 'mahjong/one-arrangement', field: 'elements[1]' });
    expect(refusedAt(['5.1.2', '10.2'])).toEqual({ rule: 'mahjong/one-arrangement', field: 'elements[1]' });
    expect(refusedAt(['10.2', '5.1.2'])).toEqual({ rule: 'mahjong/one-arrangement', field: 'elements[1]' });
  });
  it('refuses more sets than a hand has (平和 with 番牌; 對對和 with 一般高), and two irregular shapes together', () => {
    expect(refusedAt(['1.1', '3.1'])).toEqual({ rule: 'mahjong/one-arrangement', field: 'elements[1]' });
    expect(refusedAt(['4.1', '5.1.1'])).toEqual({ rule: 'mahjong/one-arrangement', field: 'elements[1]' });
    expect(refusedAt(['10.1', '10.2'])).toEqual({ rule: 'mahjong/one-arrangement', field: 'elements[1]' });
    expect(refusedAt(['3.1', '3.1', '3.1', '6.1'])).toEqual({ rule: 'mahjong/one-arrangement', field: 'elements[3]' });
  });
  it('accepts what one arrangement holds: 三連刻 with 三暗刻 and 對對和 (the same pungs), 一色三同順 with 清一色, 番牌 with 三色同順, 七對子 with 清一色', () => {
    expect(refusedAt(['7.2.1', '4.2.2', '4.1'])).toBeNull();
    expect(refusedAt(['5.1.3', '2.1.2', '1.2'])).toBeNull();
    expect(refusedAt(['10.2', '2.1.2'])).toBeNull();
    expect(refusedAt(['3.1', '6.1'])).toBeNull();
  });
});
