import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { disqualificationWithdrawal } from './disqualification.js';
import { forfeitWithdrawal } from './forfeit.js';
import { mahjongDecider } from './mahjong.decider.js';
import { RULES } from './mahjong.rules.js';
import type { MahjongEvent, PenaltyData } from './mahjong.types.js';
import { PLAYERS, cmd, play, seated, win } from './testing/table.js';

const spec = deciderSpec(mahjongDecider);
const link = { tournamentId: 'wmc', round: 2, table: 3 };
const start = { players: PLAYERS, link };
const penaltiesIn = (events: MahjongEvent[]) => events.flatMap((e) => (e.type === 'mahjong.PenaltyRecorded' ? [e.data] : []));
const collusion = (seat: 0 | 1 | 2 | 3, from = seated()) =>
  play([{ type: 'mahjong.record-conduct', seat, offence: 'collusion', note: 'fed seat 3 a discard to lift them over the cut' }], from);

describe('WMC 行為守則, 罰則 取消資格、列入黑名單 and 「串通」與「生死章」: a disqualification (取消比賽資格) withdraws the player from the next round', () => {
  it('collusion (串通) at a linked table withdraws that seat’s player from the round after the table’s, naming the disqualification, the note and the rule', () => {
    const [disqualified, blacklisted] = penaltiesIn(collusion(1));
    expect([disqualified.kind, blacklisted.kind]).toEqual(['disqualification', 'blacklist']);
    const w = disqualificationWithdrawal(disqualified, start, 't9');
    expect(w).toEqual({ tournamentId: 'wmc', playerId: 'bob', fromRound: 3, reason: expect.stringContaining('取消比賽資格') });
    expect(w?.reason).toContain('collusion — fed seat 3 a discard');
    expect(w?.reason).toContain('table t9 (round 2, table 3, seat 1)');
    expect(w?.reason).toContain(RULES.collusion);
    expect(w?.reason).toContain(RULES.disqualification);
  });

  it('one withdrawal per disqualification: the blacklist entry beside it withdraws nobody, nor does the forfeit rule read it as a forfeit', () => {
    const [disqualified, blacklisted] = penaltiesIn(collusion(1));
    expect(disqualificationWithdrawal(blacklisted, start, 't9')).toBeNull();
    expect(forfeitWithdrawal(disqualified, start, 't9')).toBeNull();
    const [forfeit] = penaltiesIn(play([{ type: 'mahjong.record-conduct', seat: 1, offence: 'voluntary-withdrawal', note: 'leaves' }], seated()));
    expect(disqualificationWithdrawal(forfeit, start, 't9')).toBeNull();
  });

  it('行為守則, 缺席: a substitute’s disqualification withdraws nobody, as their forfeit does not; an older event without `player` is the seat’s player’s', () => {
    const subbed = play(
      [{ type: 'mahjong.seat-substitute', seat: 1, substitute: { id: 'sub-1', name: 'Sub' }, kind: 'substitute', reason: 'bob left for an emergency' }],
      seated(),
    );
    const [p] = penaltiesIn(collusion(1, subbed));
    expect(p).toMatchObject({ seat: 1, player: 'sub-1', kind: 'disqualification' });
    expect(disqualificationWithdrawal(p, start, 't9')).toBeNull();
    const { player, ...older } = penaltiesIn(collusion(2))[0];
    expect(player).toBe('cat');
    expect(disqualificationWithdrawal(older, start, 't9')?.playerId).toBe('cat');
  });

  it('a table not linked to a tournament withdraws nobody; nor does any other penalty', () => {
    const [p] = penaltiesIn(collusion(0));
    expect(disqualificationWithdrawal(p, { players: PLAYERS, link: null }, 't9')).toBeNull();
    const points: PenaltyData = { seat: 0, hand: 1, offence: 'phone', kind: 'points', amount: 10, rule: RULES.phone, reason: 'rang' };
    expect(disqualificationWithdrawal(points, start, 't9')).toBeNull();
  });
});

describe('WMC 行為守則, 缺席: after a disqualification the table plays on, the seat filled by a substitute', () => {
  it('the disqualified seat cannot win; once a substitute (代打者) is seated there, they may', () => {
    spec
      .given(collusion(2))
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: win(2, 'self-draw', ['1.1', '1.2']) }))
      .thenRefuses('mahjong/forfeited', { field: 'outcome.winner' });
    const subbed = play(
      [{ type: 'mahjong.seat-substitute', seat: 2, substitute: { id: 'sub-1', name: 'Sub' }, kind: 'substitute', reason: 'cat disqualified' }],
      collusion(2),
    );
    spec
      .given(subbed)
      .when(cmd({ type: 'mahjong.record-hand', hand: 1, outcome: win(2, 'self-draw', ['1.1', '1.2']) }))
      .then([{ type: 'mahjong.HandRecorded' }]);
  });
});
