import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

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
