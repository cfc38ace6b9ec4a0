import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Chess } from 'chess.js';
import { RecordsHarness } from './support/records-harness.js';

/** Issue 13, "PGN export … per round": GET /v1/chess/tournaments/:id/rounds/:n/pgn, public, published rounds only, table order. */
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
  { id: 'cat', name: 'Cat Wong' },
  { id: 'dan', name: 'Dan Ho' },
];
const TID = 'rapid-rounds';

describe('records server: a chess round as PGN', () => {
  let h: RecordsHarness;
  let chief: string;
  const post = (path: string, body: object, token: string | null = chief, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);
  const pairing = (games: object[]) => ({ kind: 'manual', reason: 'test', games, tables: [], bye: null });

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [TID], 'chief-1');
    await post('/v1/tournaments', { id: TID, name: 'Rapid Rounds Open', discipline: 'chess-rapid', roundsPlanned: 2, pairingSystems: ['round-robin'] });
    for (const p of PLAYERS) await post(`/v1/tournaments/${TID}/players`, p);
    const round1 = [
      { table: 1, first: 'ann', second: 'bob' },
      { table: 2, first: 'cat', second: 'dan' },
    ];
    await post(`/v1/tournaments/${TID}/rounds/1/pairings`, pairing(round1));
    await post(`/v1/tournaments/${TID}/rounds/1/publish`, {});
    const start = (id: string, white: number, black: number, table: number) =>
      post('/v1/chess/games', { id, players: [PLAYERS[white], PLAYERS[black]], timeControl: { minutes: 30 }, link: { tournamentId: TID, round: 1, table } });
    // Table 2's game is started first: the export still lists table 1 first.
    await start('r1-t2', 2, 3, 2);
    await start('r1-t1', 0, 1, 1);
    for (const [i, san] of ['f3', 'e5', 'g4', 'Qh4#'].entries()) await post('/v1/chess/games/r1-t1/moves', { seat: i % 2, move: san });
    for (const [i, san] of ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'].entries()) await post('/v1/chess/games/r1-t2/moves', { seat: i % 2, move: san });
    await h.core.settle();
    h.position = await h.core.store.headPosition();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('lists every game linked to the published round, in table order, each a PGN chess.js reads back with its moves, result and clocks', async () => {
    const r = await get(`/v1/chess/tournaments/${TID}/rounds/1/pgn`).expect(200);
    expect(r.headers['content-type']).toContain('application/x-chess-pgn');
    const games = r.text.trim().split(/\n\n(?=\[Event )/);
    expect(games).toHaveLength(2);
    const read = games.map((pgn) => {
      const c = new Chess();
      c.loadPgn(pgn);
      return { headers: c.getHeaders(), moves: c.history() };
    });
    expect(read.map((g) => [g.headers.Board, g.headers.White, g.headers.Black, g.headers.Result])).toEqual([
      ['1', 'Ann Lee', 'Bob Chan', '0-1'],
      ['2', 'Cat Wong', 'Dan Ho', '1-0'],
    ]);
    expect(read[0].headers).toMatchObject({ Event: 'Rapid Rounds Open', Round: '1' });
    expect(read[0].moves).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    expect(read[1].moves).toHaveLength(7);
    expect(games[0]).toMatch(/\{\[%clk \d+:\d\d:\d\d\]\}/);
  });

  it('a round paired but not published is not exported, not even to the chief arbiter (404 naming n); an unpaired one neither', async () => {
    await post(
      `/v1/tournaments/${TID}/rounds/2/pairings`,
      pairing([
        { table: 1, first: 'bob', second: 'cat' },
        { table: 2, first: 'dan', second: 'ann' },
      ]),
    );
    const hidden = await get(`/v1/chess/tournaments/${TID}/rounds/2/pgn`, chief).expect(404);
    expect(hidden.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/round-not-published', field: 'n' });
    const unpaired = await get(`/v1/chess/tournaments/${TID}/rounds/3/pgn`).expect(404);
    // The public gets the same answer for both: the refusal does not tell that round 2 is paired.
    const hiddenToPublic = await get(`/v1/chess/tournaments/${TID}/rounds/2/pgn`).expect(404);
    expect(hiddenToPublic.body.detail.replace('round 2', 'round 3')).toBe(unpaired.body.detail);
    await post(`/v1/tournaments/${TID}/rounds/2/publish`, {});
    const published = await get(`/v1/chess/tournaments/${TID}/rounds/2/pgn`).expect(200);
    expect(published.text).toBe('');
  });

  it('a tournament of another discipline is refused (422 naming id)', async () => {
    const admin = h.token('admin');
    await post('/v1/tournaments', { id: 'scrabble-rounds', name: 'Cup', discipline: 'scrabble', roundsPlanned: 1, pairingSystems: ['round-robin'] }, admin);
    const r = await get('/v1/chess/tournaments/scrabble-rounds/rounds/1/pgn').expect(422);
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:chess/not-a-chess-tournament', field: 'id' });
  });
});
