import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/** A TRF-16 001 record (FIDE Data Exchange Format, 2016): rank 5–8, name 15–47, rating 49–52, federation 54–56, rounds from 92. */
function player(rank: number, name: string, rating: string, blocks: string[]): string {
  const head = `001 ${String(rank).padStart(4)}      ${name.padEnd(33)} ${rating.padStart(4)} HKG`;
  return `${head.padEnd(80)}${'0.0'.padStart(4)}       ${blocks.map((b) => b.padEnd(10)).join('')}`.trimEnd();
}
/** A TRF-16 132 record: one YY/MM/DD per round in the round columns (from 92). */
const dates = (...days: string[]) => `${'132'.padEnd(91)}${days.map((d) => d.padEnd(10)).join('')}`.trimEnd();

/** Record only what happened: a day a file or a client writes that the calendar does not have is refused, not rolled over. */
describe('imports: a day that does not exist is refused, nothing recorded (review-imports)', () => {
  let h: RecordsHarness;
  let admin: string;
  const csv = (path: string, body: string, status: number) =>
    h
      .http()
      .post(path)
      .set('authorization', admin)
      .set('content-type', 'text/csv')
      .send(body)
      .then((r) => {
        if (r.status !== status) throw new Error(`POST ${path} → ${r.status} (expected ${status}): ${JSON.stringify(r.body)}`);
        return r;
      });

  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(() => h.stop());

  const trf = (day: string) =>
    ['012 Review open', '042 2026/02/28', dates(day), player(1, 'Alpha, Ann', '2100', ['   2 w 1']), player(2, 'Beta, Bob', '1900', ['   1 b 0']), ''].join(
      '\n',
    );

  it('a TRF name written with combining accents (José as e and U+0301) is recorded in Unicode NFC, as the API keeps names', async () => {
    const file = [
      '012 Names open',
      '042 2026/02/28',
      dates('26/02/28'),
      player(1, 'Pe\u0301rez, Jose\u0301', '2100', ['   2 w 1']),
      player(2, 'Beta, Bob', '1900', ['   1 b 0']),
      '',
    ];
    await h.post('/v1/chess/tournaments/import/trf', { id: 'trf-nfc', trf: file.join('\n') }, admin);
    const names = (await h.get('/v1/tournaments/trf-nfc').expect(200)).body.players.map((p: { name: string }) => p.name);
    expect(names).toEqual(['P\u00e9rez, Jos\u00e9', 'Beta, Bob']);
  });

  it('TRF 132: round 1 on 26/02/30 is refused 422 naming the line; no tournament is recorded', async () => {
    const ok = await h.post('/v1/chess/tournaments/import/trf', { id: 'trf-day-ok', trf: trf('26/02/28') }, admin);
    expect(ok.body).toMatchObject({ id: 'trf-day-ok', rounds: 1 });
    const r = await h.post('/v1/chess/tournaments/import/trf', { id: 'trf-day-bad', trf: trf('26/02/30') }, admin, 422);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.body).toMatchObject({ field: 'trf', line: 3 });
    expect(r.body.detail).toContain('26/02/30');
    await h.get('/v1/tournaments/trf-day-bad').expect(404);
  });

  it('a round paired on 2026-02-30 through the API is refused 400/422 naming day', async () => {
    await h.post('/v1/tournaments', { id: 'day-api', name: 'Day', discipline: 'chess-rapid', pairingSystems: ['fide-dutch'] }, admin);
    for (const [id, rating] of [
      ['a', 2000],
      ['b', 1900],
    ] as const)
      await h.post('/v1/tournaments/day-api/players', { id, name: id.toUpperCase(), rating }, admin);
    const r = await h.http().post('/v1/tournaments/day-api/rounds/1/pairings').set('authorization', admin).send({ system: 'fide-dutch', day: '2026-02-30' });
    expect([400, 422]).toContain(r.status);
    expect(r.body).toMatchObject({ field: 'day' });
    await h.get('/v1/tournaments/day-api/rounds/1/pairings', admin).expect(404);
  });

  it('TRF: a file saved with a UTF-8 byte order mark imports as without it (the mark is no record code)', async () => {
    const r = await h.post('/v1/chess/tournaments/import/trf', { id: 'trf-bom', trf: `\uFEFF${trf('26/02/28')}` }, admin);
    expect(r.body).toMatchObject({ id: 'trf-bom', rounds: 1 });
    const summary = (await h.get('/v1/tournaments/trf-bom').expect(200)).body;
    expect(summary.name).toBe('Review open');
  });

  const HEAD = 'federationId,name,country,rating,games,date\r\n';

  it('rating list: a list dated 2026-02-29 (not a leap year) is refused naming line 2: date; nothing imported', async () => {
    const r = await csv('/v1/ratings/scrabble/list-import', `${HEAD}W-1,Chan Tai Man,HKG,1850,112,2026-02-29\r\n`, 422);
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:ratings/import-lines', field: 'line 2: date' });
    await h.get('/v1/rankings/scrabble').expect(404);
  });

  it('rating list: a column written twice is refused naming the header, not read as its last cell', async () => {
    const twice = 'federationId,name,country,rating,date,rating\r\nG-1,Chan Tai Man,HKG,2150,2026-02-28,1200\r\n';
    const r = await csv('/v1/ratings/go/list-import', twice, 422);
    expect(r.body.errors).toEqual([expect.objectContaining({ field: 'line 1: header', message: 'column rating is written more than once' })]);
    await h.get('/v1/rankings/go').expect(404);
  });
});
