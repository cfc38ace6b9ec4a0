import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { MAHJONG_RULES, type MahjongStep } from '../../../domain/disciplines/mahjong/index.js';
import { FORFEIT_WITHDRAWAL_PM, mahjongForfeitWithdrawal } from './forfeit-withdrawal.process-manager.js';
import { LINKED_TOURNAMENT as T, linkedTable, type LinkedTable } from './testing/linked-table.js';

describe('WMC 行為守則, 罰則 棄權 (自動淘汰出局): the forfeit-to-withdrawal process manager', () => {
  let fixture: LinkedTable;
  let runner: LinkedTable['runner'];
  let readModels: LinkedTable['readModels'];
  const table = (step: MahjongStep, id?: string) => fixture.table(step, id);
  const withdrawals = async () => (await fixture.withdrawals()).map((e) => e.data);

  beforeEach(async () => {
    fixture = await linkedTable([mahjongForfeitWithdrawal]);
    ({ runner, readModels } = fixture);
  });
  afterEach(() => fixture.close());

  it('a time-out forfeit (暫停 over 150 points) withdraws the seat’s player from the next round, saying why', async () => {
    await table({ type: 'mahjong.record-time-out', seat: 2, kind: 'time-out', ms: 930_000 });
    await runner.catchUp();
    const [w] = await withdrawals();
    expect(w).toEqual({ playerId: 'cat', fromRound: 2, reason: expect.stringContaining('time-out-forfeit') });
    expect((w as { reason: string }).reason).toContain(MAHJONG_RULES.forfeit);
    expect(runner.refused()).toEqual([]);
  });

  it('a redelivered or replayed forfeit withdraws once; a point penalty or an unlinked table withdraws nobody', async () => {
    await table({ type: 'mahjong.record-time-out', seat: 2, kind: 'time-out', ms: 930_000 });
    await table({ type: 'mahjong.record-time-out', seat: 1, kind: 'time-out', ms: 60_000 });
    await table({ type: 'mahjong.start-session', players: fixture.players }, 'free');
    await table({ type: 'mahjong.record-conduct', seat: 0, offence: 'voluntary-withdrawal', note: 'leaves' }, 'free');
    await runner.catchUp();
    // As after a crash before the checkpoint moved: everything is delivered again.
    readModels.advance(`pm:${FORFEIT_WITHDRAWAL_PM}`, 0);
    runner = fixture.restarted();
    await runner.catchUp();
    expect(await withdrawals()).toEqual([expect.objectContaining({ playerId: 'cat' })]);
    expect(runner.refused()).toEqual([]);
  });

  it('WMC 行為守則, 選手自願退出: a second forfeit of a player already withdrawn is refused by the tournament, kept once, not retried', async () => {
    await table({ type: 'mahjong.record-time-out', seat: 2, kind: 'time-out', ms: 930_000 });
    await runner.catchUp();
    await table({ type: 'mahjong.record-conduct', seat: 2, offence: 'voluntary-withdrawal', note: 'leaves the hall' });
    await runner.catchUp();
    readModels.advance(`pm:${FORFEIT_WITHDRAWAL_PM}`, 0);
    runner = fixture.restarted();
    await runner.catchUp();
    expect(await withdrawals()).toHaveLength(1);
    expect(runner.refused()).toEqual([
      expect.objectContaining({
        processManager: FORFEIT_WITHDRAWAL_PM,
        cause: expect.objectContaining({ type: 'mahjong.PenaltyRecorded', stream: 'mahjong-table-t1' }),
        target: `tournament-${T}`,
        refusal: expect.objectContaining({ type: 'tournament/already-withdrawn' }),
      }),
    ]);
  });
});
