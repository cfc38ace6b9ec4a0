import { byRank } from './field.js';
import type { PairedTable, PairingPlayer, Wind } from './types.js';

export const WINDS: readonly Wind[] = ['E', 'S', 'W', 'N'];

/**
 * Winds for a table of four (Arbitra rule, from what the request holds: `firsts` counts the
 * times a player sat East). The player who has been East least often sits East; the others
 * follow in the same order (fewest firsts first), ties to the higher rank.
 *
 * Why only East is balanced: WMC 莊家及門風 5 輪莊 (打完一局後﹐輪到之前的南家做下一局的莊家﹐這樣
 * 便一圈裡四家各有一次做莊機會) rotates the dealer so every seat deals once per 圈, and WMC 6
 * says East's only edge is the first discard (莊家有首先打牌的利益﹐但在計分上沒有特別利弊), with no
 * 場風 used. Note WMC 執位 (每半場或小段開始時﹐一台的四人要實行執位程式) lets the table redraw seats with
 * the wind tiles; the winds assigned here are the starting seats on the table card
 * (選手會獲發台號紙), which a federation may keep or redraw.
 */
export function seatWinds(table: number, members: readonly PairingPlayer[]): PairedTable {
  const ordered = members.slice().sort((a, b) => (a.firsts !== b.firsts ? a.firsts - b.firsts : byRank(a, b)));
  return { table, seats: ordered.map((p, i) => ({ player: p.id, wind: WINDS[i] })) };
}
