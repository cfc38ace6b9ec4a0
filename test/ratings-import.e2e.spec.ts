import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { RecordsHarness } from './support/records-harness.js';

/** Issue 31: a federation's current list imported as CSV; ratings outside an engine's domain refused at the edge. */
describe('records server: rating-list import and input domains (issue 31)', () => {
  let h: RecordsHarness;
  let admin: string;
  const upload = (path: string, csv: string, status: number) =>
    h
      .http()
      .post(path)
      .set('authorization', admin)
      .set('content-type', 'text/csv')
      .send(csv)
      .then((r) => {
        if (r.status !== status) throw new Error(`POST ${path} → ${r.status} (expected ${status}): ${JSON.stringify(r.body)}`);
        if (status === 201) h.position = Math.max(h.position, r.body.position);
        return r;
      });

  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(() => h.stop());

  const GOOD = 'federationId,name,country,rating,games,date\r\nW-1,"Chan, Tai Man",HKG,1850,112,2026-11-30\r\nW-2,Lee Siu Ming,MAC,1720,40,2026-11-30\r\n';

  it('refuses a file with bad lines as problem+json naming every line; nothing is imported', async () => {
    const bad = `${GOOD}W-3,Wong,HKG,high,5,2026-11-30\r\nW-1,Twice,HKG,1500,5,2026-11-30\r\nW-4,\u202Eevil,HKG,1500,5,2026-11-30\r\n`;
    const r = await upload('/v1/ratings/scrabble/list-import', bad, 422);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:ratings/import-lines', field: 'line 4: rating' });
    expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual(['line 4: rating', 'line 5: federationId', 'line 6: name']);
    await h.get('/v1/rankings/scrabble').expect(404);
    const unquoted = await upload('/v1/ratings/scrabble/list-import', 'federationId,name,country,rating,games,date\r\nW-1,"Chan,HKG\r\n', 422);
    expect(unquoted.body.field).toMatch(/^line \d+: file$/);
    const header = await upload('/v1/ratings/scrabble/list-import', 'federationId,name,country,rating,date\r\n', 422);
    expect(header.body.errors[0]).toMatchObject({ field: 'line 1: header', message: 'column games is required for wespa-elo' });
  });

  it('imports the list with the file’s SHA-256, who and when; the rankings serve it as the starting list', async () => {
    const r = await upload('/v1/ratings/scrabble/list-import?fileName=wespa-2026-11.csv', GOOD, 201);
    const sha256 = createHash('sha256').update(GOOD).digest('hex');
    expect(r.body.events[0]).toMatchObject({
      type: 'players.ListImported',
      data: { listDate: '2026-11-30', source: { sha256, lines: 2, fileName: 'wespa-2026-11.csv' }, importedBy: expect.any(String) },
    });
    const list = await h.get('/v1/rankings/scrabble').expect(200);
    expect(list.body).toMatchObject({ period: '@import', closesOn: '2026-11-30', total: 2, engine: { name: 'wespa-elo', version: 1 } });
    // WESPA's /172 curve and multipliers are confirmed by no public text: the published list says so.
    expect(list.body.unconfirmed).toEqual(expect.arrayContaining(['scale', 'newer', 'experienced']));
    expect(list.body.entries.map((e: { player: string; name: string; rating: number }) => [e.player, e.name, e.rating])).toEqual([
      ['W-1', 'Chan, Tai Man', 1850],
      ['W-2', 'Lee Siu Ming', 1720],
    ]);
    await upload('/v1/ratings/scrabble/list-import', GOOD, 409);
    const json = await h.http().post('/v1/ratings/go/list-import').set('authorization', admin).send({ csv: GOOD });
    expect(json.status).toBe(415);
  });

  it('refuses a Go registration rating of 3400 (GoR lies below 3300), naming player.rating', async () => {
    await h.post('/v1/tournaments', { id: 'go-1', name: 'Go', discipline: 'go', pairingSystems: ['round-robin'] }, admin);
    const r = await h.post('/v1/tournaments/go-1/players', { id: 'p', name: 'P', rating: 3400 }, admin, 422);
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/player-rating', field: 'player.rating' });
    expect(r.body.rule).toMatch(/3300/);
  });

  it('serves JSON and CSV with Vary: Accept, and refuses asOf=2026-13-45 with 400 naming asOf', async () => {
    const json = await h.get('/v1/rankings/scrabble').expect(200);
    expect(json.headers.vary).toMatch(/\bAccept\b/);
    const csv = await h.get('/v1/rankings/scrabble?format=csv').expect(200);
    expect(csv.headers.vary).toMatch(/\bAccept\b/);
    const history = await h.get('/v1/players/W-1/rating-history').expect(200);
    expect(history.headers.vary).toMatch(/\bAccept\b/);
    const bad = await h.get('/v1/rankings/scrabble?asOf=2026-13-45').expect(400);
    expect(JSON.stringify(bad.body.errors ?? bad.body)).toContain('asOf');
    await h.get('/v1/rankings/scrabble?asOf=2026-11-30').expect(200);
  });
});
