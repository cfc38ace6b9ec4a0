/** The match around the games (西瓜棋规则 第十条, 第十一条): who has won it, who moves first in the next game. */
import { RULES } from './xiguaqi.rules.js';
import { other } from './position.js';
import type { MatchOutcome, Seat, XiguaqiMatch } from './xiguaqi.types.js';

/** 第十条: two wins of three, three of five. */
export const winsNeeded = (bestOf: 3 | 5): number => (bestOf === 3 ? 2 : 3);

export function gameWins(match: XiguaqiMatch): [number, number] {
  const wins: [number, number] = [0, 0];
  for (const g of match.games) if (g.outcome && g.outcome.winner !== null) wins[g.outcome.winner] += 1;
  return wins;
}

export function capturedTotals(match: XiguaqiMatch): [number, number] {
  return match.games.reduce<[number, number]>((t, g) => [t[0] + g.captured[0], t[1] + g.captured[1]], [0, 0]);
}

/**
 * 第十条: the match is over once a player has the wins needed, or all its games are played (a drawn game
 * counts as played, won by neither: Arbitra, the text is silent on drawn games); more game wins takes it.
 */
export function matchOutcome(match: XiguaqiMatch): MatchOutcome | null {
  const wins = gameWins(match);
  const played = match.games.filter((g) => g.outcome).length;
  const needed = winsNeeded(match.bestOf);
  if (wins[0] < needed && wins[1] < needed && played < match.bestOf) return null;
  const winner: Seat | null = wins[0] > wins[1] ? 0 : wins[1] > wins[0] ? 1 : null;
  return { winner, games: wins, captured: capturedTotals(match), rule: RULES.matchResult };
}

/** 第十一条: the deciding game (决胜局) is the match's last game: its first move goes by a new guess. */
export const isDecidingGame = (match: XiguaqiMatch, game: number): boolean => game === match.bestOf;

/** 第十一条: after the first game the players take turns to move first. */
export const alternateFirst = (match: XiguaqiMatch): Seat => other(match.games[match.games.length - 1].black);
