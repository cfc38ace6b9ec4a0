import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mahjongCommand, type MahjongStep } from '../../../domain/disciplines/mahjong/index.js';
import type { TournamentCommand } from '../../../domain/tournament/index.js';
import { create, ctx, mjTable, pairManual, publish, register } from '../../../domain/tournament/testing/tournament.test-support.js';
import { ArbitraCore } from '../../arbitra-core.js';
import { MAHJONG_FEATURE, MAHJONG_GAME } from '../mahjong/index.js';
import { COLLECTIONS, TOURNAMENTS_PROJECTION, TOURNAMENT_FEATURE, TournamentAggregate, type StandingsDocument } from '../tournament/index.js';
import { LEDGER_COLLECTION, LEDGER_PROJECTION, type LedgerDocument } from './ledger.projection.js';
import { ledgerView } from './ledger-views.js';
import { PENALTIES_FEATURE } from './penalties.feature.js';

/**
 * WMC 行為守則, 罰則 罰分 (扣分一般是只由犯規者的分數中扣除) and 缺席 (代打者; 已被淘汰者中最高名次者補上其位置): a penalty
 * recorded against a substitute is the substitute's in the tournament's ledger, never the seat's paired player's.
 */
let core: ArbitraCore;
beforeEach(async () => {
  core = new ArbitraCore({
    config: { dataDir: mkdtempSync(join(tmpdir(), 'arbitra-sub-ledger-')), sqliteSync: 'OFF', groupCommit: false },
    features: [TOURNAMENT_FEATURE, PENALTIES_FEATURE, MAHJONG_FEATURE],
  });
  await core.start();
  const setup: TournamentCommand[] = [
    create({ discipline: 'mahjong' }),
    ...['a', 'b', 'c', 'd'].map((id) => register(id)),
    // A registered player who plays no table in round 1 (a late entry): the organiser may call them to a seat.
    register('e', {}, 2),
    pairManual(1, [], null, [mjTable(1, ['a', 'b', 'c', 'd'])]),
    publish(1),
  ];
  for (const c of setup) await core.execute(TournamentAggregate, 't1', c);
  const players = ['a', 'b', 'c', 'd'].map((id) => ({ id, name: `Player ${id.toUpperCase()}` }));
  await table({ type: 'mahjong.start-session', players, link: { tournamentId: 't1', round: 1, table: 1 } });
  await table({ type: 'mahjong.draw-seats', round: 1, winds: ['E', 'S', 'W', 'N'] });
});
afterEach(() => core.close());

const table = (step: MahjongStep) => core.execute(MAHJONG_GAME.aggregate, 'm1', mahjongCommand(step, ctx('arbiter', 'ref-1')));
const phone = (seat: 0 | 1 | 2 | 3, points: number): MahjongStep => ({ type: 'mahjong.record-conduct', seat, offence: 'phone', points, note: 'phone rang' });
const substitute = (seat: 0 | 1 | 2 | 3, id: string, kind: 'substitute' | 'eliminated-player'): MahjongStep => ({
  type: 'mahjong.seat-substitute',
  seat,
  substitute: { id, name: `Sub ${id}` },
  kind,
  reason: 'the seat’s player left',
});

async function settled() {
  await core.settle();
  await core.projections.catchUp();
  const ledger = core.readModels.get<LedgerDocument>(LEDGER_PROJECTION, LEDGER_COLLECTION, 't1');
  const standings = core.readModels.get<StandingsDocument>(TOURNAMENTS_PROJECTION, COLLECTIONS.standings, 't1/main');
  return {
    ledger: ledgerView('t1', ledger).penalties.map((p) => [p.target.player, p.netAmount]),
    scores: Object.fromEntries((standings?.rows ?? []).map((r) => [r.player, r.score])),
  };
}

describe('WMC 行為守則, 罰則 罰分 and 缺席: a substitute’s penalty in the ledger and the standings', () => {
  it('a 代打者 (not a registered player): the ledger entry names them; the standings list no such player and charge nobody registered', async () => {
    await table(phone(1, 5));
    await table(substitute(1, 'sub-1', 'substitute'));
    await table(phone(1, 10));
    const { ledger, scores } = await settled();
    expect(ledger).toEqual([
      ['b', 5],
      ['sub-1', 10],
    ]);
    // b's own 5 only; the substitute's 10 come off no registered player, and the standings invent no row for them.
    expect(scores).toEqual({ a: 0, b: -5, c: 0, d: 0, e: 0 });
  });

  it('a registered player seated as the substitute is the offender: their 罰分 come off their own score, not the seat’s player’s', async () => {
    await table(substitute(2, 'e', 'eliminated-player'));
    await table(phone(2, 20));
    const { ledger, scores } = await settled();
    expect(ledger).toEqual([['e', 20]]);
    expect(scores).toMatchObject({ c: 0, e: -20 });
  });
});
