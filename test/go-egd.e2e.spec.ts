import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readEgd } from '../libs/domain/disciplines/go/index.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 30: the EGD export follows the EGD tournament table format — class, place and handicap lines, surname and first
 * name as two fields, a grade from the rating, and the McMahon score its places follow — checked by reading the file back.
 */
describe('GET /v1/go/tournaments/:id/egd: the EGD results layout', () => {
  let h: RecordsHarness;
  let admin: string;
  const T = 'go-egd-layout';
  const post = (path: string, body: object, status = 201) => h.post(path, body, admin, status);
  const manual = (games: { table: number; first: string; second: string }[], day: string) => ({ kind: 'manual', reason: 'test', games, tables: [], day });

  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
    await post('/v1/tournaments', {
      id: T,
      name: 'Prague Open',
      discipline: 'go',
      pairingSystems: ['mcmahon'],
      roundsPlanned: 2,
      profile: { mcmahon: { bar: 2300, floor: 1800, handicap: { lowerBy: 2, max: 9 } }, egd: { class: 'B', place: 'CZ, Prague' } },
    });
    // a: 3d (2300, at the bar), b: 1k, c: 10k (below the floor), d: registered without a rating.
    const players = [
      { id: 'a', name: 'Novák, Jan', rating: 2300, country: 'CZ', club: 'Praha' },
      { id: 'b', name: 'van der Berg, Anna Maria', rating: 2000, country: 'NL' },
      { id: 'c', name: 'Chan Hok Hei', rating: 1100, country: 'HK' },
      { id: 'd', name: 'Lee, Ann' },
    ];
    for (const p of players) await post(`/v1/tournaments/${T}/players`, p);
    await post(
      `/v1/tournaments/${T}/rounds/1/pairings`,
      manual(
        [
          { table: 1, first: 'a', second: 'b' },
          { table: 2, first: 'c', second: 'd' },
        ],
        '2026-11-20',
      ),
    );
    await post(`/v1/tournaments/${T}/rounds/1/publish`, {});
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 1, result: { kind: 'played', outcome: 'second' } });
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 2, result: { kind: 'forfeit', absent: 'second' } });
  });
  afterAll(() => h.stop());

  it('a McMahon tournament: writes CL, PC and HA (its handicap policy), names in two fields, grades from the ratings, and the McMahon order with its scores', async () => {
    const text = (await h.get(`/v1/go/tournaments/${T}/egd`).expect(200)).text;
    const { tournament, notKept } = readEgd(text);
    expect(notKept).toEqual([]);
    expect(tournament).toMatchObject({ class: 'B', name: 'Prague Open', place: 'CZ, Prague', dates: '2026-11-20,2026-11-20', handicapReduction: 2 });
    const rows = tournament.players.map((p) => [p.place, p.surname, p.firstName, p.rank, p.points, p.mcmahon]);
    // MMS = initial (ranks above the floor, capped at the bar: 5 at 2300, 2 at 2000, 0 below the floor or unrated) + wins.
    // Jan Novák lost but keeps the highest MMS (5): the places follow the MMS, the points column shows the wins.
    expect(rows).toEqual([
      [1, 'Novák', 'Jan', '3d', 0, 5],
      [2, 'van_der_Berg', 'Anna_Maria', '1k', 1, 3],
      [3, 'Chan_Hok_Hei', null, '10k', 1, 1],
      [4, 'Lee', 'Ann', '?', 0, 0],
    ]);
    // A forfeit win is marked "!" after the colour (the pairing's first player Black).
    expect(tournament.players[2].rounds).toEqual([{ opponentPlace: 4, result: '+', colour: 'b', handicap: 0, byDefault: true }]);
  });

  it("a McMahon handicap game without a linked game writes the pairing's stones, the weaker Black (not an even game)", async () => {
    const id = 'go-egd-handicap';
    const profile = { mcmahon: { bar: 2300, floor: 1800, handicap: { lowerBy: 1, max: 9 } }, egd: { class: 'C' } };
    await post('/v1/tournaments', { id, name: 'Handicap Cup', discipline: 'go', pairingSystems: ['mcmahon'], roundsPlanned: 1, profile });
    await post(`/v1/tournaments/${id}/players`, { id: 'strong', name: 'Strong, Sam', rating: 2300 });
    await post(`/v1/tournaments/${id}/players`, { id: 'weak', name: 'Weak, Wu', rating: 1900 });
    const paired = (await post(`/v1/tournaments/${id}/rounds/1/pairings`, { system: 'mcmahon' })).body.events[0].data.games;
    expect(paired).toEqual([{ table: 1, first: 'weak', second: 'strong', handicap: expect.any(Number) }]);
    const stones = paired[0].handicap;
    expect(stones).toBeGreaterThan(0);
    await post(`/v1/tournaments/${id}/rounds/1/publish`, {});
    await post(`/v1/tournaments/${id}/rounds/1/results`, { table: 1, result: { kind: 'played', outcome: 'first' } });
    const { tournament } = readEgd((await h.get(`/v1/go/tournaments/${id}/egd`).expect(200)).text);
    expect(tournament.players.map((p) => [p.surname, p.rounds[0]])).toEqual([
      // Sam keeps the higher McMahon score (5 against 1 + 1 win): place 1.
      ['Strong', { opponentPlace: 2, result: '-', colour: 'w', handicap: stones, byDefault: false }],
      ['Weak', { opponentPlace: 1, result: '+', colour: 'b', handicap: stones, byDefault: false }],
    ]);
  });

  it('a profile egd is Go only, its class A–D, its place without ";" or "]"', async () => {
    const base = { name: 'X', pairingSystems: ['round-robin'] };
    const chess = await post(
      '/v1/tournaments',
      { ...base, id: 'egd-chess', discipline: 'chess-rapid', pairingSystems: ['fide-dutch'], profile: { egd: { class: 'A' } } },
      422,
    );
    expect(chess.body).toMatchObject({ field: 'profile.egd' });
    await post('/v1/tournaments', { ...base, id: 'egd-e', discipline: 'go', profile: { egd: { class: 'E' } } }, 400);
    await post('/v1/tournaments', { ...base, id: 'egd-p', discipline: 'go', profile: { egd: { class: 'A', place: 'CZ; 1 Forged Line' } } }, 400);
  });

  it('a name the EGD reader would cut (";" starts a comment) is refused with 422 naming the field, not written', async () => {
    const id = 'go-egd-semicolon';
    await post('/v1/tournaments', { id, name: 'Semi', discipline: 'go', pairingSystems: ['round-robin'] });
    await post(`/v1/tournaments/${id}/players`, { id: 'x', name: 'Berg; 1+/b0, Anna' });
    const res = await h.get(`/v1/go/tournaments/${id}/egd`).expect(422);
    expect(res.body).toMatchObject({ field: 'surname', detail: expect.stringContaining('Berg; 1+/b0') });
  });
});
