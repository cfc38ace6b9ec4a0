/** The Ing clocks, from recorded times only (pure: every instant comes from a command or an event). */
import { msBetween } from '../../kernel/index.js';
import { basicMs, type GoRules } from './go.profile.js';
import type { GoGame, GoState, Seat } from './go.types.js';

/** Whose clock runs: the side to move while play goes on and the arbiter has not stopped the clocks. */
export function runningSeat(state: GoState): Seat | null {
  return state.phase === 'playing' && !state.game.clock.paused && state.game.clock.since !== null ? state.game.toMove : null;
}

/** Each seat's basic time left at `at` (negative: overtime used). */
export function remainingAt(state: GoState, at: string): [number, number] {
  if (state.phase === 'none') return [0, 0];
  const g = state.game;
  const ms: [number, number] = [g.clock.remainingMs[0], g.clock.remainingMs[1]];
  const running = runningSeat(state);
  if (running !== null && g.clock.since !== null) ms[running] -= Math.max(0, msBetween(g.clock.since, at));
  return ms;
}

/**
 * Ing rules 第七条 延时 (1) 罚点延时: 2 points once basic time is used up, 2 more each time overtime exceeds a
 * further 1/6 of basic time (共四点, 共六点). `remainingMs` below zero is the overtime used. The fractions are of the
 * basic time the event fixed (基时), not of what a lateness deduction (第八条 扣时) left of it.
 */
export function penaltyPoints(rules: GoRules, remainingMs: number): number {
  const o = rules.overtime;
  if (o.kind !== 'penalty-points' || remainingMs >= 0) return 0;
  const overtime = -remainingMs;
  const step = (basicMs(rules) * o.stepSixths) / 6;
  let steps = 1;
  for (let k = 1; k < o.lossAfterSteps; k++) if (overtime > k * step) steps++;
  return steps * o.pointsPerStep;
}

/** Ing rules 第七条 延时 (1): overtime beyond 3/6 of basic time (PP), or (2) the last byo-yomi period run out (RS): lost on time. */
export function beyondLimit(rules: GoRules, remainingMs: number, periodsLeft: number): boolean {
  const o = rules.overtime;
  if (remainingMs >= 0) return false;
  if (o.kind === 'penalty-points') return -remainingMs > (basicMs(rules) * o.stepSixths * o.lossAfterSteps) / 6;
  return Math.floor(-remainingMs / (o.periodSeconds * 1000)) >= periodsLeft;
}

export function timeUp(state: GoState, seat: Seat, at: string): boolean {
  if (state.phase === 'none') return false;
  return beyondLimit(state.game.rules, remainingAt(state, at)[seat], state.game.clock.periodsLeft[seat]);
}

/**
 * The mover's clock after a move at `at`: basic time left, or under byo-yomi the periods left (a
 * period run out without a move is used up; the next turn starts a fresh period, at 0).
 */
export function afterMove(g: GoGame, state: GoState, seat: Seat, at: string): { remainingMs: number; periodsLeft?: number } {
  const left = remainingAt(state, at)[seat];
  const o = g.rules.overtime;
  // Under byo-yomi a clock at 0 is in its periods (a byo-yomi move leaves it at 0): the move records the periods left.
  if (o.kind !== 'byo-yomi' || left > 0) return { remainingMs: left };
  const used = Math.floor(-left / (o.periodSeconds * 1000));
  return { remainingMs: 0, periodsLeft: g.clock.periodsLeft[seat] - used };
}
