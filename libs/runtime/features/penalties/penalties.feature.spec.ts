import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PenaltyCommand } from '../../../domain/penalties/index.js';
import type { TournamentCommand } from '../../../domain/tournament/index.js';
import { create, ctx, game, pairManual, publish, record, register, scrabble } from '../../../domain/tournament/testing/tournament.test-support.js';
import { ArbitraCore } from '../../arbitra-core.js';
import { pairRoundBySystem } from '../tournament/pairing-service.js';
import { COLLECTIONS, TOURNAMENTS_PROJECTION, TOURNAMENT_FEATURE, TournamentAggregate, type StandingsDocument } from '../tournament/index.js';
import { PENALTIES_FEATURE, PenaltiesAggregate } from './penalties.feature.js';

/** Issue 10: the ledger's points deductions count wherever the tournament's standings do: the read model and the next pairing. */
let core: ArbitraCore;
beforeEach(async () => {
  core = new ArbitraCore({
    config: { dataDir: mkdtempSync(join(tmpdir(), 'arbitra-ledger-')), sqliteSync: 'OFF', groupCommit: false },
    features: [TOURNAMENT_FEATURE, PENALTIES_FEATURE],
  });
  await core.start();
});
afterEach(() => core.close());

const deduct = (penaltyId: string, player: string, amount: number): PenaltyCommand => ({
  type: 'penalties.issue-penalty',
  context: ctx('arbiter'),
  data: { penaltyId, discipline: 'scrabble', target: { player, round: 1 }, offence: 'phone-rang', kind: 'points', amount, reason: 'mobile phone rang' },
});

describe('the ledger feeds the standings and the pairing', () => {
  it('a deduction off a’s spread drops a below c and e in the standings and in the King of the Hill pairing of round 2', async () => {
    const setup: TournamentCommand[] = [
      create({ pairingSystems: ['king-of-the-hill'] }),
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => register(id)),
      pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd'), game(3, 'e', 'f')]),
      publish(1),
      record(1, 1, scrabble(500, 400)),
      record(1, 2, scrabble(450, 400)),
      record(1, 3, scrabble(410, 400)),
    ];
    for (const c of setup) await core.execute(TournamentAggregate, 't1', c);
    await core.execute(PenaltiesAggregate, 't1', deduct('P-1', 'a', 95));
    await core.projections.catchUp();
    const standings = core.readModels.get<StandingsDocument>(TOURNAMENTS_PROJECTION, COLLECTIONS.standings, 't1/main');
    expect(standings?.rows.map((r) => [r.player, r.spread])).toEqual([
      ['c', 50],
      ['e', 10],
      ['a', 5],
      ['f', -10],
      ['d', -50],
      ['b', -100],
    ]);
    const paired = await pairRoundBySystem(core, 't1', 2, { system: 'king-of-the-hill' }, ctx(), { system: 'king-of-the-hill' });
    const games = (paired.events[0].data as { games: Array<{ first: string; second: string }> }).games;
    expect(games.map((g) => [g.first, g.second].sort().join('-'))).toEqual(['c-e', 'a-f', 'b-d']);
  });
});
