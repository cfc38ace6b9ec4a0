import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Arbitra (RULES.unpublishedHidden): until a round is published its pairing, byes and results are
 * seen by the tournament's officials only. Five Scrabble players: round 1 gives e the bye.
 */
const T = 'unpublished-open';
const PLAYERS = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: `Player ${id.toUpperCase()}` }));
const ROUND1 = {
  kind: 'manual',
  reason: 'seeded by hand',
  games: [
    { table: 1, first: 'a', second: 'b' },
    { table: 2, first: 'c', second: 'd' },
  ],
  tables: [],
  bye: 'e',
};
const GAME = {
  players: [
    { id: 'a', name: 'Player A' },
    { id: 'b', name: 'Player B' },
  ],
  starter: 0,
  clockSide: 'right',
  clockSideChosenBy: 1,
  tilesCounted: 100,
};

interface Row {
  player: string;
  score: number;
  rounds: number;
  withdrawn: boolean;
  withdrawnFromRound: number | null;
}
interface Cell {
  round: number;
  kind: string;
}

describe('records server: an unpublished round is for the officials only', () => {
  let h: RecordsHarness;
  let arbiter: string;
  let chief: string;
  /** Callers who are not officials of this tournament: anonymous, a player, another tournament's arbiter. */
  let outsiders: Array<[string, string | null]>;
  let pairedAt = 0;

  const post = (path: string, body: object, token: string | null = arbiter, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);
  const rowOf = (body: { divisions: Array<{ rows: Row[] }> }, id: string) => body.divisions[0].rows.find((r) => r.player === id);

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [T], 'arb-1');
    chief = h.token('chief-arbiter', [T], 'td-1');
    outsiders = [
      ['anonymous', null],
      ['a player', h.token('player', [], 'e')],
      ["another tournament's arbiter", h.token('arbiter', ['other-open'], 'arb-9')],
    ];
    await post('/v1/tournaments', { id: T, name: 'Unpublished Open', discipline: 'scrabble', roundsPlanned: 3, pairingSystems: ['australian-draw'] }, chief);
    for (const p of PLAYERS) await post(`/v1/tournaments/${T}/players`, p);
    // given round 1 paired with e's bye (recorded at pairing time), not published
    pairedAt = (await post(`/v1/tournaments/${T}/rounds/1/pairings`, ROUND1)).body.position;
  });
  afterAll(async () => {
    await h.stop();
  });

  it('the public sees nothing of it: not in the tournament, the list, the standings (also ?round= and ?asOfPosition=), the crosstable or the round', async () => {
    for (const [who, token] of outsiders) {
      const t = await get(`/v1/tournaments/${T}`, token).expect(200);
      expect([who, t.body.rounds]).toEqual([who, []]);
      const list = await get('/v1/tournaments', token).expect(200);
      const item = list.body.tournaments.find((x: { id: string }) => x.id === T);
      expect([who, item.roundsPublished, 'roundsPaired' in item]).toEqual([who, 0, false]);
      for (const query of ['', '?round=1']) {
        const s = await get(`/v1/tournaments/${T}/standings${query}`, token).expect(200);
        // e's bye is not counted: e has no score and no round
        expect([who, query, rowOf(s.body, 'e')]).toEqual([who, query, expect.objectContaining({ score: 0, rounds: 0 })]);
        expect(s.body.divisions[0]).toMatchObject({ throughRound: null, roundInProgress: null, unpublishedRounds: [] });
      }
      // Standings as of a log position replay the stream per request: for the tournament's officials only.
      const asOf = await get(`/v1/tournaments/${T}/standings?asOfPosition=${pairedAt}`, token).expect(403);
      expect([who, asOf.body.field]).toEqual([who, 'asOfPosition']);
      const x = await get(`/v1/tournaments/${T}/crosstable`, token).expect(200);
      expect([who, x.body.divisions[0].rows.flatMap((r: { cells: Cell[] }) => r.cells)]).toEqual([who, []]);
      for (const path of ['pairings', 'pairings/explain', 'results']) {
        const r = await get(`/v1/tournaments/${T}/rounds/1/${path}`, token).expect(404);
        expect([who, path, r.body.type]).toEqual([who, path, 'urn:arbitra:problem:tournament/round-not-published']);
        // The same answer as for round 2, which nobody paired: the refusal does not tell that round 1 is paired.
        const unpaired = await get(`/v1/tournaments/${T}/rounds/2/${path}`, token).expect(404);
        expect([who, path, r.body.detail]).toEqual([who, path, unpaired.body.detail.replace('round 2', 'round 1')]);
      }
    }
  });

  it('an anonymous GET without a query (as a browser or a shared cache sends it) shows nothing of it either', async () => {
    await h.get(`/v1/tournaments/${T}/standings`).expect(200); // the read models have caught up
    const t = await h.http().get(`/v1/tournaments/${T}`).expect(200);
    expect(t.body.rounds).toEqual([]);
    // The public's view is the same bytes for everyone, tagged by them (issue 32): a shared cache may keep it.
    expect(t.headers['cache-control']).toBe('public, no-cache');
    const s = await h.http().get(`/v1/tournaments/${T}/standings`).expect(200);
    expect(rowOf(s.body, 'e')).toEqual(expect.objectContaining({ score: 0, rounds: 0 }));
    expect(s.body.divisions[0]).toMatchObject({ throughRound: null, unpublishedRounds: [] });
    const x = await h.http().get(`/v1/tournaments/${T}/crosstable`).expect(200);
    expect(x.body.divisions[0].rows.flatMap((r: { cells: Cell[] }) => r.cells)).toEqual([]);
  });

  it("the tournament's officials see it, marked as unpublished, with the bye counted", async () => {
    for (const token of [arbiter, chief, h.token('admin')]) {
      const t = await get(`/v1/tournaments/${T}`, token).expect(200);
      expect(t.body.rounds).toEqual([expect.objectContaining({ round: 1, status: 'paired', published: false, bye: 'e', missing: [1, 2] })]);
      const list = await get('/v1/tournaments', token).expect(200);
      expect(list.body.tournaments.find((x: { id: string }) => x.id === T)).toMatchObject({ roundsPaired: 1, roundsPublished: 0 });
      const s = await get(`/v1/tournaments/${T}/standings`, token).expect(200);
      expect(s.body.divisions[0]).toMatchObject({ unpublishedRounds: [1], roundInProgress: 1 });
      expect(rowOf(s.body, 'e')).toMatchObject({ score: 1, rounds: 1 });
      const then = await get(`/v1/tournaments/${T}/standings?asOfPosition=${pairedAt}`, token).expect(200);
      expect(then.body.divisions[0].unpublishedRounds).toEqual([1]);
      const x = await get(`/v1/tournaments/${T}/crosstable`, token).expect(200);
      expect(x.body.divisions[0].rows.find((r: { player: string }) => r.player === 'e').cells).toEqual([expect.objectContaining({ round: 1, kind: 'bye' })]);
      const r = await get(`/v1/tournaments/${T}/rounds/1/pairings`, token).expect(200);
      expect(r.body).toMatchObject({ status: 'paired', publishedAt: null, bye: 'e' });
    }
  });

  it('refuses to link a game to it (409 naming link.round), so the public game list never shows it', async () => {
    const link = { tournamentId: T, round: 1, table: 1 };
    const r = await post('/v1/scrabble/games', { id: 'early', ...GAME, link }, arbiter, 409);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.body).toMatchObject({
      type: 'urn:arbitra:problem:games/link-round-not-published',
      field: 'link.round',
      rule: expect.stringContaining('until a round is published'),
    });
    const games = await get('/v1/games').expect(200);
    expect(games.body.games).toEqual([]);
    await get('/v1/scrabble/games/early').expect(404);
  });

  it('takes no result and no correction for it (409 naming the round): results are entered after publishing', async () => {
    const result = { kind: 'played', outcome: 'first', score: { first: 400, second: 300 } };
    const r = await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 1, result }, arbiter, 409);
    expect(r.body).toMatchObject({
      type: 'urn:arbitra:problem:tournament/round-not-published',
      field: 'round',
      rule: expect.stringContaining('published rounds'),
    });
    const c = await post(`/v1/tournaments/${T}/rounds/1/results/1/corrections`, { result, reason: 'slip misread' }, chief, 409);
    expect(c.body).toMatchObject({
      type: 'urn:arbitra:problem:tournament/round-not-published',
      field: 'round',
      rule: expect.stringContaining('corrected only in a published round'),
    });
  });

  it('once published, the public sees the pairing, the bye in the standings and crosstable, and a game may be linked', async () => {
    await post(`/v1/tournaments/${T}/rounds/1/publish`, {});
    const t = await get(`/v1/tournaments/${T}`).expect(200);
    expect(t.body.rounds).toEqual([expect.objectContaining({ round: 1, status: 'published', published: true, bye: 'e' })]);
    const s = await get(`/v1/tournaments/${T}/standings`).expect(200);
    expect(rowOf(s.body, 'e')).toMatchObject({ score: 1, rounds: 1 });
    const x = await get(`/v1/tournaments/${T}/crosstable`).expect(200);
    expect(x.body.divisions[0].rows.find((r: { player: string }) => r.player === 'e').cells).toEqual([expect.objectContaining({ round: 1, kind: 'bye' })]);
    await get(`/v1/tournaments/${T}/rounds/1/pairings`).expect(200);
    await post('/v1/scrabble/games', { id: 'linked', ...GAME, link: { tournamentId: T, round: 1, table: 1 } }, arbiter);
    const games = await get('/v1/games').expect(200);
    expect(games.body.games.map((g: { id: string }) => g.id)).toEqual(['linked']);
  });
});

describe('records server: penalty refs and withdrawn players', () => {
  let h: RecordsHarness;
  let arbiter: string;
  const P = 'ledger-open';
  const post = (path: string, body: object, status = 201) => h.post(path, body, arbiter, status);
  const get = (path: string) => h.get(path, null);

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [P], 'arb-1');
    await h.post('/v1/tournaments', { id: P, name: 'Ledger Open', discipline: 'scrabble', pairingSystems: ['australian-draw'] }, h.token('admin'));
    for (const id of ['a', 'b', 'c', 'd']) await post(`/v1/tournaments/${P}/players`, { id, name: `Player ${id.toUpperCase()}` });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('refuses a penalty ref used before (409 naming ref and the first penalty); the points count once', async () => {
    const first = await post(`/v1/tournaments/${P}/penalties`, { player: 'a', points: 10, reason: 'mobile phone rang', ref: 'L-1', round: 1 });
    const again = await post(`/v1/tournaments/${P}/penalties`, { player: 'a', points: 10, reason: 'mobile phone rang', ref: 'L-1', round: 1 }, 409);
    expect(again.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(again.body).toMatchObject({
      type: 'urn:arbitra:problem:tournament/penalty-ref-taken',
      field: 'ref',
      rule: expect.stringContaining('never applied twice'),
      detail: expect.stringContaining('10 points to player a in round 1'),
    });
    expect(again.body.detail).toContain('"L-1"');
    // A round's penalties are public once the round is published (issue 32): none before.
    expect((await get(`/v1/tournaments/${P}`).expect(200)).body.penalties).toEqual([]);
    await post(`/v1/tournaments/${P}/rounds/1/pairings`, { kind: 'system', system: 'australian-draw' });
    const published = await post(`/v1/tournaments/${P}/rounds/1/publish`, {});
    expect(published.body.position).toBeGreaterThan(first.body.position);
    const s = await get(`/v1/tournaments/${P}/standings`).expect(200);
    expect(s.body.divisions[0].rows.find((r: Row) => r.player === 'a')).toMatchObject({ penaltyPoints: 10 });
    const t = await get(`/v1/tournaments/${P}`).expect(200);
    expect(t.body.penalties).toEqual([{ player: 'a', points: 10, round: 1, reason: 'mobile phone rang', ref: 'L-1' }]);
    // The public's asOf counts the public's own changes (issue 32): the creation, four registrations, then the publication.
    expect(t.body.asOf).toMatchObject({ revision: 5, position: 5 });
  });

  it('marks a withdrawn player in the standings, the crosstable and the tournament, with the round withdrawn from', async () => {
    await post(`/v1/tournaments/${P}/players/d/withdrawal`, { fromRound: 2, reason: 'illness' });
    const s = await get(`/v1/tournaments/${P}/standings`).expect(200);
    const rows: Row[] = s.body.divisions[0].rows;
    expect(rows.map((r) => [r.player, r.withdrawn, r.withdrawnFromRound])).toEqual([
      ['b', false, null],
      ['c', false, null],
      ['d', true, 2],
      ['a', false, null],
    ]);
    const x = await get(`/v1/tournaments/${P}/crosstable`).expect(200);
    expect(x.body.divisions[0].rows.find((r: Row) => r.player === 'd')).toMatchObject({ withdrawnFromRound: 2 });
    const t = await get(`/v1/tournaments/${P}`).expect(200);
    expect(t.body.players.find((p: { id: string }) => p.id === 'd')).toMatchObject({ withdrawn: true, withdrawnFromRound: 2 });
    expect(t.body.players.find((p: { id: string }) => p.id === 'a')).toMatchObject({ withdrawn: false, withdrawnFromRound: null });
  });
});
