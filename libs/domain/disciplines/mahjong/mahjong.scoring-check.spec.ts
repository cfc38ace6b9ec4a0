import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { mahjongDecider } from './mahjong.decider.js';
import { parseTiles } from './scoring/index.js';
import type { GivenHand, HandOutcome } from './mahjong.types.js';
import { cmd, confirmAll, play, REFEREE, seated, stateOf, win } from './testing/table.js';

const spec = deciderSpec(mahjongDecider);
const given = (concealed: string, winningTile: string, exposed: GivenHand['exposed'] = []): GivenHand => ({
  concealed: parseTiles(concealed),
  exposed,
  winningTile,
});
const record = (outcome: HandOutcome) => cmd({ type: 'mahjong.record-hand', hand: 1, outcome });
// 門前清 only: 5 points by the tiles.
const concealedHand = given('234m567m345p999s11p', '5m');

describe('WMC 麻將規則, 和牌的計分 7, 10: the claimed score checked against the hand’s own scoring', () => {
  it('when they agree, the hand is recorded unflagged with the scorer’s decomposition', () => {
    spec
      .given(seated())
      .when(record({ ...win(0, 'discard', ['1.2'], 2), hand: concealedHand }))
      .then([{ type: 'mahjong.HandRecorded', data: { flag: null, scoring: { total: 5 }, payments: [15, -5, -5, -5] } }]);
  });

  it('a difference is flagged with both scorings; the claimed one stands until the referee rules — never silently replaced', () => {
    const events = play([record({ ...win(0, 'discard', ['1.2', '1.3'], 2), hand: concealedHand })], seated());
    expect(events[events.length - 1]).toMatchObject({
      type: 'mahjong.HandRecorded',
      data: {
        scoring: { total: 10 },
        payments: [30, -10, -10, -10],
        flag: { claimed: { total: 10 }, computed: { total: 5, elements: [{ code: '1.2', points: 5 }], decomposition: '234m 567m 345p 999s 11p' } },
      },
    });
    spec
      .given(events)
      .when(cmd(confirmAll(1)[0]))
      .thenRefuses('mahjong/score-flagged', { field: 'hand' });
    const ruled = play([{ type: 'mahjong.rule-score-flag', hand: 1, accept: 'computed', note: 'No Terminals does not apply' }], events);
    const s = stateOf(ruled);
    expect(s.phase !== 'none' && s.table.card[0]).toMatchObject({ flag: null, scoring: { total: 5 }, payments: [15, -5, -5, -5] });
    // 記分卡: 如有需要塗改，須請裁判員驗證及簽名 — the ruling line names the referee who ruled (it was by: '').
    expect(ruled[ruled.length - 1]).toMatchObject({ type: 'mahjong.ScoreFlagRuled', data: { by: REFEREE.id } });
    expect(s.phase !== 'none' && s.table.card[0].corrections).toEqual([
      { by: REFEREE.id, reason: 'score ruling: computed (No Terminals does not apply)', kind: 'score-ruling' },
    ]);
    spec
      .given(ruled)
      .when(cmd(confirmAll(1)[0]))
      .then([{ type: 'mahjong.HandConfirmed' }]);
  });

  it('a countersigned correction of a flagged hand settles it: the corrected line can be confirmed', () => {
    const events = play([record({ ...win(0, 'discard', ['1.2', '1.3'], 2), hand: concealedHand })], seated());
    const corrected = play(
      [{ type: 'mahjong.correct-hand', hand: 1, outcome: { ...win(0, 'discard', ['1.2'], 2), hand: concealedHand }, reason: 'claim corrected' }],
      events,
    );
    spec
      .given(corrected)
      .when(cmd(confirmAll(1)[0]))
      .then([{ type: 'mahjong.HandConfirmed' }]);
  });

  it('a hand whose tiles score 0 is a false win whatever is claimed (雞和 當作錯和); its exposed tiles become penalty tiles', () => {
    const chicken = given('234m567m111p99s', '2m', [{ kind: 'chow', tiles: ['6s', '7s', '8s'] }]);
    spec
      .given(seated())
      .when(record({ ...win(0, 'discard', ['1.1'], 2), hand: chicken }))
      .then([
        { type: 'mahjong.FalseWinRecorded', data: { claimed: { total: 5 }, computed: { total: 0 } } },
        // WMC 麻將規則 錯鳴 6: only the false winner's own tiles: the discarded 2m is not one of them (10, not 11).
        {
          type: 'mahjong.PenaltyRecorded',
          data: { kind: 'penalty-tiles', amount: 10, offence: 'false-win', tiles: ['3m', '4m', '5m', '6m', '7m', '1p', '1p', '1p', '9s', '9s'] },
        },
      ]);
  });

  it("錯鳴 6: a false win on a self-drawn tile keeps the drawn tile among the penalty tiles (it is the winner's own)", () => {
    const chicken = given('234m567m111p99s', '2m', [{ kind: 'chow', tiles: ['6s', '7s', '8s'] }]);
    spec
      .given(seated())
      .when(record({ ...win(0, 'self-draw', ['1.1']), hand: chicken }))
      .then([{ type: 'mahjong.FalseWinRecorded' }, { type: 'mahjong.PenaltyRecorded', data: { kind: 'penalty-tiles', amount: 11, offence: 'false-win' } }]);
  });

  it('tiles that are not a winning hand are refused, naming the field', () => {
    spec
      .given(seated())
      .when(record({ ...win(0, 'discard', ['1.2'], 2), hand: given('234m567m345p999s12p', '5m') }))
      .thenRefuses('mahjong/hand', { kind: 'invalid' });
  });

  it('the seat wind comes from the seat draw and the hand: seat 0 is East in hand 1 (番牌 for an East pung)', () => {
    spec
      .given(seated())
      .when(record({ ...win(0, 'self-draw', ['3.1']), hand: given('234m567m345p99s', '2m', [{ kind: 'pung', tiles: ['E', 'E', 'E'] }]) }))
      .then([{ type: 'mahjong.HandRecorded', data: { flag: null, scoring: { total: 10 } } }]);
  });
});
