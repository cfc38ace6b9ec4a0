import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { mahjongDecider } from './mahjong.decider.js';
import { CHIEF, cmd, confirmAll, handsPlayed, play, seated, stateOf, win } from './testing/table.js';

const spec = deciderSpec(mahjongDecider);
const signAll = [0, 1, 2, 3].map((seat) => ({ type: 'mahjong.sign-scorecard' as const, seat: seat as 0 | 1 | 2 | 3 }));
const withWin = () => play([{ type: 'mahjong.record-hand', hand: 1, outcome: win(0, 'discard', ['2.1.1', '4.1'], 2) }], seated());

describe('WMC 行為守則, 記分卡 and 麻將規則, 和牌的計分 9: each hand confirmed by all four', () => {
  it('each seat confirms once; the fourth confirmation completes the hand', () => {
    const three = play(confirmAll(1).slice(0, 3), withWin());
    spec
      .given(three)
      .when(cmd({ type: 'mahjong.confirm-hand', seat: 0, hand: 1 }))
      .thenRefuses('mahjong/already-confirmed', { field: 'seat' });
    spec
      .given(three)
      .when(cmd({ type: 'mahjong.confirm-hand', seat: 3, hand: 1 }))
      .then([{ type: 'mahjong.HandConfirmed', data: { complete: true } }]);
  });
  it('a hand not on the card cannot be confirmed', () => {
    spec
      .given(seated())
      .when(cmd({ type: 'mahjong.confirm-hand', seat: 0, hand: 1 }))
      .thenRefuses('mahjong/unknown-hand', { kind: 'not-found' });
  });
});

describe('WMC 行為守則, 記分卡: corrections need the referee’s countersignature', () => {
  it('a correction records the new line, its payments and the official who countersigned it', () => {
    const events = play(confirmAll(1), withWin());
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.correct-hand', hand: 1, outcome: win(0, 'discard', ['2.1.2', '4.1'], 2), reason: 'pure, not mixed, one-suit' }))
      .then([{ type: 'mahjong.HandCorrected', data: { hand: 1, countersignedBy: 'ref-1', result: { payments: [330, -30, -270, -30] } } }]);
  });
  it('once signing has begun, corrections are refused: only a chief-referee ruling changes the card', () => {
    const events = play([signAll[0]], handsPlayed(8));
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.correct-hand', hand: 1, outcome: { kind: 'drawn' }, reason: 'x' }))
      .thenRefuses('mahjong/card-signed', { rule: 'only a chief-referee ruling' });
  });
});

describe('WMC 行為守則, 記分卡: all four sign at the end; the card locks', () => {
  it('signing before the eight hands are confirmed is refused', () => {
    spec.given(handsPlayed(7)).when(cmd(signAll[0])).thenRefuses('mahjong/session-not-complete', { field: 'seat' });
  });
  it('the fourth signature locks the card with the totals; nothing else is recorded afterwards', () => {
    const three = play(signAll.slice(0, 3), handsPlayed(8));
    spec
      .given(three)
      .when(cmd(signAll[3]))
      .then([
        { type: 'mahjong.ScorecardSigned', data: { complete: true } },
        { type: 'mahjong.ScorecardLocked', data: { totals: [0, 0, 0, 0] } },
      ]);
    const locked = play([signAll[3]], three);
    expect(stateOf(locked).phase).toBe('locked');
    spec
      .given(locked)
      .when(cmd({ type: 'mahjong.record-conduct', seat: 0, offence: 'phone', points: 5, note: 'x' }))
      .thenRefuses('mahjong/card-locked');
  });
});

describe('WMC 總則 3, 和牌的計分 10: after submission only a chief-referee ruling changes the card', () => {
  const locked = () => play(signAll, handsPlayed(8));
  const ruling = {
    type: 'mahjong.rule-chief-referee' as const,
    hand: 3,
    outcome: win(1, 'self-draw', ['1.1']),
    ground: 'dispute' as const,
    reference: 'D-1',
    reason: 'r',
  };
  it('a referee’s ruling is refused; the chief referee’s changes the line and the totals', () => {
    spec.given(locked()).when(cmd(ruling)).thenRefuses('mahjong/chief-referee-only', { rule: '裁判長' });
    spec
      .given(locked())
      .when(cmd(ruling, CHIEF))
      .then([{ type: 'mahjong.ChiefRefereeRuled', data: { hand: 3, by: 'chief', totals: [-5, 15, -5, -5] } }]);
  });
  it('before the card is submitted the chief referee corrects it like any referee', () => {
    spec.given(handsPlayed(8)).when(cmd(ruling, CHIEF)).thenRefuses('mahjong/card-not-locked');
  });
});
