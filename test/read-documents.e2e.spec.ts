import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

const T = 'etag-open';

describe('public read documents: stored bytes, strong ETag, If-None-Match → 304, Cache-Control', () => {
  let h: RecordsHarness;
  let chief: string;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [T], 'td-1');
    await h.post('/v1/tournaments', { id: T, name: 'ETag Open', discipline: 'scrabble', pairingSystems: ['australian-draw'] }, chief);
    for (const id of ['p1', 'p2', 'p3', 'p4']) await h.post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id}`, rating: 1500 }, chief);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('standings: the same document answers 304 to its ETag, and a new result gives a new ETag and body', async () => {
    const first = await h.get(`/v1/tournaments/${T}/standings`).expect(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    expect(first.body).toMatchObject({ tournament: T, round: null, divisions: [{ tournament: T, division: 'main' }] });

    const again = await h.http().get(`/v1/tournaments/${T}/standings`).set('if-none-match', first.headers.etag).expect(304);
    expect(again.text).toBe('');
    await h.http().get(`/v1/tournaments/${T}/standings`).set('if-none-match', `"other", W/${first.headers.etag}`).expect(304);
    await h.http().get(`/v1/tournaments/${T}/standings`).set('if-none-match', '"other"').expect(200);

    const paired = await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, { kind: 'system', system: 'australian-draw' }, chief);
    await h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, chief);
    const table = paired.body.events[0].data.games[0].table;
    await h.post(`/v1/tournaments/${T}/rounds/1/results`, { table, result: { kind: 'played', outcome: 'first', score: { first: 420, second: 380 } } }, chief);

    const after = await h.get(`/v1/tournaments/${T}/standings`).set('if-none-match', first.headers.etag).expect(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.body.divisions[0].rows.some((r: { spread: number }) => r.spread === 40)).toBe(true);
  });

  it('the tournament document: the officials’ ETag is the stream revision (usable as If-Match), the public’s a tag over its bytes; If-None-Match with it answers 304', async () => {
    const official = await h.get(`/v1/tournaments/${T}`, h.token('chief-arbiter', [T], 'chief-etag')).expect(200);
    expect(official.headers.etag).toBe(`"${official.body.asOf.revision}"`);
    const doc = await h.get(`/v1/tournaments/${T}`).expect(200);
    // Issue 32: the public's tag says nothing its bytes do not (no revision moved by an unpublished round).
    expect(doc.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(doc.headers['cache-control']).toBe('public, no-cache');
    await h.http().get(`/v1/tournaments/${T}`).set('if-none-match', doc.headers.etag).expect(304);
    await h.http().get('/v1/tournaments/no-such').expect(404);
    await h.http().get('/v1/tournaments/no-such/standings').expect(404);
  });

  it('an anonymous GET without a query (served from the stored bytes) answers as the full handler does: body, ETag, caching and security headers', async () => {
    const compared = ['etag', 'cache-control', 'content-type', 'strict-transport-security', 'x-content-type-options', 'content-security-policy'];
    for (const path of [`/v1/tournaments/${T}`, `/v1/tournaments/${T}/standings`, `/v1/tournaments/${T}/crosstable`]) {
      const plain = await h.http().get(path).expect(200);
      const full = await h.http().get(`${path}?waitFor=0`).expect(200);
      expect([path, plain.text]).toEqual([path, full.text]);
      for (const header of compared) expect([path, header, plain.headers[header]]).toEqual([path, header, full.headers[header]]);
      expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      await h.http().get(path).set('if-none-match', plain.headers.etag).expect(304);
    }
    const missing = await h.http().get('/v1/tournaments/no-such/standings').expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(missing.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/unknown-tournament', field: 'id' });
    // A token, even on a public document, is checked: a bad one is refused.
    const refused = await h.http().get(`/v1/tournaments/${T}/standings`).set('authorization', 'Bearer not-a-token').expect(401);
    expect(refused.body.type).toBe('urn:arbitra:problem:auth/unauthorized');
  });
});

describe("?asOfPosition= (a replay per request) is for the tournament's officials", () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
    await h.post('/v1/tournaments', { id: T, name: 'ETag Open', discipline: 'scrabble', pairingSystems: ['australian-draw'] }, h.token('admin'));
  });
  afterAll(async () => {
    await h.stop();
  });

  it('the public gets 403 naming asOfPosition; an arbiter of the tournament gets the view', async () => {
    const refused = await h.get(`/v1/tournaments/${T}/standings?asOfPosition=1`).expect(403);
    expect(refused.body).toMatchObject({ field: 'asOfPosition', type: 'urn:arbitra:problem:auth/official-view' });
    await h.get(`/v1/tournaments/${T}/standings?asOfPosition=1`, h.token('arbiter', ['other-open'])).expect(403);
    const ok = await h.get(`/v1/tournaments/${T}/standings?asOfPosition=1`, h.token('arbiter', [T])).expect(200);
    expect(ok.body.asOfPosition).toBe(1);
  });
});
