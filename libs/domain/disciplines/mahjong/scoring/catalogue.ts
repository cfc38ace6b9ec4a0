/**
 * The scoring catalogue as a rules profile. The default is the Zung Jung (中庸, Alan Kwan) catalogue the WMC uses
 * (世界麻將大賽規則, 計分系統 基本規則 2: 「世界麻將大賽計分法」的44個「和種」): 44 elements in 10 categories.
 * Codes follow the public Zung Jung numbering, which the text uses (基本規則 3: the first digit is the category, the
 * second the series, e.g. 33 = 字牌類「四喜系列」); a third digit orders the elements inside a series, lowest first.
 * The text prints the principles and only the first element (1.1 平和 5); the other names, points and series are the
 * public Zung Jung catalogue. A federation may load another profile.
 */
export interface CatalogueElement {
  /** Zung Jung code, e.g. '1.1', '3.3.3'. */
  code: string;
  name: string;
  chinese: string;
  points: number;
  /** 1..10 */
  category: number;
  /** Elements of one series: only the highest counts (基本規則 4). null = no series. */
  series: string | null;
  /** May count once per set (3.1 番牌: 基本規則 4, 「可每刻加算10分」). */
  perSet?: boolean;
  /** A limit element (役滿貫, 320 or more: 基本規則 6): counts alone, only the highest. */
  limit?: boolean;
}

export interface ScoringProfile {
  id: string;
  catalogue: readonly CatalogueElement[];
  /** 基本規則 5 (5分「起和」): a hand needs 5 points or more; a 0-point hand is a false win (錯和). */
  minimumPoints: number;
  /** 基本規則 6 (滿貫): 320. A sum over it counts 320 (數滿貫); a single element of 320+ counts alone (役滿貫). */
  limitPoints: number;
  /** How often a perSet element may be claimed (default 4: a hand has four sets, 麻將規則 和牌形 2). */
  maxPerSet?: number;
}

const el = (code: string, name: string, chinese: string, points: number, extra: Partial<CatalogueElement> = {}): CatalogueElement => {
  const parts = code.split('.');
  return { code, name, chinese, points, category: Number(parts[0]), series: `${parts[0]}.${parts[1]}`, ...extra };
};
const LIMIT = { limit: true } as const;

export const ZUNG_JUNG_WMC: ScoringProfile = {
  id: 'zung-jung-wmc',
  // 世界麻將大賽規則, 計分系統 基本規則 5: 「手牌必須要有5分以上的和種…方可以和牌」.
  minimumPoints: 5,
  // 世界麻將大賽規則, 計分系統 基本規則 6: 「320分為「滿貫」」.
  limitPoints: 320,
  // 世界麻將大賽規則, 麻將規則 和牌形 2: four sets and a pair — so at most four 番牌 sets.
  maxPerSet: 4,
  catalogue: [
    // 1. 門斷平類 (Trivial patterns). 1.1 平和 5 is printed in the text (「世界麻將大賽計分法」里的計分和種, 1).
    el('1.1', 'All Chows', '平和', 5),
    el('1.2', 'Concealed Hand', '門前清', 5),
    el('1.3', 'No Terminals', '斷么九', 5),
    // 2. 一色類 (One-suit patterns)
    el('2.1.1', 'Mixed One-Suit', '混一色', 40),
    el('2.1.2', 'Pure One-Suit', '清一色', 80),
    el('2.2', 'Nine Gates', '九蓮寶燈', 480, LIMIT),
    // 3. 字牌類 / 番子類 (Honour tiles). 3.1 番牌 per set: 基本規則 4.
    el('3.1', 'Value Honour (dragon or seat-wind pung)', '番牌', 10, { perSet: true }),
    el('3.2.1', 'Small Three Dragons', '小三元', 40),
    el('3.2.2', 'Big Three Dragons', '大三元', 130),
    el('3.3.1', 'Small Three Winds', '小三風', 30),
    el('3.3.2', 'Big Three Winds', '大三風', 120),
    el('3.3.3', 'Small Four Winds', '小四喜', 320, LIMIT),
    el('3.3.4', 'Big Four Winds', '大四喜', 400, LIMIT),
    el('3.4', 'All Honours', '字一色', 320, LIMIT),
    // 4. 刻槓類 (Pungs and kongs). 四暗刻 125, 對對和 30, 門前清 5 are confirmed by the text (基本規則 4: 125+5+30=160).
    el('4.1', 'All Pungs', '對對和', 30),
    el('4.2.1', 'Two Concealed Pungs', '二暗刻', 5),
    el('4.2.2', 'Three Concealed Pungs', '三暗刻', 30),
    el('4.2.3', 'Four Concealed Pungs', '四暗刻', 125),
    el('4.3.1', 'One Kong', '一槓', 5),
    el('4.3.2', 'Two Kongs', '二槓', 20),
    el('4.3.3', 'Three Kongs', '三槓', 120),
    el('4.3.4', 'Four Kongs', '四槓', 480, LIMIT),
    // 5. 一色同順類 (Identical sets)
    el('5.1.1', 'Two Identical Chows', '一般高', 10),
    el('5.1.2', 'Two Identical Chows Twice', '兩般高', 60),
    el('5.1.3', 'Three Identical Chows', '一色三同順', 120),
    el('5.1.4', 'Four Identical Chows', '一色四同順', 480, LIMIT),
    // 6. 三色同類 (Similar sets)
    el('6.1', 'Three Similar Chows', '三色同順', 35),
    el('6.2.1', 'Little Three Similar Pungs', '三色小同刻', 30),
    el('6.2.2', 'Three Similar Pungs', '三色同刻', 120),
    // 7. 連續類 (Consecutive sets)
    el('7.1', 'Nine-Tile Straight', '一氣通貫', 40),
    el('7.2.1', 'Three Consecutive Pungs', '三連刻', 100),
    el('7.2.2', 'Four Consecutive Pungs', '四連刻', 200),
    // 8. 么九類 (Terminals)
    el('8.1.1', 'Mixed Lesser Terminals', '混全帶么', 40),
    el('8.1.2', 'Pure Lesser Terminals', '純全帶么', 50),
    el('8.1.3', 'Mixed Greater Terminals', '混么九', 100),
    el('8.1.4', 'Pure Greater Terminals', '清么九', 400, LIMIT),
    // 9. 偶然類 (Incidental bonuses)
    el('9.1.1', 'Final Draw', '海底撈月', 10),
    el('9.1.2', 'Final Discard', '河底撈魚', 10),
    el('9.2', 'Win on Kong', '嶺上開花', 10),
    el('9.3', 'Robbing a Kong', '搶槓', 10),
    el('9.4.1', 'Blessing of Heaven', '天和', 155),
    el('9.4.2', 'Blessing of Earth', '地和', 155),
    // 10. 特殊類 (Irregular hands): the two special winning shapes (麻將規則 和牌形 3).
    el('10.1', 'Thirteen Terminals', '十三么九', 160),
    el('10.2', 'Seven Pairs', '七對子', 30),
  ],
};

/** The element with this code in the profile, or undefined. */
export function elementOf(profile: ScoringProfile, code: string): CatalogueElement | undefined {
  return profile.catalogue.find((e) => e.code === code);
}

/** A limit element: flagged so, or worth the limit or more (基本規則 6: 「320分以上的大牌和種」). */
export function isLimitElement(e: CatalogueElement, profile: ScoringProfile): boolean {
  return e.limit === true || e.points >= profile.limitPoints;
}
