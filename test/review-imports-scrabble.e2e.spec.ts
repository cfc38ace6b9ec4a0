import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

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
