/**
 * The game clock (chess-style timer), as plain JSON. Time comes only from event `at` strings.
 * Seed 開啟計時器: "當對手從字袋抽第1枚棋子時，開啟對手之計時器"; seed 計時器: the timer may be paused
 * only for a challenge, a score dispute, counting tiles when the opponent is slow to draw, an
 * overdraw, or a call to the TD.
 */
import { msBetween } from '../../kernel/command.js';
import type { Seat } from './seat.js';

export type PauseReason = 'challenge' | 'score-dispute' | 'tile-count' | 'overdraw' | 'td-call';
/** Seed 計時器: "在以下情況，計時器方可暫停" — the only reasons a player or arbiter may pause. */
export const PAUSE_REASONS: readonly PauseReason[] = ['challenge', 'score-dispute', 'tile-count', 'overdraw', 'td-call'];

export interface Clock {
  /** Milliseconds used by each seat up to `since` (or in total when nothing runs). */
  readonly usedMs: readonly [number, number];
  /** The seat whose time runs, or null. */
  readonly running: Seat | null;
  /** When `running` started running (ISO). */
  readonly since: string | null;
  /** Set while paused: why, and whose time resumes. */
  readonly paused: { readonly reason: PauseReason | 'end-of-game'; readonly since: string; readonly resume: Seat | null } | null;
}

export function newClock(): Clock {
  return { usedMs: [0, 0], running: null, since: null, paused: null };
}

/** Time used by each seat at instant `at`. */
export function usedAt(clock: Clock, at: string): [number, number] {
  const used: [number, number] = [clock.usedMs[0], clock.usedMs[1]];
  if (clock.running !== null && clock.since) used[clock.running] += Math.max(0, msBetween(clock.since, at));
  return used;
}

export function remainingAt(clock: Clock, at: string, timePerSideMs: number): [number, number] {
  const u = usedAt(clock, at);
  return [timePerSideMs - u[0], timePerSideMs - u[1]];
}

/** Settles the running time and runs `seat` (null stops the clock). */
export function runSeat(clock: Clock, seat: Seat | null, at: string): Clock {
  return { usedMs: usedAt(clock, at), running: seat, since: seat === null ? null : at, paused: null };
}

export function pauseClock(clock: Clock, reason: PauseReason | 'end-of-game', at: string): Clock {
  return { usedMs: usedAt(clock, at), running: null, since: null, paused: { reason, since: at, resume: clock.running } };
}

export function resumeClock(clock: Clock, at: string, seat?: Seat | null): Clock {
  const s = seat === undefined ? (clock.paused?.resume ?? null) : seat;
  return runSeat({ ...clock, running: null }, s, at);
}

/** A reading observed at the table (remaining time per side) takes precedence over the computed one (WESPA Rules v3 §1.4.2 precedence of the timer). */
export function applyReading(clock: Clock, remainingMs: readonly [number, number], timePerSideMs: number, at: string): Clock {
  return { ...clock, usedMs: [timePerSideMs - remainingMs[0], timePerSideMs - remainingMs[1]], since: clock.running === null ? null : at };
}

export function overtimeMs(clock: Clock, at: string, timePerSideMs: number): [number, number] {
  const u = usedAt(clock, at);
  return [Math.max(0, u[0] - timePerSideMs), Math.max(0, u[1] - timePerSideMs)];
}
