import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/** Issue 15: player identities, a rating period closed and published, rankings (JSON, CSV, ETag), a correction as a new version, the chart. */
describe('records server: ratings and rankings (issue 15)', () => {
  let h: RecordsHarness;
  let admin: string;
  const T = 'go-open-2026';
  const post = (path: string, body: object, status = 201) => h.post(path, body, admin, status);

  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
    for (const [id, country] of [
      ['a', 'HKG'],
      ['b', 'HKG'],
      ['c', 'MAC'],
      ['d', 'TPE'],
    ])
      await post('/v1/players', { id, federationId: `EGD-${id}`, name: `Player ${id.toUpperCase()}`, country });
    await post('/v1/tournaments', { id: T, name: 'Go Open', discipline: 'go', pairingSystems: ['round-robin'] });
    for (const id of ['a', 'b', 'c', 'd'])
      await post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id.toUpperCase()}`, federationId: `EGD-${id}`, rating: 2100 });
    const games = [
      { table: 1, first: 'a', second: 'b' },
      { table: 2, first: 'c', second: 'd' },
    ];
    await post(`/v1/tournaments/${T}/rounds/1/pairings`, { kind: 'manual', reason: 'test', games, tables: [], day: '2026-11-20' });
    await post(`/v1/tournaments/${T}/rounds/1/publish`, {});
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 1, result: { kind: 'played', outcome: 'first' } });
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 2, result: { kind: 'played', outcome: 'draw' } });
  });
  afterAll(() => h.stop());

  it('refuses a second identity with the same federation id, naming the field', async () => {
    const r = await post('/v1/players', { id: 'a-dup', federationId: 'EGD-a', name: 'Player A', country: 'HKG' }, 409);
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:players/federation-id-taken', field: 'federationId' });
  });

  it('refuses a period naming an engine version Arbitra does not run, or a tournament of another discipline', async () => {
    const bad = await post(
      '/v1/ratings/go/periods',
      { period: 'p0', closesOn: '2026-11-30', tournaments: [T], engine: { name: 'egd-gor', version: 1999 } },
      422,
    );
    expect(bad.body).toMatchObject({ field: 'engine.version' });
    const other = await post(
      '/v1/ratings/scrabble/periods',
      { period: 'p0', closesOn: '2026-11-30', tournaments: [T], engine: { name: 'wespa-elo', version: 1 } },
      422,
    );
    expect(other.body).toMatchObject({ field: 'tournaments[0]' });
  });

  it('publishes the period’s list: 2100 beats 2100 → 2109.306 (EGD 2021), served as JSON with an ETag and as CSV, filtered and paged', async () => {
    await post('/v1/ratings/go/periods', { period: '2026-11', closesOn: '2026-11-30', tournaments: [T], engine: { name: 'egd-gor', version: 2021 } });
    const published = await post('/v1/ratings/go/periods/2026-11/list', {});
    expect(published.body.events[0]).toMatchObject({ type: 'ratings.ListPublished', data: { version: 1 } });
    const r = await h.get('/v1/rankings/go').expect(200);
    expect(r.body).toMatchObject({ period: '2026-11', version: 1, total: 4 });
    expect(r.body.entries[0]).toMatchObject({ player: 'a', rank: 1, games: 1 });
    expect(r.body.entries[0].rating).toBeCloseTo(2109.306, 3);
    const etag = r.headers.etag as string;
    await h.http().get('/v1/rankings/go').set('if-none-match', etag).expect(304);
    const csv = await h.get('/v1/rankings/go?format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe('rank,player,name,country,rating,games,provisional,active,change');
    expect(csv.text.split('\r\n')[1]).toMatch(/^1,a,Player A,HKG,2109\.306,1,/);
    const macau = await h.get('/v1/rankings/go?country=MAC').expect(200);
    expect(macau.body.entries.map((e: { player: string }) => e.player)).toEqual(['c']);
    const page = await h.get('/v1/rankings/go?limit=3').expect(200);
    expect([page.body.entries.length, page.body.next]).toEqual([3, 3]);
    await h.get('/v1/rankings/go?asOf=2026-11-29').expect(404);
    await post('/v1/ratings/go/periods/2026-11/list', {}, 409);
  });

  it('a corrected result makes version 2 naming what changed and why; version 1 stays readable as published', async () => {
    await post(`/v1/tournaments/${T}/rounds/1/results/1/corrections`, { result: { kind: 'played', outcome: 'second' }, reason: 'wrong winner entered' });
    const c = await post('/v1/ratings/go/periods/2026-11/list/corrections', {
      reason: 'table 1 result corrected',
      cause: { kind: 'late-result', ref: `${T}/1/1` },
    });
    expect(c.body.events[0].data).toMatchObject({ version: 2, corrects: 1, reason: 'table 1 result corrected' });
    expect(c.body.events[0].data.changes.map((x: { player: string }) => x.player)).toEqual(['a', 'b']);
    const r = await h.get('/v1/rankings/go').expect(200);
    expect(r.body).toMatchObject({ version: 2, correction: { corrects: 1, cause: { kind: 'late-result' } } });
    expect(r.body.entries[0].player).toBe('b');
    const v1 = await h.get('/v1/rankings/go?version=1').expect(200);
    expect(v1.body).toMatchObject({ version: 1, correction: null, entries: [{ player: 'a', rank: 1 }, {}, {}, {}] });
    await h.get('/v1/rankings/go?version=3').expect(404);
    await post('/v1/ratings/go/periods/2026-11/list/corrections', { reason: 'again', cause: { kind: 'data-error' } }, 409);
  });

  it('a player’s page, rating history and SVG chart', async () => {
    const p = await h.get('/v1/players/b').expect(200);
    expect(p.body.ratings.go.current).toMatchObject({ period: '2026-11', version: 2, games: 1, provisional: false });
    expect(p.body.ratings.go.events).toEqual([{ tournament: T, on: '2026-11-20', games: 1, score: 1, period: '2026-11' }]);
    const hist = await h.get('/v1/players/b/rating-history').expect(200);
    expect(hist.body.history.go).toHaveLength(1);
    const svg = await h.get('/v1/players/b/rating-history?format=svg').expect(200);
    expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(String(svg.body ?? svg.text)).toContain('<svg');
    await h.get('/v1/players/nobody').expect(404);
  });

  it('merges a duplicate identity by an event; the duplicate’s page names the identity kept', async () => {
    await post('/v1/players', { id: 'a2', federationId: 'EGD-a2', name: 'Player A', country: 'HKG' });
    await post('/v1/players/a/merges', { duplicate: 'a2', reason: 'registered twice' });
    const dup = await h.get('/v1/players/a2').expect(200);
    expect(dup.body.mergedInto).toBe('a');
    expect((await h.get('/v1/players/a').expect(200)).body.merged).toEqual(['a2']);
    await post('/v1/players/a/merges', { duplicate: 'a2', reason: 'again' }, 409);
  });
});
