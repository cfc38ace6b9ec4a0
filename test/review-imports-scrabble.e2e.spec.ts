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
});
