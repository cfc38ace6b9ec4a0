import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '../../../domain/kernel/index.js';
import { IMPORTED_PERIOD, type ImportLine, type PlayerCommand } from '../../../domain/ratings/index.js';
import type { TournamentCommand } from '../../../domain/tournament/index.js';
import { create, ctx, game, pairManual, publish, record, register, won } from '../../../domain/tournament/testing/tournament.test-support.js';
import { ArbitraCore } from '../../arbitra-core.js';
import { MemoryDocuments } from '../../projections/projection.js';
import { TOURNAMENT_FEATURE, TournamentAggregate } from '../tournament/index.js';
import { PlayersAggregate, REGISTRY_ID } from './ratings.aggregate.js';
import { listKey, RATING_COLLECTIONS as C, RATINGS_PROJECTION, type ListDocument, type PeriodsDocument } from './ratings.documents.js';
import { RATINGS_FEATURE } from './ratings.feature.js';
import { ratingsProjection } from './ratings.projection.js';
import { closePeriod, importList, publishList } from './ratings-service.js';

let core: ArbitraCore;
beforeEach(async () => {
  core = new ArbitraCore({
    config: { dataDir: mkdtempSync(join(tmpdir(), 'arbitra-import-')), sqliteSync: 'OFF', groupCommit: false },
    features: [TOURNAMENT_FEATURE, RATINGS_FEATURE],
  });
  await core.start();
});
afterEach(() => core.close());

const admin = () => ctx('admin', 'federation');
const FIDE = { name: 'fide-rapid', version: 2024 };
const SHA = 'a'.repeat(64);
const line = (n: number, cells: ImportLine['cells']): ImportLine => ({ line: n, cells: { country: 'HKG', date: '2026-10-31', ...cells } });
/** a and b 2000 with 50 games (K 20), c 2450 with 100 (K 10). */
const LIST: ImportLine[] = [
  line(2, { federationId: 'F-a', name: 'Ann', rating: '2000', games: '50' }),
  line(3, { federationId: 'F-b', name: 'Bob', rating: '2000', games: '50' }),
  line(4, { federationId: 'F-c', name: 'Cat', rating: '2450', games: '100', birthYear: '1990' }),
];
const importFide = (lines = LIST) => importList(core, 'chess-rapid', { engine: FIDE, sha256: SHA, fileName: 'hkg.csv', lines }, admin(), {}, 2000);
const list = (period: string, version = 1) => core.readModels.get<ListDocument>(RATINGS_PROJECTION, C.list, listKey('chess-rapid', period, version));
const rating = (l: ListDocument | undefined, id: string) => l?.entries.find((e) => e.player === id)?.rating;

/** a beats b; d (not on the list, registered in the tournament at 1900) beats c. */
async function tournament(): Promise<void> {
  const setup: TournamentCommand[] = [
    create({ id: 't1', discipline: 'chess-rapid' }),
    register('a', { federationId: 'F-a' }),
    register('b', { federationId: 'F-b' }),
    register('c', { federationId: 'F-c' }),
    register('d', { federationId: 'F-d', rating: 1900 }),
    pairManual(1, [game(1, 'a', 'b'), game(2, 'd', 'c')]),
    publish(1),
    record(1, 1, won('first')),
    record(1, 2, won('first')),
  ];
  for (const c of setup) await core.execute(TournamentAggregate, 't1', c);
  const d: PlayerCommand = { type: 'players.register-player', context: admin(), data: { id: 'd', federationId: 'F-d', name: 'Dan', country: 'HKG' } };
  await core.execute(PlayersAggregate, REGISTRY_ID, d);
}

describe('rating-list import (issue 31)', () => {
  it('imports a list as the starting list with its provenance; the first period starts from it and seeds the newcomer from registration', async () => {
    const r = await importFide();
    expect(r.events[0]).toMatchObject({
      type: 'players.ListImported',
      data: { discipline: 'chess-rapid', listDate: '2026-10-31', source: { sha256: SHA, lines: 3, fileName: 'hkg.csv' }, importedBy: 'federation' },
    });
    await core.projections.catchUp();
    const start = list(IMPORTED_PERIOD);
    expect(start?.imported).toMatchObject({ sha256: SHA, importedBy: 'federation', lines: 3 });
    expect(start?.entries.map((e) => [e.player, e.rating, e.games, e.provisional, e.rank])).toEqual([
      ['F-c', 2450, 100, false, null],
      ['F-a', 2000, 50, false, null],
      ['F-b', 2000, 50, false, null],
    ]);
    await tournament();
    await closePeriod(core, 'chess-rapid', { period: '2026-11', closesOn: '2026-11-30', tournaments: ['t1'], engine: FIDE }, admin(), {});
    await publishList(core, 'chess-rapid', '2026-11', admin(), {}, 2000);
    await core.projections.catchUp();
    const nov = list('2026-11');
    // FIDE 8.5: a (K 20) 2000 + 20 × (1 − 0.5) = 2010; c (K 10 from 2400) 2450 + 10 × (0 − 0.92) → 2441 (400-point rule);
    // d seeded at 1900, K 40 as a newcomer: 1900 + 40 × (1 − 0.08) → 1937.
    expect([rating(nov, 'F-a'), rating(nov, 'F-b'), rating(nov, 'F-c'), rating(nov, 'd')]).toEqual([2010, 1990, 2441, 1937]);
    expect(nov?.entries.find((e) => e.player === 'F-a')?.change).toBe(10);
    const periods = core.readModels.get<PeriodsDocument>(RATINGS_PROJECTION, C.periods, 'chess-rapid');
    expect(periods?.periods.map((p) => p.period)).toEqual([IMPORTED_PERIOD, '2026-11']);
  });

  it('a seeded list and a rebuild from the log are identical', async () => {
    await importFide();
    await tournament();
    await closePeriod(core, 'chess-rapid', { period: '2026-11', closesOn: '2026-11-30', tournaments: ['t1'], engine: FIDE }, admin(), {});
    await publishList(core, 'chess-rapid', '2026-11', admin(), {}, 2000);
    await core.projections.catchUp();
    const rebuilt = new MemoryDocuments();
    for (const e of await core.store.readAll(0, 10_000)) if (ratingsProjection.handles(e.type)) ratingsProjection.apply(e, rebuilt);
    for (const collection of Object.values(C)) {
      const live = core.readModels.list(RATINGS_PROJECTION, collection).map((d) => [d.key, d.value]);
      const again = [...(rebuilt.collections.get(collection) ?? new Map()).entries()].sort(([x], [y]) => (x < y ? -1 : 1));
      expect(JSON.parse(JSON.stringify(again))).toEqual(live);
    }
    expect(JSON.parse(JSON.stringify(rebuilt.collections.get(C.list)?.get(listKey('chess-rapid', IMPORTED_PERIOD, 1))))).toEqual(list(IMPORTED_PERIOD));
  });

  it('refuses the whole file naming every bad line, and records nothing', async () => {
    const head = await core.store.headPosition();
    const bad = [
      ...LIST,
      line(5, { federationId: 'F-e', name: 'Eve', rating: '1200', games: '3' }),
      line(6, { federationId: 'F-a', name: 'Ann again', rating: '1800', games: '3' }),
      line(7, { federationId: 'F-g', name: 'Gus', rating: '1800', games: 'many', date: '2026-10-30' }),
    ];
    const e = await importFide(bad).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ type: 'players/import-lines', kind: 'invalid', field: 'line 5: rating' });
    const lines = (e as DomainError).details?.lines as Array<{ line: number; column: string }>;
    expect(lines.map((p) => `${p.line}:${p.column}`)).toEqual(['5:rating', '6:federationId', '7:date', '7:games']);
    expect(await core.store.headPosition()).toBe(head);
  });

  it('a discipline takes one starting list, before its first period; the mahjong ranking cannot be imported', async () => {
    await importFide();
    await expect(importFide()).rejects.toMatchObject({ type: 'players/list-imported', kind: 'conflict' });
    await expect(
      importList(core, 'mahjong', { engine: { name: 'mahjong-ranking', version: 1 }, sha256: SHA, lines: LIST }, admin(), {}, 2000),
    ).rejects.toMatchObject({ type: 'ratings/import-engine', field: 'engine' });
    await tournament();
    await expect(
      Promise.resolve().then(() =>
        closePeriod(core, 'chess-rapid', { period: '2026-10', closesOn: '2026-10-31', tournaments: ['t1'], engine: FIDE }, admin(), {}),
      ),
    ).rejects.toMatchObject({ type: 'ratings/period-order', field: 'closesOn' });
    await closePeriod(core, 'chess-rapid', { period: '2026-11', closesOn: '2026-11-30', tournaments: ['t1'], engine: FIDE }, admin(), {});
    await core.projections.catchUp();
    const wespa = { engine: { name: 'wespa-elo', version: 1 }, sha256: SHA, lines: LIST };
    await importList(core, 'scrabble', wespa, admin(), {}, 2000);
    await expect(importList(core, 'chess-rapid', { ...wespa, engine: FIDE }, admin(), {}, 2000)).rejects.toMatchObject({
      type: 'ratings/import-after-periods',
    });
  });
});
