import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * McMahon pairing for Go over HTTP (issue 29): a Go tournament allows system `mcmahon` with its profile's
 * McMahon band (bar, floor) and pairing settings (handicap policy, club avoidance); the server computes each
 * round from the record (initial McMahon score from the rating + points), with handicaps and explanations.
 */
const T = 'mm-cup';
// GoR-style ratings (100 a rank, 2100 = 1 dan): bar 1 dan, floor 6 kyu → initial McMahon scores 6, 6, 6, 6, 5, 2, 0.
const PLAYERS = [
  { id: 'aki', name: 'Aki Sato', rating: 2300, club: 'Tokyo' },
  { id: 'cai', name: 'Cai Lin', rating: 2250, club: 'Taipei' },
  { id: 'dan', name: 'Dan Wu', rating: 2200, club: 'Osaka' },
  { id: 'ben', name: 'Ben Ng', rating: 2150, club: 'Tokyo' },
  { id: 'eva', name: 'Eva Kim', rating: 2000, club: 'Seoul' },
  { id: 'fei', name: 'Fei Ma', rating: 1700, club: 'Busan' },
  { id: 'gus', name: 'Gus Lee', rating: 1400, club: 'Busan' },
];
const PROFILE = { mcmahon: { bar: 2100, floor: 1500, handicap: { lowerBy: 1, max: 9 }, avoidSameClubUntilRound: 1 } };

interface Game {
  table: number;
  first: string;
  second: string;
  handicap?: number;
}

describe('records server: McMahon pairing for a Go tournament over HTTP', () => {
  let h: RecordsHarness;
  let chief: string;
  let arbiter: string;
  const post = (path: string, body: object, token: string | null = arbiter, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [T, 'mm-chess', 'mm-bare'], 'td-1');
    arbiter = h.token('arbiter', [T], 'arb-1');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('mcmahon is for Go with a McMahon band: a chess tournament or a Go one without profile.mcmahon is refused (422 naming the field); a bad seeding is a 400', async () => {
    const chess = await post('/v1/tournaments', { id: 'mm-chess', name: 'X', discipline: 'chess-rapid', pairingSystems: ['mcmahon'] }, chief, 422);
    expect(chess.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/pairing-system-discipline', field: 'pairingSystems' });
    const bare = await post('/v1/tournaments', { id: 'mm-bare', name: 'X', discipline: 'go', pairingSystems: ['mcmahon'] }, chief, 422);
    expect(bare.body).toMatchObject({
      type: 'urn:arbitra:problem:tournament/mcmahon-needs-band',
      field: 'profile.mcmahon',
      rule: expect.stringContaining('McMahon'),
    });
    const seeding = await post(
      '/v1/tournaments',
      { id: 'mm-bare', name: 'X', discipline: 'go', pairingSystems: ['mcmahon'], profile: { mcmahon: { bar: 2100, floor: 1500, seeding: 'fold-ish' } } },
      chief,
      400,
    );
    expect(JSON.stringify(seeding.body)).toContain('seeding');
  });

  it('pairs round 1 by McMahon score: same club avoided in round 1; handicap = McMahon difference lowered by 1, the weaker Black (first); the lowest takes the bye', async () => {
    const made = await post(
      '/v1/tournaments',
      { id: T, name: 'McMahon Cup', discipline: 'go', roundsPlanned: 3, pairingSystems: ['mcmahon'], profile: PROFILE },
      chief,
    );
    expect(made.body.events[0].data.profile.mcmahon).toEqual(PROFILE.mcmahon);
    for (const p of PLAYERS) await post(`/v1/tournaments/${T}/players`, p);
    const r = await post(`/v1/tournaments/${T}/rounds/1/pairings`, { system: 'mcmahon' });
    const paired = r.body.events[0];
    expect(paired).toMatchObject({
      type: 'tournament.RoundPaired',
      data: { round: 1, method: { kind: 'system', system: 'mcmahon' }, bye: 'gus', repeats: [] },
    });
    const games: Game[] = paired.data.games;
    // Score group 6 in rating order aki, cai, dan, ben: split-and-fold would pair aki–ben, both Tokyo; the club is avoided in
    // round 1 at the least cost to the seeding (aki–dan, cai–ben). eva (5) – fei (2): difference 3 lowered by 1 → 2 stones, fei Black.
    expect(games).toEqual([
      { table: 1, first: expect.any(String), second: expect.any(String) },
      { table: 2, first: expect.any(String), second: expect.any(String) },
      { table: 3, first: 'fei', second: 'eva', handicap: 2 },
    ]);
    expect(games.slice(0, 2).map((g) => [g.first, g.second].sort().join('–'))).toEqual(['aki–dan', 'ben–cai']);
    await post(`/v1/tournaments/${T}/rounds/1/publish`, {});
    expect((await get(`/v1/tournaments/${T}/rounds/1/pairings`).expect(200)).body.games).toEqual(games);
    const explain = await get(`/v1/tournaments/${T}/rounds/1/pairings/explain`).expect(200);
    const text = explain.body.explanation.join('\n');
    expect(text).toMatch(/McMahon round 1: 7 players/);
    expect(text).toMatch(/gus \(#7\) \(MMS 0\) gets the bye/);
    expect(text).toMatch(/seeding split-and-fold/);
  });

  it('round 2 counts the points: winners move up a group, nobody meets again, the bye counts as a win', async () => {
    const round1: Game[] = (await get(`/v1/tournaments/${T}/rounds/1/pairings`).expect(200)).body.games;
    for (const g of round1) await post(`/v1/tournaments/${T}/rounds/1/results`, { table: g.table, result: { kind: 'played', outcome: 'second' } });
    const provisional = await get(`/v1/tournaments/${T}/rounds/2/pairings/provisional`, arbiter).expect(200);
    expect(provisional.body.systems.mcmahon.status).toBe('paired');
    const r = await post(`/v1/tournaments/${T}/rounds/2/pairings`, { system: 'mcmahon', seed: 'r2' });
    const paired = r.body.events[0].data;
    expect(paired.repeats).toEqual([]);
    const met = new Set(round1.map((g) => [g.first, g.second].sort().join()));
    for (const g of paired.games as Game[]) expect(met.has([g.first, g.second].sort().join())).toBe(false);
    expect(paired.bye).not.toBe('gus'); // never a second bye while another player can take one
    // gus's bye is a win (the profile's bye value): McMahon score 0 + 1.
    expect(paired.explanation.join('\n')).toMatch(/gus \(#\d\) \(MMS 1\)/);
  });
});
