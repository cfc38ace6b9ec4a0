/** The catalogue names of the default scoring profile, by code (for the rules that name a pattern: 七對子, 十三么九). */
import { ZUNG_JUNG_WMC, type Tile } from './scoring/index.js';

export type { Tile };

export function elementNames(code: string): string {
  const e = ZUNG_JUNG_WMC.catalogue.find((x) => x.code === code);
  return e ? `${e.name} ${e.chinese}` : '';
}
