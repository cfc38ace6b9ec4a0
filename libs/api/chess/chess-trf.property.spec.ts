import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseTrf, trfImportCommands } from '../../domain/exchange/index.js';
import type { ResultInput, TournamentCommand } from '../../domain/tournament/index.js';
import { create, ctx, extend, game, pairManual, publish, record, register, stateOf } from '../../domain/tournament/testing/tournament.test-support.js';
import { tournamentTrf } from './chess-trf.js';

/**
 * Issue 30: TRF-16 export → import → export is byte-identical on generated chess tournaments: played games, draws,
 * forfeits, double forfeits, pairing-allocated byes, absences, withdrawals, a last round in progress, unrated players, names with digits,
 * federations, FIDE IDs and ids that are not FIDE IDs, round days, the rapid time control and the Baku acceleration's XXR/XXA lines (fast-check).
 */
const AS_OF = { revision: 0, position: 0, at: '2026-12-02T10:00:00Z' };
const SOURCE = { format: 'trf' as const, sha256: '0'.repeat(64), importedBy: 'admin-1', importedAt: AS_OF.at, headers: [] };
const RESULTS: ResultInput[] = [
  { kind: 'played', outcome: 'first' },
  { kind: 'played', outcome: 'second' },
  { kind: 'played', outcome: 'draw' },
  { kind: 'forfeit', absent: 'first' },
  { kind: 'forfeit', absent: 'second' },
  { kind: 'double-forfeit' },
];

const player = fc.record({
  name: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.'-]{0,30}[A-Za-z0-9]$/),
  rating: fc.option(fc.integer({ min: 1400, max: 2850 }), { nil: undefined }),
  country: fc.option(fc.constantFrom('HKG', 'CHN', 'GER', 'FID'), { nil: undefined }),
  federationId: fc.option(fc.oneof(fc.stringMatching(/^[1-9]\d{0,10}$/), fc.constant('HK-0042')), { nil: undefined }),
});
const round = fc.record({ order: fc.array(fc.nat(), { minLength: 16, maxLength: 16 }), absent: fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }) });

/** A chess tournament played out from the generated draws: each round pairs the present players in a shuffled order. */
function tournament(
  players: ReadonlyArray<{ name: string; rating?: number; country?: string; federationId?: string }>,
  rounds: ReadonlyArray<{ order: number[]; absent: boolean[] }>,
  results: readonly number[],
  opts: { days: boolean; minutes?: 30 | 60; withdraw?: number; pending: number; baku: boolean },
) {
  const ids = players.map((_, i) => `p${i + 1}`);
  const commands: TournamentCommand[] = [
    create({
      id: 't1',
      name: 'Generated Open',
      discipline: 'chess-rapid',
      pairingSystems: ['fide-dutch'],
      ...(opts.baku && { roundsPlanned: rounds.length + 2 }),
      profile: { ...(opts.minutes && { rapidMinutes: opts.minutes }), ...(opts.baku && { acceleration: 'baku' as const }) },
    }),
    ...players.map((p, i) => register(ids[i], p)),
  ];
  let r = 0;
  rounds.forEach((rd, k) => {
    const n = k + 1;
    const out = (i: number) => rd.absent[i % 16] && (i + k) % 3 === 0;
    if (opts.withdraw !== undefined && k === 1)
      commands.push({ type: 'tournament.withdraw-player', context: ctx(), data: { playerId: ids[opts.withdraw % ids.length], fromRound: n } });
    const withdrawn = (i: number) => opts.withdraw !== undefined && k >= 1 && i === opts.withdraw % ids.length;
    const present = ids.filter((_, i) => !withdrawn(i) && !out(i));
    ids.forEach((id, i) => !withdrawn(i) && out(i) && commands.push({ type: 'tournament.mark-absent', context: ctx(), data: { playerId: id, round: n } }));
    const shuffled = present.map((id, i) => ({ id, key: rd.order[i % 16] * 100 + i })).sort((a, b) => a.key - b.key);
    const games = [];
    for (let i = 0; i + 1 < shuffled.length; i += 2) games.push(game(games.length + 1, shuffled[i].id, shuffled[i + 1].id));
    const bye = shuffled.length % 2 === 1 ? shuffled[shuffled.length - 1].id : null;
    const pairing = pairManual(n, games, bye);
    commands.push(opts.days ? ({ ...pairing, data: { ...pairing.data, day: `2026-03-${String(10 + n).padStart(2, '0')}` } } as TournamentCommand) : pairing);
    commands.push(publish(n));
    // The last round may be in progress: `pending` of its games have no result yet.
    const last = k === rounds.length - 1;
    for (const g of games) if (!last || g.table > opts.pending) commands.push(record(n, g.table, RESULTS[results[r++ % results.length] % RESULTS.length]));
  });
  return stateOf(extend([], ...commands));
}

function reimported(trf: string) {
  const plan = trfImportCommands(parseTrf(trf), { id: 't2', name: 'Generated Open', source: SOURCE });
  return stateOf(extend([], ...plan.commands.map((c) => ({ ...c, context: ctx('admin') }) as TournamentCommand)));
}

describe('TRF-16 round trip (property)', () => {
  it('export → import → export is byte-identical on generated chess tournaments', () => {
    fc.assert(
      fc.property(
        fc.array(player, { minLength: 2, maxLength: 14 }),
        fc.array(round, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
        fc.record({
          days: fc.boolean(),
          minutes: fc.option(fc.constantFrom(30 as const, 60 as const), { nil: undefined }),
          withdraw: fc.option(fc.nat(), { nil: undefined }),
          pending: fc.integer({ min: 0, max: 8 }),
          baku: fc.boolean(),
        }),
        (players, rounds, results, opts) => {
          const first = tournamentTrf(tournament(players, rounds, results, opts), 'main', AS_OF);
          const again = tournamentTrf(reimported(first), 'main', AS_OF);
          expect(again).toBe(first);
          // An accelerated tournament writes its rounds planned and its virtual points (C.04.5.1) and comes back accelerated.
          expect(/^XXA /m.test(first)).toBe(opts.baku);
        },
      ),
      { numRuns: 200 },
    );
  });
});
