/**
 * 得分授受法 (WMC 計分系統): who pays the winner what. The winner always receives the hand's points ×3
 * (固定得分原則); a self-drawn hand is paid 1× by each (自摸各家分付); a discard win of par (30) or less
 * is paid 1× by each, over par the two others pay par and the discarder the rest (出銃包付大牌).
 * 跟張免責規條 moves the discarder's liability to the first who discarded the same tile in that go-around.
 */
import type { MahjongTableProfile } from './mahjong.rules.js';
import { SEATS, type Seat } from './seating.js';

export type Payments = [number, number, number, number];

/** The four seats' points for a won hand; `liable` is the 銃家 (null: no 銃家, each pays 1×). Sums to zero. */
export function handPayments(points: number, winner: Seat, liable: Seat | null, profile: Pick<MahjongTableProfile, 'par' | 'winnerMultiple'>): Payments {
  const out: Payments = [0, 0, 0, 0];
  const others = SEATS.filter((s) => s !== winner);
  const n = others.length;
  if (liable === null || liable === winner || points <= profile.par) {
    // 自摸各家分付 / 30分以下的小牌: 各家支付手牌和種分數的1倍 (with a multiple of 3: one share each).
    for (const s of others) out[s] = -(points * profile.winnerMultiple) / n;
  } else {
    // 30分以上的大牌: 各家先付30分，然後由銃家包付餘數 (70: 30 + 30 + 150 = 210).
    for (const s of others) out[s] = -profile.par;
    out[liable] = -(points * profile.winnerMultiple - profile.par * (n - 1));
  }
  out[winner] = points * profile.winnerMultiple;
  return out;
}

export interface Discard {
  readonly seat: Seat;
  readonly tile: string;
}

/** Who is liable (銃家) for a discard win, and why. */
export interface Liability {
  readonly liable: Seat | null;
  readonly reason: 'discard' | 'follow-discard' | 'follow-discard-by-winner' | 'self-draw' | 'robbing-kong';
  /** The index in the hand's discards of the tile that moved the liability, when it did. */
  readonly firstDiscardIndex?: number;
}

/**
 * 跟張免責規條 from the recorded discards: the winning discard is the last of `discards`; the go-around
 * runs from the winner's previous discard (included) to just before the winning one. The first of those
 * that is the same tile makes its discarder the 銃家 — or no 銃家 when it was the winner's own.
 */
export function followDiscardLiability(discards: readonly Discard[], winner: Seat): Liability {
  const winning = discards[discards.length - 1];
  // Before the winner's first discard, the go-around runs from the start of the hand.
  let start = 0;
  for (let i = discards.length - 2; i >= 0; i--)
    if (discards[i].seat === winner) {
      start = i;
      break;
    }
  for (let i = start; i < discards.length - 1; i++)
    if (discards[i].tile === winning.tile) {
      const first = discards[i].seat;
      return first === winner
        ? { liable: null, reason: 'follow-discard-by-winner', firstDiscardIndex: i }
        : { liable: first, reason: first === winning.seat ? 'discard' : 'follow-discard', firstDiscardIndex: i };
    }
  return { liable: winning.seat, reason: 'discard' };
}

/** 跟張免責規條 from the referee's facts: the first who discarded the winning tile in that go-around. */
export function followDiscardFromFacts(discarder: Seat, firstDiscarder: Seat, winner: Seat): Liability {
  if (firstDiscarder === winner) return { liable: null, reason: 'follow-discard-by-winner' };
  return firstDiscarder === discarder ? { liable: discarder, reason: 'discard' } : { liable: firstDiscarder, reason: 'follow-discard' };
}

export const sumOf = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
