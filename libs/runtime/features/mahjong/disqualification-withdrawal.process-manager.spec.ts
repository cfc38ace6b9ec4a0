import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { MAHJONG_RULES, type MahjongStep } from '../../../domain/disciplines/mahjong/index.js';
import { DISQUALIFICATION_WITHDRAWAL_PM, mahjongDisqualificationWithdrawal } from './disqualification-withdrawal.process-manager.js';
import { FORFEIT_WITHDRAWAL_PM, mahjongForfeitWithdrawal } from './forfeit-withdrawal.process-manager.js';
import { LINKED_TOURNAMENT as T, linkedTable, type LinkedTable } from './testing/linked-table.js';

const collusion = (seat: 0 | 1 | 2 | 3): MahjongStep => ({
  type: 'mahjong.record-conduct',
  seat,
  offence: 'collusion',
  note: 'discarded to seat 3 on purpose',
});

describe('WMC 行為守則, 罰則 取消資格、列入黑名單: the disqualification-to-withdrawal process manager', () => {
  let fixture: LinkedTable;
  let runner: LinkedTable['runner'];
  let readModels: LinkedTable['readModels'];
  const table = (step: MahjongStep, id?: string) => fixture.table(step, id);
  const withdrawals = async () => fixture.withdrawals();

  beforeEach(async () => {
    // As registered (features/mahjong/index.ts): the forfeit's manager, then the disqualification's.
    fixture = await linkedTable([mahjongForfeitWithdrawal, mahjongDisqualificationWithdrawal]);
    ({ runner, readModels } = fixture);
  });
  afterEach(() => fixture.close());

  it('collusion (串通) withdraws the seat’s player from the next round by itself, the reason naming the disqualification and its rule', async () => {
    await table(collusion(1));
    await runner.catchUp();
    const [w] = await withdrawals();
    expect(w.data).toEqual({ playerId: 'bob', fromRound: 2, reason: expect.stringContaining('取消比賽資格') });
    expect((w.data as { reason: string }).reason).toContain(MAHJONG_RULES.disqualification);
    expect(w.meta.actor).toEqual({ id: `process-manager:${DISQUALIFICATION_WITHDRAWAL_PM}`, role: 'system' });
    expect(runner.refused()).toEqual([]);
  });

  it('a redelivered or replayed disqualification withdraws once; a substitute’s disqualification or an unlinked table withdraws nobody', async () => {
    await table(collusion(1));
    await table({ type: 'mahjong.seat-substitute', seat: 3, substitute: { id: 'sub-1', name: 'Sub' }, kind: 'substitute', reason: 'dan is ill' });
    await table(collusion(3));
    await table({ type: 'mahjong.start-session', players: fixture.players }, 'free');
    await table(collusion(0), 'free');
    await runner.catchUp();
    // As after a crash before the checkpoint moved: everything is delivered again.
    readModels.advance(`pm:${DISQUALIFICATION_WITHDRAWAL_PM}`, 0);
    runner = fixture.restarted();
    await runner.catchUp();
    expect((await withdrawals()).map((e) => e.data)).toEqual([expect.objectContaining({ playerId: 'bob' })]);
    expect(runner.refused()).toEqual([]);
  });

  it('a player already withdrawn by a forfeit (罰則 棄權) and then disqualified: the tournament refuses the second withdrawal, kept once under this manager', async () => {
    await table({ type: 'mahjong.record-time-out', seat: 2, kind: 'time-out', ms: 930_000 });
    await table(collusion(2));
    await runner.catchUp();
    readModels.advance(`pm:${DISQUALIFICATION_WITHDRAWAL_PM}`, 0);
    runner = fixture.restarted();
    await runner.catchUp();
    const all = await withdrawals();
    expect(all).toHaveLength(1);
    expect(all[0].meta.actor.id).toBe(`process-manager:${FORFEIT_WITHDRAWAL_PM}`);
    expect(runner.refused()).toEqual([
      expect.objectContaining({
        processManager: DISQUALIFICATION_WITHDRAWAL_PM,
        cause: expect.objectContaining({ type: 'mahjong.PenaltyRecorded', stream: 'mahjong-table-t1' }),
        target: `tournament-${T}`,
        refusal: expect.objectContaining({ type: 'tournament/already-withdrawn' }),
      }),
    ]);
  });
});
