import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { forfeitWithdrawal } from './forfeit.js';
import { mahjongDecider } from './mahjong.decider.js';
import { RULES } from './mahjong.rules.js';
import type { MahjongEvent, PenaltyData } from './mahjong.types.js';
import { PLAYERS, cmd, confirmAll, play, seated, stateOf, win } from './testing/table.js';

const spec = deciderSpec(mahjongDecider);
const link = { tournamentId: 'wmc', round: 2, table: 3 };
const penaltiesIn = (events: MahjongEvent[]) =>
  events.flatMap((e) => (e.type === 'mahjong.PenaltyRecorded' ? [e.data] : [])).filter((d) => d.kind === 'game-forfeit');

/** Seat 2 (cat) forfeits by over 150 points of time-outs (930 s: 155 points). */
const forfeited = () => play([{ type: 'mahjong.record-time-out', seat: 2, kind: 'time-out', ms: 930_000 }], seated());

describe('WMC 行為守則, 罰則 棄權: a forfeit (作棄權論) eliminates the player (自動淘汰出局) from the next round', () => {
  it('a time-out forfeit at a linked table withdraws that seat’s player from the round after the table’s, naming the penalty and the rule', () => {
    const [p] = penaltiesIn(forfeited());
    const w = forfeitWithdrawal(p, { players: PLAYERS, link }, 't9');
    expect(w).toEqual({ tournamentId: 'wmc', playerId: 'cat', fromRound: 3, reason: expect.stringContaining('time-out-forfeit') });
    expect(w?.reason).toContain('自動淘汰出局');
    expect(w?.reason).toContain(RULES.timeOutForfeit);
  });

  it('every kind of forfeit the table records eliminates: late and absent (缺席棄權), severe overtime, voluntary withdrawal', () => {
    const late = play([{ type: 'mahjong.record-time-out', seat: 1, kind: 'late', ms: 400_000, lateRuling: { kind: 'absent' } }], seated());
    const quit = play([{ type: 'mahjong.record-conduct', seat: 3, offence: 'voluntary-withdrawal', note: 'no chance of the cut' }], seated());
    const out = [...penaltiesIn(late), ...penaltiesIn(quit)].map((p) => forfeitWithdrawal(p, { players: PLAYERS, link }, 't9')?.playerId);
    expect(out).toEqual(['bob', 'dan']);
  });

  it('a substitute’s forfeit (行為守則, 缺席: 代打者) withdraws nobody: the penalty names who sat in the seat', () => {
    const subbed = play(
      [{ type: 'mahjong.seat-substitute', seat: 1, substitute: { id: 'sub-1', name: 'Sub' }, kind: 'substitute', reason: 'bob left for an emergency' }],
      seated(),
    );
    const [p] = penaltiesIn(play([{ type: 'mahjong.record-conduct', seat: 1, offence: 'voluntary-withdrawal', note: 'the substitute leaves' }], subbed));
    expect(p).toMatchObject({ seat: 1, player: 'sub-1' });
    expect(forfeitWithdrawal(p, { players: PLAYERS, link }, 't9')).toBeNull();
    // A forfeit recorded before penalties named the player: the seat's player as the session started.
    const { player, ...older } = penaltiesIn(forfeited())[0];
    expect(player).toBe('cat');
    expect(forfeitWithdrawal(older, { players: PLAYERS, link }, 't9')?.playerId).toBe('cat');
  });

  it('any other penalty, or a table not linked to a tournament, withdraws nobody', () => {
    const points: PenaltyData = { seat: 0, hand: 1, offence: 'time', kind: 'points', amount: 10, rule: RULES.time, reason: 'over time' };
    expect(forfeitWithdrawal(points, { players: PLAYERS, link }, 't9')).toBeNull();
    const [p] = penaltiesIn(forfeited());
    expect(forfeitWithdrawal(p, { players: PLAYERS, link: null }, 't9')).toBeNull();
  });
});

describe('WMC 行為守則, 選手自願退出: voluntary withdrawal is a forfeit (自願退出比賽者當然視為棄權)', () => {
  it('recorded as a game forfeit citing the section, and so withdrawn like any forfeit', () => {
    const [p] = penaltiesIn(play([{ type: 'mahjong.record-conduct', seat: 0, offence: 'voluntary-withdrawal', note: 'leaves' }], seated()));
    expect(p).toMatchObject({ kind: 'game-forfeit', rule: RULES.withdrawal });
    expect(forfeitWithdrawal(p, { players: PLAYERS, link }, 't9')?.reason).toContain('自願退出');
  });
});

describe('WMC 行為守則, 缺席: after a forfeit the table plays on with a substitute in the seat (the session does not end)', () => {
  it('the forfeited seat cannot win; the others play on', () => {
    spec
      .given(forfeited())
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: win(2, 'self-draw', ['1.1', '1.2']) }))
      .thenRefuses('mahjong/forfeited', { field: 'outcome.winner' });
    const events = play([{ type: 'mahjong.record-hand', hand: 1, outcome: win(0, 'self-draw', ['1.1', '1.2']) }, ...confirmAll(1)], forfeited());
    expect(stateOf(events).phase).toBe('playing');
  });

  it('a substitute (代打者) seated in the forfeited seat plays it in full: may win, and starts their own time-out count', () => {
    const subbed = play(
      [{ type: 'mahjong.seat-substitute', seat: 2, substitute: { id: 'sub-1', name: 'Sub' }, kind: 'eliminated-player', reason: 'cat forfeited' }],
      forfeited(),
    );
    spec
      .given(subbed)
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: win(2, 'self-draw', ['1.1', '1.2']) }))
      .then([{ type: 'mahjong.HandRecorded' }]);
    // 150 points of the substitute's own: no forfeit yet (cat's 155 are not theirs); 5 more: theirs.
    const sub150 = play([{ type: 'mahjong.record-time-out', seat: 2, kind: 'time-out', ms: 900_000 }], subbed);
    expect(penaltiesIn(sub150)).toHaveLength(1);
    spec
      .given(sub150)
      .when(cmd({ type: 'mahjong.record-time-out', seat: 2, kind: 'time-out', ms: 30_000 }))
      .then([{ type: 'mahjong.TimeOutRecorded' }, { type: 'mahjong.PenaltyRecorded' }, { type: 'mahjong.PenaltyRecorded', data: { kind: 'game-forfeit' } }]);
  });
});
