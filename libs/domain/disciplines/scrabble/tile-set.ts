/** Counted, optionally lettered tile sets (bag, racks, tiles set aside). */
import { removeTiles, sortTiles } from './tiles.js';
import type { TileSet } from './scrabble.state.js';

export function addToSet(set: TileSet, count: number, tiles: readonly string[] | null): TileSet {
  return { count: set.count + count, tiles: set.tiles && tiles ? sortTiles([...set.tiles, ...tiles]) : null };
}

export function takeFromSet(set: TileSet, count: number, tiles: readonly string[] | null): TileSet {
  return { count: set.count - count, tiles: set.tiles && tiles ? (removeTiles(set.tiles, tiles) ?? set.tiles) : null };
}
