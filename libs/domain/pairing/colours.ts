import { byRank } from './field.js';
import type { PairedGame, PairingPlayer } from './types.js';

/**
 * First/second balance for 2-player systems (Arbitra rule; the rule texts do not say):
 * the player who has moved first more often so far moves second; on equal firsts, the one with
 * fewer seconds moves second (so the one who has gone second more often now goes first); on a
 * full tie, the higher-ranked player (smaller rank) moves first.
 */
export function orient(a: PairingPlayer, b: PairingPlayer, table: number): PairedGame {
  let aFirst: boolean;
  if (a.firsts !== b.firsts) aFirst = a.firsts < b.firsts;
  else if (a.seconds !== b.seconds) aFirst = a.seconds > b.seconds;
  else aFirst = byRank(a, b) < 0;
  return aFirst ? { table, first: a.id, second: b.id } : { table, first: b.id, second: a.id };
}

/** Numbers the games 1.. in order of the better-ranked player of each pair and orients each. */
export function toGames(pairs: ReadonlyArray<readonly [PairingPlayer, PairingPlayer]>): PairedGame[] {
  const ordered = pairs.map(([a, b]) => (byRank(a, b) <= 0 ? ([a, b] as const) : ([b, a] as const))).sort((x, y) => byRank(x[0], y[0]));
  return ordered.map(([a, b], i) => orient(a, b, i + 1));
}

export const COLOUR_NOTE = 'first/second: the player with more firsts so far goes second; ties go to fewer seconds, then the higher rank goes first';
