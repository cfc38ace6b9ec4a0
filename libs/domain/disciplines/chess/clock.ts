/** The players' clocks, from recorded times only (pure: every instant comes from a command or an event). */
import { msBetween } from '../../kernel/index.js';
import type { ChessGame, Seat } from './chess.types.js';

/** Whose clock runs: the side to move while the game is being played (White first, rapid rules 1). */
export function runningSeat(game: ChessGame): Seat | null {
  const first = game.startFen?.split(' ')[1] === 'b' ? 1 : 0;
  return game.result ? null : (((first + game.moves.length) % 2) as Seat);
}

/** Each seat's time left at `at`: the running side's clock has run since it was last started. */
export function remainingAt(game: ChessGame, at: string): [number, number] {
  const running = runningSeat(game);
  const ms: [number, number] = [game.clock.remainingMs[0], game.clock.remainingMs[1]];
  if (running !== null && game.clock.since !== null) ms[running] -= Math.max(0, msBetween(game.clock.since, at));
  return ms;
}

/** Rapid rules 3 and 10: a flag is down once its clock shows no time left. */
export const flagDown = (game: ChessGame, seat: Seat, at: string) => remainingAt(game, at)[seat] <= 0;

/** `h:mm:ss` of a PGN `[%clk]` comment (never below zero). */
export function clk(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Milliseconds of a `[%clk h:mm:ss(.s)]` value, or null. */
export function clkMs(text: string): number | null {
  const m = /\[%clk\s+(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)\]/.exec(text);
  return m ? Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000) : null;
}
