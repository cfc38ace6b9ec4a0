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
import { FORFEIT_WITHDRAWAL_PM, mahjongForfeitWithdrawal } from './forfeit-withdrawal.process-manager.js';
import { MAHJONG_GAME } from './mahjong.game-feature.js';

const T = 'wmc';
const PLAYERS = ['ann', 'bob', 'cat', 'dan'].map((id) => ({ id, name: id }));
let n = 0;
const ctx = (): CommandContext => ({ at: '2026-12-01T09:00:00.000Z', actor: { id: 'ref-1', role: 'arbiter' }, commandId: `c${++n}` });

describe('WMC 行為守則, 罰則 棄權 (自動淘汰出局): the forfeit-to-withdrawal process manager', () => {
  let store: SqliteEventStore;
  let readModels: ReadModelStore;
  let handler: CommandHandler;
  let runner: ProcessManagerRunner;

  const table = (step: MahjongStep, id = 't1') => handler.execute(MAHJONG_GAME.aggregate, id, mahjongCommand(step, ctx()));
  const withdrawals = async () => (await store.readStream(`tournament-${T}`)).filter((e) => e.type === 'tournament.PlayerWithdrawn').map((e) => e.data);

  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-forfeit-'));
    store = new SqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL', pollMs: 20 });
    readModels = new ReadModelStore(join(dir, 'read.db'));
    const upcasters = new UpcasterRegistry();
    handler = new CommandHandler(store, upcasters);
    runner = new ProcessManagerRunner(store, handler, readModels, [mahjongForfeitWithdrawal], upcasters);
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
    await table({ type: 'mahjong.start-session', players: PLAYERS }, 'free');
    await table({ type: 'mahjong.record-conduct', seat: 0, offence: 'voluntary-withdrawal', note: 'leaves' }, 'free');
    await runner.catchUp();
    // As after a crash before the checkpoint moved: everything is delivered again.
    readModels.advance(`pm:${FORFEIT_WITHDRAWAL_PM}`, 0);
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
