import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];

/** A PGN import: a time control the file does not state is not made up, in the view or in a refusal. */
describe('PGN import: an unstated time control stays unstated (review-imports)', () => {
  let h: RecordsHarness;
  let admin: string;
  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(() => h.stop());

  it('TimeControl "?" (PGN: unknown) and "-" (PGN: none) show no time control, as a missing tag does', async () => {
    for (const [id, tc] of [
      ['tc-unknown', '?'],
      ['tc-none', '-'],
    ]) {
      await h.post(
        '/v1/chess/games/import',
        { id, pgn: `[White "Ann Lee"]\n[Black "Bob Chan"]\n[TimeControl "${tc}"]\n\n1. e4 e5 *\n`, players: PLAYERS },
        admin,
      );
      const view = (await h.get(`/v1/chess/games/${id}`).expect(200)).body;
      expect(view.timeControl).toBeNull();
      expect(view.imported.headers).toEqual(expect.arrayContaining([['TimeControl', tc]]));
    }
  });

  it('a PGN without a TimeControl tag links to a 30-minute tournament: the file names no other minutes', async () => {
    const TID = 'rapid-thirty';
    const tournament = { id: TID, name: 'Rapid Thirty', discipline: 'chess-rapid', roundsPlanned: 1, profile: { rapidMinutes: 30 } };
    await h.publishedRound1(tournament, PLAYERS, ['ann', 'bob'], admin, admin);
    const pgn = '[White "Ann Lee"]\n[Black "Bob Chan"]\n\n1. e4 e5 *\n';
    await h.post('/v1/chess/games/import', { id: 'thirty-pgn', pgn, players: PLAYERS, link: { tournamentId: TID, round: 1, table: 1 } }, admin);
    const view = (await h.get('/v1/chess/games/thirty-pgn').expect(200)).body;
    expect(view.timeControl).toBeNull();
    expect(view.link).toMatchObject({ tournamentId: TID, round: 1, table: 1 });
    // A file that writes other minutes is still refused, naming pgn.
    const sixty = '[TimeControl "3600"]\n\n1. e4 e5 *\n';
    const r = await h.post(
      '/v1/chess/games/import',
      { id: 'sixty-pgn', pgn: sixty, players: PLAYERS, link: { tournamentId: TID, round: 1, table: 1 } },
      admin,
      422,
    );
    expect(r.body.field).toBe('pgn');
  });

  it('a PGN saved with a UTF-8 byte order mark imports as without it', async () => {
    const pgn = '\uFEFF[White "Ann Lee"]\n[Black "Bob Chan"]\n\n1. e4 e5 *\n';
    const r = await h.post('/v1/chess/games/import', { id: 'pgn-bom', pgn, players: PLAYERS }, admin);
    expect(r.body).toMatchObject({ moves: 2 });
    expect(r.body.source.headers[0]).toEqual(['White', 'Ann Lee']);
  });
});
