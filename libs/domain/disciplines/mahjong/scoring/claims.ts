/**
 * The referee's claimed elements, validated and totalled with the text's rules (世界麻將大賽規則, 計分系統 基本規則 4-6).
 */
import { arrangementConflict } from './arrangement.js';
import { elementOf, isLimitElement, type CatalogueElement, type ScoringProfile } from './catalogue.js';

export interface CountedElement {
  code: string;
  points: number;
}
export interface ClaimedTotal {
  total: number;
  rawSum: number;
  counted: CountedElement[];
  falseWin: boolean;
}
export type ClaimRefusal = { rule: string; message: string; field: string };

/** Default cap on per-set claims when a profile gives none: four sets in a hand (麻將規則 和牌形 2). */
const DEFAULT_MAX_PER_SET = 4;

/**
 * The total of a set of elements that already respect the series rule:
 * - 基本規則 6 (役滿貫): if one element is worth the limit or more, only the highest such element counts, alone;
 * - 基本規則 6 (數滿貫): otherwise a sum over the limit counts as the limit;
 * - 基本規則 5 (起和): a total under the minimum (a 0-point 雞和 included) is a false win (錯和).
 */
export function totalOf(elements: readonly { element: CatalogueElement; points: number }[], profile: ScoringProfile): ClaimedTotal {
  const rawSum = elements.reduce((s, e) => s + e.points, 0);
  let best: { element: CatalogueElement; points: number } | undefined;
  for (const e of elements) if (isLimitElement(e.element, profile) && (!best || e.points > best.points)) best = e;
  if (best) return { total: best.points, rawSum, counted: [{ code: best.element.code, points: best.points }], falseWin: false };
  const total = Math.min(rawSum, profile.limitPoints);
  return { total, rawSum, counted: elements.map((e) => ({ code: e.element.code, points: e.points })), falseWin: total < profile.minimumPoints };
}

/**
 * Validates the claimed codes (unknown code; a non-perSet code twice; two codes of one series — 基本規則 4, 番牌 excepted;
 * a perSet code more often than a hand has sets; elements no single arrangement holds, 和牌的計分 11) and totals them with {@link totalOf}.
 */
export function totalClaimed(codes: readonly string[], profile: ScoringProfile): ClaimedTotal | { refused: ClaimRefusal } {
  const seen: { element: CatalogueElement; points: number }[] = [];
  const bySeries = new Map<string, number>();
  const perSetCount = new Map<string, number>();
  const maxPerSet = profile.maxPerSet ?? DEFAULT_MAX_PER_SET;
  for (let i = 0; i < codes.length; i++) {
    const field = `elements[${i}]`;
    const element = elementOf(profile, codes[i]);
    if (!element) {
      return { refused: { rule: 'mahjong/unknown-element', field, message: `'${codes[i]}' is not an element of the ${profile.id} catalogue` } };
    }
    if (element.perSet) {
      const n = (perSetCount.get(element.code) ?? 0) + 1;
      if (n > maxPerSet) {
        return {
          refused: {
            rule: 'mahjong/per-set-count',
            field,
            message: `${element.code} ${element.chinese} counts once per set; a hand has at most ${maxPerSet} sets (麻將規則, 和牌形 2)`,
          },
        };
      }
      perSetCount.set(element.code, n);
    } else if (seen.some((s) => s.element.code === element.code)) {
      return {
        refused: {
          rule: 'mahjong/duplicate-element',
          field,
          message: `${element.code} ${element.chinese} is claimed twice; only 3.1 番牌 counts per set (計分系統 基本規則 4)`,
        },
      };
    }
    if (element.series !== null) {
      const first = bySeries.get(element.series);
      if (first !== undefined && codes[first] !== element.code) {
        return {
          refused: {
            rule: 'mahjong/one-element-per-series',
            field,
            message:
              `${element.code} ${element.chinese} and elements[${first}] ${codes[first]} are of one series (${element.series}); ` +
              'only one element of a series counts (計分系統 基本規則 4: 同一系列的和種只能算一個次)',
          },
        };
      }
      if (first === undefined) bySeries.set(element.series, i);
    }
    seen.push({ element, points: element.points });
  }
  // 和牌的計分 11: the elements of one claim are those of one arrangement (e.g. not 一色三同順 with 三連刻).
  const conflict = arrangementConflict(seen.map((s) => s.element));
  if (conflict) return { refused: { rule: 'mahjong/one-arrangement', field: `elements[${conflict.index}]`, message: conflict.message } };
  return totalOf(seen, profile);
}
