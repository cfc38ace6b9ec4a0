import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mahjongCommand, type MahjongStep } from '../../../../domain/disciplines/mahjong/index.js';
import type { CommandContext } from '../../../../domain/kernel/index.js';
import { SqliteEventStore } from '../../../../store/sqlite/sqlite-event-store.js';
import { UpcasterRegistry } from '../../../../store/upcasters.js';
import { CommandHandler } from '../../../command-handler.js';
import { ProcessManagerRunner, type ProcessManager } from '../../../process-manager.js';
import { ReadModelStore } from '../../../projections/read-model-store.js';
import { TournamentAggregate } from '../../tournament/index.js';
import { MAHJONG_GAME } from '../mahjong.game-feature.js';

/** The tournament of the linked table, and its four players (seats 0–3: ann, bob, cat, dan). */
export const LINKED_TOURNAMENT = 'wmc';
const PLAYERS = ['ann', 'bob', 'cat', 'dan'].map((id) => ({ id, name: id }));

/**
 * For the specs of the process managers a table's penalty sets off: a mahjong tournament of four players, table `t1`
 * linked to its round 1 with the seats drawn, in a fresh SQLite log, and `managers` run over the log by `runner`.
 */
export async function linkedTable(managers: readonly ProcessManager[]) {
  const dir = mkdtempSync(join(tmpdir(), 'arbitra-linked-table-'));
  const store = new SqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL', pollMs: 20 });
  const readModels = new ReadModelStore(join(dir, 'read.db'));
  const upcasters = new UpcasterRegistry();
  const handler = new CommandHandler(store, upcasters);
  const runner = new ProcessManagerRunner(store, handler, readModels, managers, upcasters);
  let n = 0;
  const ctx = (): CommandContext => ({ at: '2026-12-01T09:00:00.000Z', actor: { id: 'ref-1', role: 'arbiter' }, commandId: `c${++n}` });
  /** A step at a table (`t1`, the linked one, unless another id is given). */
  const table = (step: MahjongStep, id = 't1') => handler.execute(MAHJONG_GAME.aggregate, id, mahjongCommand(step, ctx()));
  const T = LINKED_TOURNAMENT;
  await handler.execute(TournamentAggregate, T, {
    type: 'tournament.create',
    context: ctx(),
    data: { id: T, name: 'WMC', discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] },
  });
  for (const player of PLAYERS) await handler.execute(TournamentAggregate, T, { type: 'tournament.register-player', context: ctx(), data: { player } });
  await table({ type: 'mahjong.start-session', players: PLAYERS, link: { tournamentId: T, round: 1, table: 1 } });
  await table({ type: 'mahjong.draw-seats', round: 1, winds: ['E', 'S', 'W', 'N'] });
  return {
    players: PLAYERS,
    readModels,
    runner,
    /** A new runner over the same log and read models, as a restart builds it (from the stored checkpoints). */
    restarted: () => new ProcessManagerRunner(store, handler, readModels, managers, upcasters),
    table,
    /** The tournament's withdrawal events, in log order. */
    withdrawals: async () => (await store.readStream(`tournament-${T}`)).filter((e) => e.type === 'tournament.PlayerWithdrawn'),
    close: async () => {
      readModels.close();
      await store.close();
    },
  };
}

export type LinkedTable = Awaited<ReturnType<typeof linkedTable>>;
