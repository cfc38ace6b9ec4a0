import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/** Game and Scrabble-tournament imports keep only what the file says (review of December 2026): one file, one module load. */
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];

/** Scrabble exchange imports (.TOU, TSH .t): what a file leaves unsaid is not filled in, and the answer says so. */
describe('scrabble imports: unstated facts stay unstated (review-imports)', () => {
  let h: RecordsHarness;
  let admin: string;
  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(() => h.stop());

  it('.TOU: a game neither line marks + is recorded lower-numbered first and listed as not said, not given to the second', async () => {
    const tou = ['*M07.12.2026 Review TOU', '*A', 'Ames, Ann            2400    2', 'Brown, Bo             380    1', '*** END OF FILE ***', ''].join('\r\n');
    const r = await h.post('/v1/scrabble/tournaments/import/tou', { id: 'tou-unmarked', tou }, admin);
    expect(r.body.notKept).toEqual(
      expect.arrayContaining([
        {
          line: 3,
          text: 'round 1: who went first against Brown, Bo',
          why: 'the file does not say who went first: the game is recorded with the lower-numbered player first',
        },
      ]),
    );
    const pairing = (await h.get('/v1/tournaments/tou-unmarked/rounds/1/pairings', admin).expect(200)).body;
    expect(pairing.games).toEqual([{ first: 'ames-ann', second: 'brown-bo', table: 1 }]);
    expect(pairing.results.t1).toMatchObject({ outcome: 'first', score: { first: 400, second: 380 } });
  });

  it('TSH: a round paired against opponent 0 with no score yet is listed (a bye or an absence: the file does not say yet)', async () => {
    const t = ['Ames, Ann 1500 2 3; 400; p12 1 1', 'Brown, Bo 1400 1 0; 350; p12 2 0', 'Chan, Cy 1300 0 1; 50; p12 0 2', ''].join('\n');
    const r = await h.post('/v1/scrabble/tournaments/import/tsh', { id: 'tsh-pending', name: 'Pending', divisions: [{ name: 'A', t }] }, admin);
    expect(r.body.notKept).toEqual(expect.arrayContaining([expect.objectContaining({ line: 2, text: 'round 2: 0 (no score)' })]));
    const round2 = (await h.get('/v1/tournaments/tsh-pending/rounds/2/pairings', admin).expect(200)).body;
    expect(round2.games).toEqual([{ first: 'ames-ann', second: 'chan-cy', table: 1 }]);
    expect(round2.bye).toBeNull();
  });

  it('TSH: a score past the exact integers (99999999999999999999) is refused naming the line, not rounded to 1e20', async () => {
    const t = ['Ames, Ann 1500 2; 99999999999999999999', 'Brown, Bo 1400 1; 300', ''].join('\n');
    const r = await h.post('/v1/scrabble/tournaments/import/tsh', { id: 'tsh-huge', name: 'Huge', divisions: [{ name: 'A', t }] }, admin, 422);
    expect(r.body).toMatchObject({ field: 'divisions[0].t', line: 1 });
    await h.get('/v1/tournaments/tsh-huge').expect(404);
  });
});

const HEAD = '#player1 ann Ann Lee\n#player2 bob Bob Chan\n';

/** GCG lines are pragmas (#) or events (>); a note may run on over further lines (as macondo's reader takes it). */
describe('GCG import: no line of the file is dropped without a word (review-imports)', () => {
  let h: RecordsHarness;
  let admin: string;
  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(() => h.stop());

  it('a move line that lost its ">" is refused naming the line, not skipped; nothing recorded', async () => {
    const gcg = `${HEAD}>ann: 8G QI +22 22\nbob: 7G ZA +31 31\n`;
    const r = await h.post('/v1/scrabble/games/import', { id: 'gcg-stray', gcg }, admin, 422);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.body).toMatchObject({ field: 'gcg' });
    expect(r.body.detail).toContain('line 4');
    await h.get('/v1/scrabble/games/gcg-stray').expect(404);
  });

  it('a note running on over two lines is kept whole and exported as written', async () => {
    const gcg = `${HEAD}>ann: 8G QI +22 22\n#note first line of the note\nsecond line of the note\n>bob: 7G ZA +31 31\n`;
    const r = await h.post('/v1/scrabble/games/import', { id: 'gcg-note', gcg }, admin);
    expect(r.body.notKept).toEqual([]);
    const out = (await h.get('/v1/scrabble/games/gcg-note/gcg').expect(200)).text;
    expect(out).toContain('>ann: 8G QI +22 22\n#note first line of the note\nsecond line of the note\n>bob: 7G ZA +31 31\n');
  });

  it('a score past the exact integers is refused naming the line, not rounded to 1e20', async () => {
    const gcg = `${HEAD}>ann: 8G QI +99999999999999999999 99999999999999999999\n`;
    const r = await h.post('/v1/scrabble/games/import', { id: 'gcg-huge', gcg }, admin, 422);
    expect(r.body).toMatchObject({ field: 'gcg' });
    expect(r.body.detail).toContain('line 3');
    await h.get('/v1/scrabble/games/gcg-huge').expect(404);
  });
});

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

/** SGF FF[4] value types: KM, TM, BL/WL are Real, OB/OW Number. A value that is neither is refused, never read as 0 or dropped. */
describe('SGF import: a number the file does not write is not made up (review-imports)', () => {
  let h: RecordsHarness;
  let admin: string;
  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(() => h.stop());

  it.each([
    ['km-empty', '(;GM[1]SZ[9]KM[];B[ee];W[ec])', 'KM[]'],
    ['km-word', '(;GM[1]SZ[9]KM[seven];B[ee];W[ec])', 'KM[seven]'],
    ['km-hex', '(;GM[1]SZ[9]KM[0x10];B[ee];W[ec])', 'KM[0x10]'],
    ['tm-word', '(;GM[1]SZ[9]TM[1h];B[ee];W[ec])', 'TM[1h]'],
    ['bl-empty', '(;GM[1]SZ[9];B[ee]BL[];W[ec])', 'BL[]'],
    ['ow-empty', '(;GM[1]SZ[9];B[ee];W[ec]OW[])', 'OW[]'],
  ])('%s: %s is refused 422 naming sgf and %s; nothing recorded', async (id, sgf, prop) => {
    const r = await h.post('/v1/go/games/import', { id, sgf, players: PLAYERS }, admin, 422);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.body).toMatchObject({ field: 'sgf' });
    expect(r.body.detail).toContain(prop);
    await h.get(`/v1/go/games/${id}`).expect(404);
  });

  it('written values are kept: KM[6.5], BL[59.5], OB[3]', async () => {
    await h.post('/v1/go/games/import', { id: 'written', sgf: '(;GM[1]SZ[9]KM[6.5];B[ee]BL[59.5]OB[3];W[ec])', players: PLAYERS }, admin);
    const view = (await h.get('/v1/go/games/written').expect(200)).body;
    expect(view.compensation).toBe(6.5);
    expect(view.moves[0].written).toEqual({ leftMs: 59500, periods: 3 });
  });

  it('an SGF saved with a UTF-8 byte order mark imports as without it', async () => {
    await h.post('/v1/go/games/import', { id: 'sgf-bom', sgf: '\uFEFF(;GM[1]SZ[9]KM[7];B[ee];W[ec])', players: PLAYERS }, admin);
    expect((await h.get('/v1/go/games/sgf-bom').expect(200)).body.compensation).toBe(7);
  });
});

const record = (move: string) => ['[BestOf "3"]', '[MinutesPerGame "20"]', 'Game 1 black=0 @0', move, ''].join('\n');

/** The xiguaqi notation times every line (`@` seconds since the match started); the clocks are read from those times. */
describe('xiguaqi import: a line without its time is refused, not timed a second later (review-imports)', () => {
  let h: RecordsHarness;
  let admin: string;
  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(() => h.stop());

  it('"1. B 6-13" without @ is refused 422 naming record and line 4; nothing recorded', async () => {
    const r = await h.post('/v1/xiguaqi/games/import', { id: 'xg-untimed', record: record('1. B 6-13'), players: PLAYERS }, admin, 422);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.body).toMatchObject({ field: 'record' });
    expect(r.body.detail).toContain('line 4');
    await h.get('/v1/xiguaqi/games/xg-untimed').expect(404);
  });

  it('the same move at @12 is recorded 12 s into the match', async () => {
    await h.post('/v1/xiguaqi/games/import', { id: 'xg-timed', record: record('1. B 6-13 @12'), players: PLAYERS }, admin);
    const out = (await h.get('/v1/xiguaqi/games/xg-timed/record').expect(200)).text;
    expect(out).toContain('1. B 6-13 @12');
  });
});
