import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { RecordsHarness } from './support/records-harness.js';
import { SseClient as Client, type Sse } from './support/sse-client.js';

describe('live clients: server-sent events (e2e)', () => {
  let h: RecordsHarness;
  let base: string;
  let chief: string;
  const clients: Client[] = [];
  const open = async (path: string, token?: string, headers: Record<string, string> = {}) => {
    const c = await Client.open(base, path, { ...(token && { authorization: token }), ...headers });
    clients.push(c);
    return c;
  };
  const TID = 'live-open';

  beforeAll(async () => {
    h = await RecordsHarness.start();
    await h.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(h.app.getHttpServer().address() as AddressInfo).port}`;
    chief = h.token('chief-arbiter', [TID], 'chief-live');
    await h.post('/v1/tournaments', { id: TID, name: 'Live Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, chief);
    for (const id of ['ann', 'bob', 'cat', 'dan']) await h.post(`/v1/tournaments/${TID}/players`, { id, name: `Player ${id}` }, chief);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await h.stop();
  });

  it('a tournament’s stream: officials’ ids are revisions, the public’s count its own events; the public sees a round only at its publication, with its pairing; officials see the pairing at once', async () => {
    const pub = await open(`/v1/tournaments/${TID}/live`);
    const official = await open(`/v1/tournaments/${TID}/live`, chief);
    expect(pub.status).toBe(200);
    expect(pub.contentType).toContain('text/event-stream');
    const registered = await pub.waitFor((e) => e.filter((x) => x.event === 'tournament.PlayerRegistered').length === 4);
    expect(registered.map((e) => e.id)).toEqual([0, 1, 2, 3, 4]);

    const games = [
      { table: 1, first: 'ann', second: 'bob' },
      { table: 2, first: 'cat', second: 'dan' },
    ];
    await h.post(`/v1/tournaments/${TID}/rounds/1/pairings`, { kind: 'manual', reason: 'live test', games, tables: [], bye: null }, chief);
    const paired = (await official.waitFor(official.has('tournament.RoundPaired'))).find((e) => e.event === 'tournament.RoundPaired') as Sse;
    expect(paired.data).toMatchObject({ revision: 5, actor: { id: 'chief-live' }, data: { games } });

    await h.post(`/v1/tournaments/${TID}/rounds/1/publish`, {}, chief);
    const seen = await pub.waitFor(pub.has('tournament.RoundPublished'));
    // Events arrive in order: nothing of the round reached the public before its publication.
    expect(seen.map((e) => e.event)).not.toContain('tournament.RoundPaired');
    const published = seen.find((e) => e.event === 'tournament.RoundPublished') as Sse;
    // The pairing (revision 5) is not the public's: its publication is the public's sixth event (issue 32).
    expect(published.id).toBe(5);
    expect(published.data.revision).toBe(5);
    expect(published.data).toMatchObject({ data: { division: 'main', round: 1, published: { games, bye: null } } });
    expect(JSON.stringify(seen)).not.toContain('chief-live');
  });

  it('a client reconnecting with Last-Event-ID gets what followed, nothing twice; a plain GET gets the events so far and ends', async () => {
    await h.post(
      `/v1/tournaments/${TID}/rounds/1/results`,
      { table: 1, result: { kind: 'played', outcome: 'first', score: { first: 420, second: 380 } } },
      chief,
    );
    const resumed = await open(`/v1/tournaments/${TID}/live`, undefined, { 'last-event-id': '5' });
    const events = await resumed.waitFor(resumed.has('tournament.ResultRecorded'));
    expect(events.map((e) => [e.id, e.event])).toEqual([[6, 'tournament.ResultRecorded']]);
    await h.post(
      `/v1/tournaments/${TID}/rounds/1/results`,
      { table: 2, result: { kind: 'played', outcome: 'second', score: { first: 350, second: 390 } } },
      chief,
    );
    expect((await resumed.waitFor((e) => e.length === 2)).map((e) => e.id)).toEqual([6, 7]);

    const plain = await h.http().get(`/v1/tournaments/${TID}/live?lastEventId=5`).expect(200);
    expect(plain.headers['content-type']).toContain('text/event-stream');
    expect(plain.text.match(/^id: \d+$/gm)).toEqual(['id: 6', 'id: 7']);
    const officialPlain = await h.http().get(`/v1/tournaments/${TID}/live?lastEventId=6`).set('authorization', chief).expect(200);
    expect(officialPlain.text.match(/^id: \d+$/gm)).toEqual(['id: 7', 'id: 8']);
    const bad = await h.http().get(`/v1/tournaments/${TID}/live`).set('last-event-id', 'x').expect(400);
    expect(bad.body).toMatchObject({ field: 'Last-Event-ID' });
    await h.http().get('/v1/tournaments/nope/live').expect(404);
  });

  it('a round paired after a public client connected stays hidden until published, also on resumption', async () => {
    const games = [
      { table: 1, first: 'bob', second: 'cat' },
      { table: 2, first: 'dan', second: 'ann' },
    ];
    await h.post(`/v1/tournaments/${TID}/rounds/2/pairings`, { kind: 'manual', reason: 'live test', games, tables: [], bye: null }, chief);
    const plain = await h.http().get(`/v1/tournaments/${TID}/live?lastEventId=7`).expect(200);
    expect(plain.text).not.toContain('RoundPaired');
    expect(plain.text).not.toContain('"bob","second":"cat"');
    const officials = await h.http().get(`/v1/tournaments/${TID}/live?lastEventId=8`).set('authorization', chief).expect(200);
    expect(officials.text).toContain('tournament.RoundPaired');
    // Who is absent is public (as in the summary), why is not.
    await h.post(`/v1/tournaments/${TID}/players/dan/absences`, { round: 3, reason: 'a private matter' }, chief);
    const absence = await h.http().get(`/v1/tournaments/${TID}/live?lastEventId=7`).expect(200);
    expect(absence.text.match(/^id: \d+$/gm)).toEqual(['id: 8']);
    expect(absence.text).toContain('tournament.PlayerMarkedAbsent');
    expect(absence.text).not.toContain('a private matter');
    expect((await h.http().get(`/v1/tournaments/${TID}/live?lastEventId=9`).set('authorization', chief).expect(200)).text).toContain('a private matter');
  });

  it('a game’s stream redacts the tiles others may not see, as GET …/events; a player sees their own', async () => {
    const arbiter = h.token('arbiter', [], 'arb-live');
    const players = [
      { id: 'ann', name: 'Ann Lee' },
      { id: 'bob', name: 'Bob Chan' },
    ];
    const at = (s: number) => new Date(Date.now() - 600_000 + s * 1000).toISOString();
    await h.post(
      '/v1/scrabble/games',
      { id: 'live-g1', players, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, tracking: true, at: at(0) },
      arbiter,
    );
    const pub = await open('/v1/games/scrabble/live-g1/live');
    const ann = await open('/v1/games/scrabble/live-g1/live', h.token('player', [], 'ann'));
    await pub.waitFor(pub.has('scrabble.GameCreated'));
    await h.post('/v1/scrabble/games/live-g1/draws', { seat: 0, tiles: 'QIAERST'.split(''), at: at(1) }, arbiter);
    const drawn = (events: Sse[]) => events.find((e) => e.event === 'scrabble.TilesDrawn');
    const publicDraw = drawn(await pub.waitFor((e) => drawn(e) !== undefined)) as Sse;
    expect(publicDraw.data.data).toMatchObject({ seat: 0, tiles: null, count: 7 });
    const annDraw = drawn(await ann.waitFor((e) => drawn(e) !== undefined)) as Sse;
    expect(annDraw.data.data.tiles).toEqual('QIAERST'.split(''));
    expect(publicDraw.id).toBe(annDraw.id);
    await h.http().get('/v1/games/go/live-g1/live').expect(404);
    await h.http().get('/v1/games/scrabble/nope/live').expect(404);
  });
});
