/**
 * 打牌時限 and 暫停 (WMC): time penalties as pure arithmetic on the referee's timings.
 * Each 15 s (or part) over the 15-second discard limit costs 5 points, each 15 s (or part) of the
 * hand's total over 3 minutes costs 5 more (雙重適用); the first 15 s after the deal are not counted.
 * A time-out or lateness costs 5 points per 30 s or part.
 */
import type { MahjongTableProfile } from './mahjong.rules.js';

export interface TimedTurn {
  /** How long the turn took (ms), from the previous discard (or the claimed discard) to this discard. */
  readonly ms: number;
  /** When the turn started, counted from the end of the deal (打牌時限 4: its first 15 s are not counted). */
  readonly sinceDealMs?: number;
}

/** The part of a turn that counts: whatever of it fell within the first 15 s after the deal is not counted. */
export function countedMs(turn: TimedTurn, profile: Pick<MahjongTableProfile, 'dealGraceMs'>): number {
  if (turn.sinceDealMs === undefined) return turn.ms;
  const free = Math.max(0, Math.min(turn.ms, profile.dealGraceMs - turn.sinceDealMs));
  return turn.ms - free;
}

const steps = (overMs: number, stepMs: number) => (overMs > 0 ? Math.ceil(overMs / stepMs) : 0);

export interface TimePenalty {
  /** Points for the discard limit (打牌時限 2, each turn separately). */
  readonly discardPoints: number;
  /** Points for the hand's total (打牌時限 1) after these turns, less what earlier turns already cost. */
  readonly handPoints: number;
  readonly countedMs: number;
}

/**
 * The time penalty of new turns of one player in a hand, given the counted time used before them:
 * the discard limit per turn, and the hand limit on the running total (only the newly crossed steps).
 */
export function timePenalty(usedBeforeMs: number, turns: readonly TimedTurn[], profile: MahjongTableProfile): TimePenalty {
  let discardPoints = 0;
  let counted = 0;
  for (const t of turns) {
    const c = countedMs(t, profile);
    counted += c;
    discardPoints += steps(c - profile.discardTimeMs, profile.timeStepMs) * profile.timeStepPoints;
  }
  const before = steps(usedBeforeMs - profile.handTimeMs, profile.timeStepMs);
  const after = steps(usedBeforeMs + counted - profile.handTimeMs, profile.timeStepMs);
  return { discardPoints, handPoints: (after - before) * profile.timeStepPoints, countedMs: counted };
}

/** 暫停 / 遲到: 每30秒（或不足30秒）罰扣5分. */
export function timeOutPoints(ms: number, profile: Pick<MahjongTableProfile, 'timeOutStepMs' | 'timeOutStepPoints'>): number {
  return steps(ms, profile.timeOutStepMs) * profile.timeOutStepPoints;
}
