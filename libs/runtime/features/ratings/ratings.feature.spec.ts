import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlayerCommand } from '../../../domain/ratings/index.js';
import type { TournamentCommand } from '../../../domain/tournament/index.js';
import { create, ctx, game, pairManual, publish, record, register, scrabble } from '../../../domain/tournament/testing/tournament.test-support.js';
import { ArbitraCore } from '../../arbitra-core.js';
import { MemoryDocuments } from '../../projections/projection.js';
import { TOURNAMENT_FEATURE, TournamentAggregate } from '../tournament/index.js';
import { PlayersAggregate, REGISTRY_ID } from './ratings.aggregate.js';
import { listKey, RATING_COLLECTIONS as C, RATINGS_PROJECTION, type ListDocument, type PlayerDocument } from './ratings.documents.js';
import { RATINGS_FEATURE } from './ratings.feature.js';
import { ratingsProjection } from './ratings.projection.js';
import { closePeriod, correctList, publishList } from './ratings-service.js';

let core: ArbitraCore;
beforeEach(async () => {
  core = new ArbitraCore({
    config: { dataDir: mkdtempSync(join(tmpdir(), 'arbitra-ratings-')), sqliteSync: 'OFF', groupCommit: false },
    features: [TOURNAMENT_FEATURE, RATINGS_FEATURE],
  });
  await core.start();
});
afterEach(() => core.close());

const admin = () => ctx('admin', 'federation');
const identity = (id: string, country = 'HKG'): PlayerCommand => ({
  type: 'players.register-player',
  context: admin(),
  data: { id, federationId: `F-${id}`, name: id.toUpperCase(), country },
});

/** Four registered players (d from Macau), one guest without a federation id; two rounds. */
async function tournament(): Promise<void> {
  const setup: TournamentCommand[] = [
    create({ id: 't1' }),
    ...['a', 'b', 'c', 'd'].map((id) => register(id, { federationId: `F-${id}`, country: id === 'd' ? 'MAC' : 'HKG' })),
    register('guest'),
    pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')], 'guest'),
    publish(1),
    record(1, 1, scrabble(450, 400)),
    record(1, 2, scrabble(420, 400)),
  ];
  for (const c of setup) await core.execute(TournamentAggregate, 't1', c);
  for (const id of ['a', 'b', 'c', 'd']) await core.execute(PlayersAggregate, REGISTRY_ID, identity(id, id === 'd' ? 'MAC' : 'HKG'));
}

const list = (period: string, version: number) => core.readModels.get<ListDocument>(RATINGS_PROJECTION, C.list, listKey('scrabble', period, version));

describe('rating periods and lists through the runtime', () => {
  it('closing a period and publishing rates the tournament’s identified players; the guest is listed unmatched', async () => {
    await tournament();
    await closePeriod(
      core,
      'scrabble',
      { period: '2026-11', closesOn: '2026-11-30', tournaments: ['t1'], engine: { name: 'wespa-elo', version: 1 }, ranked: { minGames: 1 } },
      admin(),
      {},
    );
    await publishList(core, 'scrabble', '2026-11', admin(), {}, 2000);
    await core.projections.catchUp();
    const v1 = list('2026-11', 1);
    expect(v1?.entries.map((e) => [e.player, e.rank, e.provisional])).toEqual([
      ['a', 1, true],
      ['c', 1, true],
      ['b', 3, true],
      ['d', 3, true],
    ]);
    expect(v1?.unmatched).toEqual([{ tournament: 't1', player: 'guest', name: 'Player GUEST', federationId: null }]);
    const a = core.readModels.get<PlayerDocument>(RATINGS_PROJECTION, C.player, 'a');
    expect(a?.history.scrabble?.[0]).toMatchObject({ period: '2026-11', version: 1, games: 1, played: [{ tournament: 't1', games: 1, score: 1 }] });
  });

  it('a correction after a changed result is version 2 naming the players changed and why; version 1 stays as published', async () => {
    await tournament();
    await closePeriod(
      core,
      'scrabble',
      { period: '2026-11', closesOn: '2026-11-30', tournaments: ['t1'], engine: { name: 'wespa-elo', version: 1 } },
      admin(),
      {},
    );
    await publishList(core, 'scrabble', '2026-11', admin(), {}, 2000);
    await core.projections.catchUp();
    const before = JSON.stringify(list('2026-11', 1));
    await core.execute(TournamentAggregate, 't1', {
      type: 'tournament.correct-result',
      context: ctx('chief-arbiter'),
      data: { round: 1, table: 2, result: scrabble(400, 420), reason: 'scores swapped on the slip' },
    });
    const r = await correctList(
      core,
      'scrabble',
      '2026-11',
      { reason: 'result of table 2 corrected', cause: { kind: 'late-result', ref: 't1/1/2' } },
      admin(),
      {},
      2000,
    );
    expect(r.events[0]).toMatchObject({ type: 'ratings.ListCorrected', data: { version: 2, corrects: 1 } });
    await core.projections.catchUp();
    expect(list('2026-11', 2)?.correction?.changes.map((c) => c.player)).toEqual(['c', 'd']);
    expect(JSON.stringify(list('2026-11', 1))).toBe(before);
  });

  it('the lists, periods and player pages rebuilt from the log are identical to the live read model', async () => {
    await tournament();
    await core.execute(PlayersAggregate, REGISTRY_ID, {
      type: 'players.merge-players',
      context: admin(),
      data: { survivor: 'a', duplicate: 'b', reason: 'same person' },
    });
    await closePeriod(
      core,
      'scrabble',
      { period: '2026-11', closesOn: '2026-11-30', tournaments: ['t1'], engine: { name: 'wespa-elo', version: 1 } },
      admin(),
      {},
    );
    await publishList(core, 'scrabble', '2026-11', admin(), {}, 2000);
    await core.projections.catchUp();
    const rebuilt = new MemoryDocuments();
    for (const e of await core.store.readAll(0, 10_000)) if (ratingsProjection.handles(e.type)) ratingsProjection.apply(e, rebuilt);
    for (const collection of Object.values(C)) {
      const live = core.readModels.list(RATINGS_PROJECTION, collection).map((d) => [d.key, d.value]);
      const again = [...(rebuilt.collections.get(collection) ?? new Map()).entries()].sort(([x], [y]) => (x < y ? -1 : 1));
      expect(JSON.parse(JSON.stringify(again))).toEqual(live);
      expect(live.length).toBeGreaterThan(0);
    }
    expect(core.readModels.get<PlayerDocument>(RATINGS_PROJECTION, C.player, 'b')?.mergedInto).toBe('a');
  });
});
