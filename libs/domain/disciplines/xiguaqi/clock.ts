/**
 * The players' time (西瓜棋规则 第十二条), from recorded times only: each player has half the game's total; the
 * side to move's time runs; once it is used, the other side moves on and its own time runs (第十二条一).
 */
import { msBetween } from '../../kernel/index.js';
import { other } from './position.js';
import type { Seat, XiguaqiGame } from './xiguaqi.types.js';

/** 第十二条二: at most two minutes a move; after that the opponent may grab the move (第七条). */
export const MOVE_LIMIT_MS = 120_000;

/** Each seat's time left at `at` (never below zero). */
export function clocksAt(game: XiguaqiGame, at: string): [number, number] {
  const ms: [number, number] = [game.remainingMs[0], game.remainingMs[1]];
  if (game.outcome) return ms;
  let elapsed = Math.max(0, msBetween(game.since, at));
  for (const seat of [game.toMove, other(game.toMove)]) {
    const used = Math.min(elapsed, Math.max(0, ms[seat]));
    ms[seat] -= used;
    elapsed -= used;
  }
  return ms;
}

/** Time spent on the current turn (the per-move limit counts from the turn's start). */
export const turnElapsed = (game: XiguaqiGame, at: string): number => Math.max(0, msBetween(game.turnStartedAt, at));

/**
 * Who may move at `at`: the side to move, or the other side when the side to move's time is used (第十二条一)
 * or it has spent more than two minutes on its move (a grab, 第七条). Null: both halves are used.
 */
export function mayMove(game: XiguaqiGame, seat: Seat, at: string): 'turn' | 'grab' | 'opponent-time-used' | 'own-time-used' | 'not-your-turn' {
  const clocks = clocksAt(game, at);
  if (clocks[seat] <= 0) return 'own-time-used';
  if (seat === game.toMove) return 'turn';
  if (clocks[game.toMove] <= 0) return 'opponent-time-used';
  if (turnElapsed(game, at) > MOVE_LIMIT_MS) return 'grab';
  return 'not-your-turn';
}
