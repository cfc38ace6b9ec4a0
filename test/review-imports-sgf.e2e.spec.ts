import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];

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
