import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];
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
