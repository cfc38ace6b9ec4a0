/**
 * 罰張 (WMC 麻將規則): exposed tiles are live penalty tiles until the player discards another tile, then dead;
 * live or dead they never form an exposed set nor a single-wait discard win; seven pairs cannot win on a
 * discard pairing a penalty tile; thirteen orphans cannot win on a discard of a penalty tile's kind, and with
 * three or more penalty tiles wins by self-draw only.
 */
import { refuse } from '../../kernel/index.js';
import { elementNames, type Tile } from './scoring-lookup.js';
import { RULES, type MahjongTableProfile } from './mahjong.rules.js';
import type { HandOutcome, SeatInHand } from './mahjong.types.js';

const HONOURS = new Set(['E', 'S', 'W', 'N', 'Wd', 'Gd', 'Rd']);

/** The seat's penalty tiles after it discards `tile`: the discarded one (if live) is no longer one; the other live ones die (罰張 2, 7). */
export function afterDiscard(seat: SeatInHand, tile: Tile): { live: Tile[]; dead: Tile[]; died: Tile[] } {
  const live = [...seat.liveTiles];
  const i = live.indexOf(tile);
  if (i >= 0) live.splice(i, 1);
  return { live: [], dead: [...seat.deadTiles, ...live], died: live };
}

/** Penalty tiles of a deal exposure: 罰張 6 — the first tile(s) exposed while arranging the deal are free. */
export function dealExposure(seat: SeatInHand, tiles: readonly Tile[], profile: MahjongTableProfile): { free: Tile[]; penalty: Tile[] } {
  const freeLeft = Math.max(0, profile.freeDealExposures - seat.dealExposures);
  return { free: tiles.slice(0, freeLeft), penalty: tiles.slice(freeLeft) };
}

/** Refuses a discard win (or robbing a kong) that the text forbids with the winner's penalty tiles. */
export function checkPenaltyTileWin(
  profile: MahjongTableProfile,
  seat: SeatInHand,
  outcome: Extract<HandOutcome, { kind: 'win' }>,
  elements: readonly { code: string }[],
): void {
  const tiles = [...seat.liveTiles, ...seat.deadTiles];
  if (tiles.length === 0 || outcome.by === 'self-draw') return;
  const special = (pattern: RegExp) => elements.some((e) => pattern.test(elementNames(e.code)));
  const winning = outcome.winningTile ?? outcome.hand?.winningTile;
  if (special(/thirteen|十三/i)) {
    if (tiles.length >= profile.orphansSelfDrawOnlyAt)
      refuse('mahjong/penalty-tiles-self-draw-only', `with ${tiles.length} penalty tiles, thirteen orphans wins by self-draw only`, RULES.penaltyTileOrphans, {
        field: 'outcome.by',
      });
    if (winning !== undefined && tiles.includes(winning))
      refuse('mahjong/penalty-tile-win', `thirteen orphans cannot win on a discarded ${winning}, the kind of a penalty tile`, RULES.penaltyTileOrphans, {
        field: 'outcome.winningTile',
      });
    return;
  }
  if (winning === undefined || !tiles.includes(winning)) return;
  if (special(/seven pairs|七對/i))
    refuse('mahjong/penalty-tile-win', `seven pairs cannot win on a discarded ${winning} to pair a penalty tile`, RULES.penaltyTileSevenPairs, {
      field: 'outcome.winningTile',
    });
  // An honour has no chow: a discarded one of a penalty tile's kind completes a pair or a pung with the penalty tile.
  if (HONOURS.has(winning))
    refuse('mahjong/penalty-tile-win', `a discarded ${winning} would complete an exposed set with a penalty tile`, RULES.penaltyTileUse, {
      field: 'outcome.winningTile',
    });
}
