/**
 * WMC 世界麻將大賽規則, 和牌的計分 11 (自由數和): 手牌只可以按一個牌形計分﹐不能同時加計不同牌形的和種 (例如不能同時計
 * 「一色三同順」與「三連刻」﹐或「兩般高」與「七對子」). A claim is refused when no single arrangement can hold all its
 * elements: an irregular hand (七對子, 十三么九) has no sets, and a regular one has four (麻將規則 和牌形 2). What each
 * element needs at least is counted without overlap between chows and pungs only, so a claim refused here is impossible.
 */
import type { CatalogueElement } from './catalogue.js';

/** The chows and pungs (kongs included) an element needs at least, or that it is an irregular hand. */
const NEEDS: Record<string, { readonly chows?: number; readonly pungs?: number; readonly irregular?: true }> = {
  '1.1': { chows: 4 },
  '2.2': { pungs: 0, chows: 0 }, // 九蓮寶燈: a regular arrangement (its sets are not fixed)
  '3.1': { pungs: 1 },
  '3.2.1': { pungs: 2 },
  '3.2.2': { pungs: 3 },
  '3.3.1': { pungs: 2 },
  '3.3.2': { pungs: 3 },
  '3.3.3': { pungs: 3 },
  '3.3.4': { pungs: 4 },
  '4.1': { pungs: 4 },
  '4.2.1': { pungs: 2 },
  '4.2.2': { pungs: 3 },
  '4.2.3': { pungs: 4 },
  '4.3.1': { pungs: 1 },
  '4.3.2': { pungs: 2 },
  '4.3.3': { pungs: 3 },
  '4.3.4': { pungs: 4 },
  '5.1.1': { chows: 2 },
  '5.1.2': { chows: 4 },
  '5.1.3': { chows: 3 },
  '5.1.4': { chows: 4 },
  '6.1': { chows: 3 },
  '6.2.1': { pungs: 2 },
  '6.2.2': { pungs: 3 },
  '7.1': { chows: 3 },
  '7.2.1': { pungs: 3 },
  '7.2.2': { pungs: 4 },
  '10.1': { irregular: true },
  '10.2': { irregular: true },
};
const SETS_IN_A_HAND = 4;
const RULE = '世界麻將大賽規則, 和牌的計分 11 (自由數和): 手牌只可以按一個牌形計分﹐不能同時加計不同牌形的和種';

/** The index of the first claimed element that no single arrangement can hold with those before it, and why; or null. */
export function arrangementConflict(claimed: readonly CatalogueElement[]): { index: number; message: string } | null {
  let chows = 0;
  let pungs = 0;
  let regular: CatalogueElement | null = null;
  let irregular: CatalogueElement | null = null;
  let perSetPungs = 0;
  const name = (e: CatalogueElement) => `${e.code} ${e.chinese}`;
  for (let i = 0; i < claimed.length; i++) {
    const e = claimed[i];
    const needs = NEEDS[e.code];
    if (!needs) continue;
    if (needs.irregular) {
      const other = irregular ?? regular;
      if (other) return { index: i, message: `${name(e)} is its own arrangement (no sets); ${name(other)} needs another (${RULE})` };
      irregular = e;
      continue;
    }
    if (irregular) return { index: i, message: `${name(e)} needs sets; ${name(irregular)} is an arrangement without sets (${RULE})` };
    regular ??= e;
    // 番牌 is claimed once per set: its pungs add up; other pung elements may be those very pungs.
    if (e.code === '3.1') perSetPungs++;
    chows = Math.max(chows, needs.chows ?? 0);
    pungs = Math.max(pungs, needs.pungs ?? 0, perSetPungs);
    if (chows + pungs > SETS_IN_A_HAND)
      return {
        index: i,
        message: `${name(e)} with the elements before it needs at least ${chows} chow(s) and ${pungs} pung(s), more than the ${SETS_IN_A_HAND} sets of one arrangement (${RULE})`,
      };
  }
  return null;
}
