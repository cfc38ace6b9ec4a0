import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { RecordsHarness } from './support/records-harness.js';
import { SseClient } from './support/sse-client.js';

const T = 'quiet-open';

/** Every anonymous answer that could say that, or when, something was recorded: the status, body bytes and caching headers. */
const PATHS = [
  '/v1/tournaments',
  '/v1/tournaments?waitFor=0',
  `/v1/tournaments/${T}`,
  `/v1/tournaments/${T}?waitFor=0`,
  `/v1/tournaments/${T}/standings`,
  `/v1/tournaments/${T}/standings?waitFor=0`,
  `/v1/tournaments/${T}/standings?round=1`,
  `/v1/tournaments/${T}/crosstable`,
  `/v1/tournaments/${T}/crosstable?waitFor=0`,
  `/v1/tournaments/${T}/rounds/1/pairings`,
  `/v1/tournaments/${T}/rounds/1/results`,
  `/v1/tournaments/${T}/rounds/2/pairings`,
  `/v1/tournaments/${T}/rounds/2/results`,
  `/v1/tournaments/${T}/rounds/2/pairings/explain`,
  `/v1/scrabble/tournaments/${T}/tou`,
  `/v1/scrabble/tournaments/${T}/tsh`,
  '/v1/games',
  '/v1/rankings/scrabble',
  '/v1/ratings/scrabble/periods',
  '/v1/players/ann',
  `/pages/tournaments/${T}`,
  `/pages/tournaments/${T}/rounds/1`,
  `/pages/tournaments/${T}/rounds/2`,
  `/pages/tournaments/${T}/standings`,
  `/pages/tournaments/${T}/crosstable`,
  `/pages/tournaments/${T}/players/ann`,
  `/v1/tournaments/${T}/live`,
  `/v1/tournaments/${T}/live?lastEventId=3`,
  '/health/ready',
];
const HEADERS = ['etag', 'last-modified', 'content-type', 'cache-control', 'content-length'];

describe('the public does not learn that, or when, something unpublished was recorded (issue 32)', () => {
  let h: RecordsHarness;
  let base: string;
  let chief: string;
  beforeAll(async () => {
    h = await RecordsHarness.start();
    await h.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(h.app.getHttpServer().address() as AddressInfo).port}`;
    chief = h.token('chief-arbiter', [T], 'chief-quiet');
    await h.post('/v1/tournaments', { id: T, name: 'Quiet Open', discipline: 'scrabble', pairingSystems: ['round-robin'], roundsPlanned: 3 }, chief);
    for (const id of ['ann', 'bob', 'cat']) await h.post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id}` }, chief);
    const round1 = { kind: 'manual', reason: 'test', games: [{ table: 1, first: 'ann', second: 'bob' }], tables: [], bye: 'cat' };
    await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, round1, chief);
    await h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, chief);
    await h.post(
      `/v1/tournaments/${T}/rounds/1/results`,
      { table: 1, result: { kind: 'played', outcome: 'first', score: { first: 420, second: 380 } } },
      chief,
    );
  });
  afterAll(() => h.stop());

  /** Every anonymous answer, once the read models hold everything recorded. */
  async function snapshot(): Promise<Map<string, string>> {
    await h.core.settle();
    const answers = new Map<string, string>();
    for (const path of PATHS) {
      const r = await h
        .http()
        .get(path)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => done(null, text));
        });
      const headers = HEADERS.map((name) => `${name}: ${r.headers[name] ?? ''}`).join('\n');
      // A problem's requestId is the request's own (x-request-id), not the record's.
      answers.set(path, `${r.status}\n${headers}\n\n${String(r.body).replace(/"requestId":"[^"]*"/, '"requestId":"…"')}`);
    }
    return answers;
  }

  it('pairing a round without publishing it moves no anonymous answer, ETag, asOf, SSE id or health answer; publishing it moves them', async () => {
    const stream = await SseClient.open(base, `/v1/tournaments/${T}/live`);
    await stream.waitFor((e) => e.some((x) => x.event === 'tournament.ResultRecorded'));
    const before = await snapshot();
    const seenBefore = stream.events.length;

    // Round 2 paired, with a bye (a result of an unpublished round), and a points penalty for it: all for the officials only.
    const round2 = { kind: 'manual', reason: 'test', games: [{ table: 1, first: 'bob', second: 'cat' }], tables: [], bye: 'ann' };
    await h.post(`/v1/tournaments/${T}/rounds/2/pairings`, round2, chief);
    await h.post(`/v1/tournaments/${T}/penalties`, { player: 'bob', points: 3, reason: 'phone rang', ref: 'Q-1', round: 2 }, chief);
    const official = await h.get(`/v1/tournaments/${T}`, chief).expect(200);
    expect(official.body.rounds.map((r: { round: number }) => r.round)).toEqual([1, 2]);
    const health = await h.http().get('/health/ready').set('authorization', h.token('admin')).expect(200);
    expect(health.body.info.store.head).toBe(h.position);

    const during = await snapshot();
    const changed = PATHS.filter((path) => during.get(path) !== before.get(path));
    expect(changed.map((path) => [path, before.get(path), during.get(path)])).toEqual([]);
    // The open anonymous stream got nothing.
    expect(stream.events.length).toBe(seenBefore);

    await h.post(`/v1/tournaments/${T}/rounds/2/publish`, {}, chief);
    const published = await stream.waitFor((e) => e.some((x) => x.event === 'tournament.RoundPublished' && x.data.data.round === 2));
    const after = await snapshot();
    const moved = (path: string) => after.get(path) !== before.get(path);
    for (const path of [
      `/v1/tournaments/${T}`,
      `/v1/tournaments/${T}/standings`,
      `/v1/tournaments/${T}/crosstable`,
      `/v1/tournaments/${T}/live`,
      `/pages/tournaments/${T}/rounds/2`,
    ])
      expect([path, moved(path)]).toEqual([path, true]);
    // Anonymous ids count the public's own events: the publication follows the last public one.
    const ids = published.map((e) => e.id);
    expect(ids).toEqual(ids.map((_, i) => i));
    const summary = (await h.http().get(`/v1/tournaments/${T}`).expect(200)).body;
    // Its asOf counts the public's own changes: creation, 3 registrations, round 1's publication and result, round 2's publication.
    expect(summary.asOf).toMatchObject({ revision: 6, position: 6 });
    stream.close();
  });
});
