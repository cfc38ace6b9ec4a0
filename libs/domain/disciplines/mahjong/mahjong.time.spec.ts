import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { mahjongDecider } from './mahjong.decider.js';
import { WMC_TABLE } from './mahjong.rules.js';
import { timeOutPoints, timePenalty } from './time.js';
import type { MahjongStep } from './mahjong.types.js';
import { cmd, play, seated } from './testing/table.js';

const spec = deciderSpec(mahjongDecider);
const timed = (seat: 0 | 1 | 2 | 3, ...ms: number[]): MahjongStep => ({ type: 'mahjong.record-turn-time', seat, turns: ms.map((x) => ({ ms: x })) });

describe('WMC 麻將規則, 打牌時限: 15 s a discard, 3 minutes a hand, 5 points per 15 s or part, both together', () => {
  it('a discard over 15 s: each 15 s or part costs 5 (16 s → 5, 30 s → 5, 31 s → 10)', () => {
    expect([16_000, 30_000, 31_000, 15_000].map((ms) => timePenalty(0, [{ ms }], WMC_TABLE).discardPoints)).toEqual([5, 5, 10, 0]);
  });
  it('the hand total over 3 minutes costs 5 per 15 s or part, counting only the steps newly crossed', () => {
    expect(timePenalty(170_000, [{ ms: 14_000 }], WMC_TABLE)).toEqual({ discardPoints: 0, handPoints: 5, countedMs: 14_000 });
    expect(timePenalty(184_000, [{ ms: 10_000 }], WMC_TABLE).handPoints).toBe(0);
  });
  it('both limits apply together (雙重適用): a 40 s turn past the 3 minutes costs 10 + 15', () => {
    expect(timePenalty(150_000, [{ ms: 40_000 }], WMC_TABLE)).toMatchObject({ discardPoints: 10, handPoints: 5 });
    expect(timePenalty(180_000, [{ ms: 40_000 }], WMC_TABLE)).toMatchObject({ discardPoints: 10, handPoints: 15 });
  });
  it('the first 15 s after the deal are not counted', () => {
    expect(timePenalty(0, [{ ms: 25_000, sinceDealMs: 0 }], WMC_TABLE)).toEqual({ discardPoints: 0, handPoints: 0, countedMs: 10_000 });
    expect(timePenalty(0, [{ ms: 40_000, sinceDealMs: 5_000 }], WMC_TABLE)).toMatchObject({ countedMs: 30_000, discardPoints: 5 });
  });
  it('recorded for the offender only, with its reason', () => {
    spec
      .given(seated())
      .when(cmd(timed(2, 40_000)))
      .then([
        { type: 'mahjong.TurnsTimed', data: { usedMs: 40_000 } },
        { type: 'mahjong.PenaltyRecorded', data: { seat: 2, kind: 'points', amount: 10, offence: 'time' } },
      ]);
  });
});

describe('WMC 麻將規則, 打牌時限 7: over 80 points in one hand is a forfeit unless the referee accepts an explanation', () => {
  // 6 turns of 60 s: each 15 for the discard limit; the hand limit crossed by the 4th: over 80 after the 5th.
  const heavy = () => play([timed(1, 60_000, 60_000, 60_000, 60_000, 60_000)], seated());
  it('the hand cannot be recorded while the ruling is pending', () => {
    spec
      .given(heavy())
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: { kind: 'drawn' } }))
      .thenRefuses('mahjong/severe-overtime-pending');
  });
  it('an accepted explanation: play on; none: a forfeit', () => {
    spec
      .given(heavy())
      .when(cmd({ type: 'mahjong.rule-severe-overtime', seat: 1, accepted: true, explanation: 'a sudden illness' }))
      .then([{ type: 'mahjong.SevereOvertimeRuled', data: { accepted: true } }]);
    spec
      .given(heavy())
      .when(cmd({ type: 'mahjong.rule-severe-overtime', seat: 1, accepted: false, explanation: 'none given' }))
      .then([{ type: 'mahjong.SevereOvertimeRuled' }, { type: 'mahjong.PenaltyRecorded', data: { kind: 'game-forfeit', offence: 'severe-overtime' } }]);
  });
  it('80 points exactly is not over 80: no ruling is asked for', () => {
    spec
      .given(play([timed(1, 60_000, 60_000, 60_000)], seated()))
      .when(cmd({ type: 'mahjong.rule-severe-overtime', seat: 1, accepted: true, explanation: 'x' }))
      .thenRefuses('mahjong/no-severe-overtime');
  });
});

describe('WMC 行為守則, 選手叫「暫停」 and 缺席: time-outs and lateness', () => {
  const out = (kind: string, ms: number, extra: object = {}) => cmd({ type: 'mahjong.record-time-out', seat: 0, kind, ms, ...extra } as MahjongStep);
  it('5 points per 30 s or part', () => {
    expect([1, 30_000, 30_001, 90_000].map((ms) => timeOutPoints(ms, WMC_TABLE))).toEqual([5, 5, 10, 15]);
    spec
      .given(seated())
      .when(out('time-out', 45_000))
      .then([
        { type: 'mahjong.TimeOutRecorded', data: { points: 10 } },
        { type: 'mahjong.PenaltyRecorded', data: { kind: 'points', amount: 10 } },
      ]);
  });
  it('a medical time-out with a prior certificate: about 60 s free, beyond it counted', () => {
    spec
      .given(seated())
      .when(out('medical', 60_000, { certificate: true }))
      .then([{ type: 'mahjong.TimeOutRecorded', data: { points: 0 } }]);
    spec
      .given(seated())
      .when(out('medical', 75_000, { certificate: true }))
      .then([{ type: 'mahjong.TimeOutRecorded', data: { points: 5 } }, { type: 'mahjong.PenaltyRecorded' }]);
  });
  it('late over 5 minutes: the referee rules absent (a forfeit) or a deduction of at least the time-out rate', () => {
    spec.given(seated()).when(out('late', 360_000)).thenRefuses('mahjong/late-ruling', { field: 'lateRuling' });
    spec
      .given(seated())
      .when(out('late', 360_000, { lateRuling: { kind: 'absent' } }))
      .then([{ type: 'mahjong.TimeOutRecorded' }, { type: 'mahjong.PenaltyRecorded', data: { kind: 'game-forfeit', offence: 'late-absent' } }]);
    spec
      .given(seated())
      .when(out('late', 360_000, { lateRuling: { kind: 'deduction', points: 30 } }))
      .thenRefuses('mahjong/late-ruling', { field: 'lateRuling.points' });
    spec
      .given(seated())
      .when(out('late', 360_000, { lateRuling: { kind: 'deduction', points: 100 } }))
      .then([
        { type: 'mahjong.TimeOutRecorded', data: { points: 100 } },
        { type: 'mahjong.PenaltyRecorded', data: { amount: 100 } },
      ]);
  });
  it('over 150 points of time-outs and lateness in a half-session: a forfeit', () => {
    const events = play([{ type: 'mahjong.record-time-out', seat: 0, kind: 'time-out', ms: 900_000 }], seated());
    spec
      .given(events)
      .when(out('time-out', 30_000))
      .then([
        { type: 'mahjong.TimeOutRecorded', data: { points: 5 } },
        { type: 'mahjong.PenaltyRecorded' },
        { type: 'mahjong.PenaltyRecorded', data: { kind: 'game-forfeit', offence: 'time-out-forfeit' } },
      ]);
  });
});
