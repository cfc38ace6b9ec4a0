import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { goDecider } from './go.decider.js';
import type { GoEvent, GoStep } from './go.types.js';
import { cmd, fold, history, MIN, start, type Play } from './testing/go-game.js';

/** Each timing rule of the Ing rules (第七条 时限, 第八条 罚则) named after it. Basic time 60 minutes (the profile's default). */
const spec = deciderSpec(goDecider);
const BT = 60 * MIN;
const clocks = (events: GoEvent[]) => {
  const s = fold(events);
  return s.phase === 'none' ? null : s.game.clock;
};
const withReading = (step: GoStep, s: number, remainingMs: [number, number]) => {
  const c = cmd(step, s);
  return { ...c, data: { ...c.data, clockReading: { remainingMs } } } as typeof c;
};

describe('Ing rules 第七条 延时 (1) 罚点延时: penalty points', () => {
  it('60 min basic time: basic time used up (30 s over) → 2 points', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q16' }, BT + 30))
      .then([
        { type: 'go.MoveMade', data: { remainingMs: -30_000 } },
        { type: 'go.PenaltyPointsIncurred', data: { seat: 0, points: 2, added: 2, overtimeMs: 30_000, rule: expect.stringContaining('第七条 延时 (1)') } },
      ]);
  });

  it('60 min basic time: 11 min over → 4 points (overtime beyond 1/6 of basic time, 10 min)', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q16' }, BT + 11 * MIN))
      .then([{ type: 'go.MoveMade' }, { type: 'go.PenaltyPointsIncurred', data: { seat: 0, points: 4, added: 4 } }]);
  });

  it('60 min basic time: exactly 10 min over → still 2 points (the text: 超过, beyond 1/6)', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q16' }, BT + 10 * MIN))
      .then([{ type: 'go.MoveMade' }, { type: 'go.PenaltyPointsIncurred', data: { points: 2 } }]);
  });

  it('60 min basic time: 21 min over → 6 points (beyond 2/6); points already incurred are added to, not repeated', () => {
    const given = history([
      ['Q16', BT + 5 * MIN],
      ['D4', BT + 5 * MIN + 1],
    ]);
    expect(given.filter((e) => e.type === 'go.PenaltyPointsIncurred')).toMatchObject([{ data: { seat: 0, points: 2 } }]);
    spec
      .given(given)
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q4' }, BT + 5 * MIN + 1 + 16 * MIN))
      .then([
        { type: 'go.MoveMade', data: { remainingMs: -21 * MIN * 1000 } },
        { type: 'go.PenaltyPointsIncurred', data: { points: 6, added: 4 } },
      ]);
  });

  it('60 min basic time: 30 min over exactly is still play (6 points); beyond 3/6 (31 min over) the move is refused and the opponent’s claim wins on time', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q16' }, BT + 30 * MIN))
      .then([{ type: 'go.MoveMade' }, { type: 'go.PenaltyPointsIncurred', data: { points: 6 } }]);
    spec
      .given(history([]))
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q16' }, BT + 31 * MIN))
      .thenRefuses('go/time-exceeded', { field: 'seat', rule: '逾时' });
    spec
      .given(history([]))
      .when(cmd({ type: 'go.claim-time', seat: 1 }, BT + 31 * MIN))
      .then([{ type: 'go.GameEnded', data: { result: { winner: 1, reason: 'time', text: 'W+T', rule: expect.stringContaining('3/6') } } }]);
  });

  it('a claim before the limit is refused naming the rule; nothing is recorded', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'go.claim-time', seat: 1 }, BT + 29 * MIN))
      .thenRefuses('go/time-not-exceeded', { field: 'seat', rule: '第七条 延时' });
  });

  it('both in overtime: Black 4 points and White 2 offset, so 2 count against Black at the count (互相抵销)', () => {
    // Black and White wall off columns of a 9-line board: 45–36; Black 11 min over, White 5 min over.
    const plays: Play[] = [];
    for (let y = 0; y < 9; y++) plays.push(`${'e'}${'abcdefghi'[y]}`, `${'f'}${'abcdefghi'[y]}`);
    const given = history([['ea', BT + 11 * MIN], ['fa', BT + 11 * MIN + BT + 5 * MIN], ...plays.slice(2), 'pass', 'pass'], start({ boardSize: 9 }));
    expect(given.filter((e) => e.type === 'go.PenaltyPointsIncurred').map((e) => e.data)).toMatchObject([
      { seat: 0, points: 4 },
      { seat: 1, points: 2 },
    ]);
    spec
      .given(given)
      .when(cmd({ type: 'go.rule-dead-stones', stones: [], note: 'no dead stones' }, 3 * BT))
      .then([
        {},
        { type: 'go.Counted', data: { area: [45, 36], penaltyPoints: [4, 2], netPenaltyPoints: [2, 0], margin: 45 - 36 - 8 - 2, text: 'W+1', winner: 1 } },
      ]);
  });

  it('both beyond 3/6: the one who reached it first (the stopped clock) loses (延时最先到达3／6基时者裁定败)', () => {
    spec
      .given(history(['Q16']))
      .when(withReading({ type: 'go.claim-time', seat: 0 }, 10, [-32 * MIN * 1000, -31 * MIN * 1000]))
      .then([{ type: 'go.ClockRead' }, { type: 'go.GameEnded', data: { result: { winner: 1, reason: 'time' } } }]);
  });

  it('an official’s clock reading in overtime is the clock the rule applies to: 11 min over on the reading → 4 points at the move', () => {
    spec
      .given(history([]))
      .when(withReading({ type: 'go.play', seat: 0, point: 'Q16' }, 20, [-11 * MIN * 1000, BT * 1000]))
      .then([
        { type: 'go.ClockRead', data: { rule: expect.stringContaining('计时') } },
        { type: 'go.MoveMade' },
        { type: 'go.PenaltyPointsIncurred', data: { points: 4 } },
      ]);
  });
});

describe('Ing rules 第七条 延时 (2) 读秒延时: byo-yomi as the profile’s choice', () => {
  const RS = start({ rules: { overtime: { kind: 'byo-yomi', periodSeconds: 30, periods: 3 } } });

  it('byo-yomi 3 × 30 s: a move 45 s into overtime uses one period, no penalty points; the next turn starts a fresh period', () => {
    const events = spec
      .given(history([], RS))
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q16' }, BT + 45))
      .then([{ type: 'go.MoveMade', data: { remainingMs: 0, periodsLeft: 2 } }]);
    expect(clocks([...history([], RS), ...events])?.periodsLeft).toEqual([2, 3]);
  });

  it('byo-yomi named without its periods is refused naming rules.overtime', () => {
    spec
      .given([])
      .when(cmd(start({ rules: { overtime: { kind: 'byo-yomi' } as never } })))
      .thenRefuses('go/overtime', { field: 'rules.overtime', rule: '读秒延时' });
  });

  it('byo-yomi 3 × 30 s: the last period run out (90 s over) loses on time', () => {
    spec
      .given(history([], RS))
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q16' }, BT + 90))
      .thenRefuses('go/time-exceeded', { field: 'seat' });
    spec
      .given(history([], RS))
      .when(cmd({ type: 'go.claim-time', seat: 1 }, BT + 90))
      .then([{ type: 'go.GameEnded', data: { result: { winner: 1, text: 'W+T' } } }]);
  });
});

describe('Ing rules 第八条 罚则: lateness and absence', () => {
  it('扣时: Black 10 min late → 20 min deducted from basic time (加倍扣除): 40 min left, the clock running from the arrival', () => {
    const given = history([]);
    const events = spec
      .given(given)
      .when(cmd({ type: 'go.record-arrival', seat: 0 }, 10 * MIN))
      .then([{ type: 'go.LatenessRecorded', data: { seat: 0, lateMs: 600_000, deductedMs: 1_200_000, rule: expect.stringContaining('第八条 扣时') } }]);
    const moved = goDecider.decide(cmd({ type: 'go.play', seat: 0, point: 'Q16' }, 11 * MIN), fold([...given, ...events]));
    expect(moved[0]).toMatchObject({ type: 'go.MoveMade', data: { remainingMs: (40 - 1) * 60_000 } });
  });

  it('扣时: White 5 min late while Black thinks → White has 50 min of basic time', () => {
    const given = history([]);
    const events = spec
      .given(given)
      .when(cmd({ type: 'go.record-arrival', seat: 1 }, 5 * MIN))
      .then([{ type: 'go.LatenessRecorded', data: { seat: 1, deductedMs: 600_000 } }]);
    expect(clocks([...given, ...events])?.remainingMs).toEqual([(60 - 5) * 60_000, 50 * 60_000]);
  });

  it('缺席: an arrival beyond the limit (half the basic time: 31 min late) is a loss by absence (W+F)', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'go.record-arrival', seat: 0 }, 31 * MIN))
      .then([{ type: 'go.GameEnded', data: { result: { winner: 1, reason: 'absence', text: 'W+F', rule: expect.stringContaining('缺席') } } }]);
  });

  it('缺席: absence is recorded only beyond the limit (29 min refused, 31 min a forfeit)', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'go.record-absence', seat: 1 }, 29 * MIN))
      .thenRefuses('go/absence-limit-not-reached', { field: 'seat', rule: '缺席' });
    spec
      .given(history([]))
      .when(cmd({ type: 'go.record-absence', seat: 1 }, 31 * MIN))
      .then([{ type: 'go.GameEnded', data: { result: { winner: 0, reason: 'absence', text: 'B+F' } } }]);
  });

  it('裁败: the arbiter’s verified ruling of a retracted move (悔着) loses', () => {
    spec
      .given(history(['Q16']))
      .when(cmd({ type: 'go.rule-loss', seat: 0, ground: 'retraction', note: 'moved the stone at Q16 after releasing it' }, 30))
      .then([{ type: 'go.GameEnded', data: { result: { winner: 1, reason: 'retraction', rule: expect.stringContaining('悔着') } } }]);
  });
});

describe('clock pauses for the arbiter', () => {
  it('the clocks stop while the arbiter is called: paused 10 min of 25, Black has 45 min left; no move while stopped', () => {
    const paused = [...history([]), ...goDecider.decide(cmd({ type: 'go.pause-clock', reason: 'arbiter-call' }, 10 * MIN), fold(history([])))];
    spec
      .given(paused)
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q16' }, 12 * MIN))
      .thenRefuses('go/clock-paused', { field: 'seat' });
    const resumed = [...paused, ...goDecider.decide(cmd({ type: 'go.resume-clock' }, 20 * MIN), fold(paused))];
    spec
      .given(resumed)
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q16' }, 25 * MIN))
      .then([{ type: 'go.MoveMade', data: { remainingMs: 45 * 60_000 } }]);
  });
});
