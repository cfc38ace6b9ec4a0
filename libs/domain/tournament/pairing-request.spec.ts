import { describe, expect, it } from '@jest/globals';
import { pairingRequestFor } from './pairing-request.js';
import type { TournamentCommand } from './tournament.commands.js';
import {
  ctx,
  extend,
  fourPlayers,
  game,
  mjTable,
  pairManual,
  publish,
  record,
  register,
  run,
  create,
  scrabble,
  stateOf,
  won,
} from './testing/tournament.test-support.js';

const absent = (playerId: string, round: number): TournamentCommand => ({ type: 'tournament.mark-absent', context: ctx(), data: { playerId, round } });
const withdraw = (playerId: string, fromRound: number): TournamentCommand => ({
  type: 'tournament.withdraw-player',
  context: ctx(),
  data: { playerId, fromRound },
});
const forbid = (a: string, b: string): TournamentCommand => ({ type: 'tournament.forbid-pairing', context: ctx(), data: { a, b, reason: 'same family' } });

describe('pairingRequestFor: the PairingRequest the application layer passes to pair()', () => {
  it('before round 1 ranks by rating (seeding order) and carries seed, options and forbidden pairings', () => {
    const h = extend(fourPlayers(), register('e', { rating: 1900 }), forbid('a', 'b'));
    const req = pairingRequestFor(stateOf(h), 'main', 1, 'r1-seed', { round1: 'rating-halves' });
    expect(req.players.map((p) => [p.id, p.rank])).toEqual([
      ['e', 1],
      ['a', 2],
      ['b', 3],
      ['c', 4],
      ['d', 5],
    ]);
    expect(req).toMatchObject({ round: 1, seed: 'r1-seed', options: { round1: 'rating-halves' }, forbidden: [{ a: 'a', b: 'b', reason: 'same family' }] });
    expect(req.players[0]).toEqual({ id: 'e', rank: 1, rating: 1900, seed: 1, byes: 0, met: [], firsts: 0, seconds: 0 });
  });

  it('after round 1 ranks by the standings (wins, then spread) with byes, meetings and firsts/seconds', () => {
    const h = extend(
      fourPlayers(),
      register('e'),
      pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')], 'e'),
      publish(1),
      record(1, 1, scrabble(400, 300)),
      record(1, 2, scrabble(350, 420)),
    );
    const req = pairingRequestFor(stateOf(h), 'main', 2, 'r2');
    // wins: a, d, e (bye +50); spread a +100, d +70, e +50; then c −70, b −100
    expect(req.players.map((p) => p.id)).toEqual(['a', 'd', 'e', 'c', 'b']);
    expect(req.players.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5]);
    const a = req.players.find((p) => p.id === 'a');
    expect(a).toMatchObject({ byes: 0, met: [{ opponent: 'b', round: 1 }], firsts: 1, seconds: 0 });
    expect(req.players.find((p) => p.id === 'e')).toMatchObject({ byes: 1, met: [], firsts: 0, seconds: 0 });
    expect(req.players.find((p) => p.id === 'd')).toMatchObject({ firsts: 0, seconds: 1 });
  });

  it('leaves out absent and withdrawn players and the forbidden pairings that concern them', () => {
    const h = extend(fourPlayers(), forbid('a', 'd'), absent('c', 1), withdraw('d', 1));
    const req = pairingRequestFor(stateOf(h), 'main', 1, 's');
    expect(req.players.map((p) => p.id)).toEqual(['a', 'b']);
    expect(req.forbidden).toEqual([]);
  });

  it('mahjong: table-mates count as met, East as first, the other winds as second', () => {
    const h = extend(
      fourPlayers('mahjong'),
      pairManual(1, [], null, [mjTable(1, ['a', 'b', 'c', 'd'])]),
      publish(1),
      record(1, 1, {
        kind: 'mahjong-table',
        seats: [
          { player: 'a', points: -10 },
          { player: 'b', points: 30 },
          { player: 'c', points: -10 },
          { player: 'd', points: -10 },
        ],
      }),
    );
    const req = pairingRequestFor(stateOf(h), 'main', 2, 's');
    expect(req.players[0]).toMatchObject({ id: 'b', rank: 1, firsts: 0, seconds: 1 });
    expect(req.players.find((p) => p.id === 'a')).toMatchObject({
      firsts: 1,
      seconds: 0,
      met: [
        { opponent: 'b', round: 1 },
        { opponent: 'c', round: 1 },
        { opponent: 'd', round: 1 },
      ],
    });
  });

  it('Arbitra (RULES.seeding): every player carries the fixed seed of the seeding order, the same every round whatever the standings', () => {
    // Seeding: rating (highest first, unrated last), then registration; c and x are unrated, c registered first.
    let h = run(
      create({ discipline: 'chess-rapid' }),
      register('a', { rating: 1500 }),
      register('b', { rating: 2000 }),
      register('c'),
      register('d', { rating: 1800 }),
      register('x'),
    );
    const seedsOf = (round: number) => Object.fromEntries(pairingRequestFor(stateOf(h), 'main', round, 's').players.map((p) => [p.id, p.seed]));
    const r1 = pairingRequestFor(stateOf(h), 'main', 1, 's');
    expect(r1.players.map((p) => [p.id, p.rank, p.seed])).toEqual([
      ['b', 1, 1],
      ['d', 2, 2],
      ['a', 3, 3],
      ['c', 4, 4],
      ['x', 5, 5],
    ]);
    // Round 1: the unrated beat the rated; the standings change the ranks, not the seeds.
    h = extend(h, pairManual(1, [game(1, 'b', 'c'), game(2, 'd', 'x')], 'a'), publish(1), record(1, 1, won('second')), record(1, 2, won('second')));
    // A late entry rated above everyone joins at round 2: seeded after everyone who joined earlier.
    h = extend(h, register('z', { rating: 2500 }, 2), absent('d', 2));
    const r2 = pairingRequestFor(stateOf(h), 'main', 2, 's');
    expect(r2.players.find((p) => p.id === 'b')).toMatchObject({ seed: 1, rank: 4 }); // b lost round 1: ranked below the three winners
    expect(seedsOf(2)).toEqual({ b: 1, a: 3, c: 4, x: 5, z: 6 }); // d absent keeps seed 2, nobody moves up
    expect(Object.fromEntries(r1.players.map((p) => [p.id, p.seed]))).toMatchObject({ b: 1, a: 3, c: 4, x: 5 });
  });
});
