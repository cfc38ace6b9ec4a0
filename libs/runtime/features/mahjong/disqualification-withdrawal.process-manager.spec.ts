import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mahjongCommand, MAHJONG_RULES, type MahjongStep } from '../../../domain/disciplines/mahjong/index.js';
import type { CommandContext } from '../../../domain/kernel/index.js';
import { SqliteEventStore } from '../../../store/sqlite/sqlite-event-store.js';
import { UpcasterRegistry } from '../../../store/upcasters.js';
import { CommandHandler } from '../../command-handler.js';
import { ProcessManagerRunner } from '../../process-manager.js';
import { ReadModelStore } from '../../projections/read-model-store.js';
import { TournamentAggregate } from '../tournament/index.js';
import { DISQUALIFICATION_WITHDRAWAL_PM, mahjongDisqualificationWithdrawal } from './disqualification-withdrawal.process-manager.js';
import { FORFEIT_WITHDRAWAL_PM, mahjongForfeitWithdrawal } from './forfeit-withdrawal.process-manager.js';
import { MAHJONG_GAME } from './mahjong.game-feature.js';

const T = 'wmc';
const PLAYERS = ['ann', 'bob', 'cat', 'dan'].map((id) => ({ id, name: id }));
let n = 0;
const ctx = (): CommandContext => ({ at: '2026-12-01T09:00:00.000Z', actor: { id: 'ref-1', role: 'arbiter' }, commandId: `c${++n}` });
const collusion = (seat: 0 | 1 | 2 | 3): MahjongStep => ({
  type: 'mahjong.record-conduct',
  seat,
  offence: 'collusion',
  note: 'discarded to seat 3 on purpose',
});

describe('WMC 行為守則, 罰則 取消資格、列入黑名單: the disqualification-to-withdrawal process manager', () => {
  let store: SqliteEventStore;
  let readModels: ReadModelStore;
  let handler: CommandHandler;
  let runner: ProcessManagerRunner;

  const table = (step: MahjongStep, id = 't1') => handler.execute(MAHJONG_GAME.aggregate, id, mahjongCommand(step, ctx()));
  const withdrawals = async () => (await store.readStream(`tournament-${T}`)).filter((e) => e.type === 'tournament.PlayerWithdrawn');

  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-disqualify-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL', pollMs: 20 });
    readModels = new ReadModelStore(join(dir, 'read.db'));
    const upcasters = new UpcasterRegistry();
    handler = new CommandHandler(store, upcasters);
    // As registered (features/mahjong/index.ts): the forfeit's manager, then the disqualification's.
    runner = new ProcessManagerRunner(store, handler, readModels, [mahjongForfeitWithdrawal, mahjongDisqualificationWithdrawal], upcasters);
    await handler.execute(TournamentAggregate, T, {
      type: 'tournament.create',
      context: ctx(),
      data: { id: T, name: 'WMC', discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] },
    });
    for (const player of PLAYERS) await handler.execute(TournamentAggregate, T, { type: 'tournament.register-player', context: ctx(), data: { player } });
    await table({ type: 'mahjong.start-session', players: PLAYERS, link: { tournamentId: T, round: 1, table: 1 } });
    await table({ type: 'mahjong.draw-seats', round: 1, winds: ['E', 'S', 'W', 'N'] });
  });
  afterEach(async () => {
    readModels.close();
    await store.close();
  });

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
    await table({ type: 'mahjong.start-session', players: PLAYERS }, 'free');
    await table(collusion(0), 'free');
    await runner.catchUp();
    // As after a crash before the checkpoint moved: everything is delivered again.
    readModels.advance(`pm:${DISQUALIFICATION_WITHDRAWAL_PM}`, 0);
    await runner.catchUp();
    expect((await withdrawals()).map((e) => e.data)).toEqual([expect.objectContaining({ playerId: 'bob' })]);
    expect(runner.refused()).toEqual([]);
  });

  it('a player already withdrawn by a forfeit (罰則 棄權) and then disqualified: the tournament refuses the second withdrawal, kept once under this manager', async () => {
    await table({ type: 'mahjong.record-time-out', seat: 2, kind: 'time-out', ms: 930_000 });
    await table(collusion(2));
    await runner.catchUp();
    readModels.advance(`pm:${DISQUALIFICATION_WITHDRAWAL_PM}`, 0);
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
