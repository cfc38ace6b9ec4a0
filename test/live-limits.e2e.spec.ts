import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { RecordsHarness } from './support/records-harness.js';
import { SseClient } from './support/sse-client.js';

/** Live streams end with their token and anonymous ones are limited per address (issue 32). */
describe('live streams: revocation, expiry, anonymous limit (e2e)', () => {
  let h: RecordsHarness;
  let base: string;
  let chief: string;
  const clients: SseClient[] = [];
  const open = async (path: string, token?: string) => {
    const c = await SseClient.open(base, path, token ? { authorization: token } : {});
    clients.push(c);
    return c;
  };
  const TID = 'live-limits';
  const live = `/v1/tournaments/${TID}/live`;

  beforeAll(async () => {
    h = await RecordsHarness.start(undefined, undefined, { ARBITRA_LIVE_STREAMS_PER_IP: '3' });
    await h.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(h.app.getHttpServer().address() as AddressInfo).port}`;
    chief = h.token('chief-arbiter', [TID], 'chief-limits');
    await h.post('/v1/tournaments', { id: TID, name: 'Limits Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, chief);
    for (const id of ['ann', 'bob', 'cat', 'dan']) await h.post(`/v1/tournaments/${TID}/players`, { id, name: `Player ${id}` }, chief);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await h.stop();
  });

  it('an arbiter’s open stream ends when the token is revoked: the next unpublished pairing does not reach it', async () => {
    const { token, jti } = h.tokens.issueWithId({ sub: 'arbiter-revoked', role: 'arbiter', tournaments: [TID] });
    const stream = await open(live, `Bearer ${token}`);
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.filter((x) => x.event === 'tournament.PlayerRegistered').length === 4);

    await h.post('/v1/auth/revocations', { jti, reason: 'laptop lost at the venue' }, h.token('admin'));
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { reason: 'token-revoked' } });

    const games = [
      { table: 1, first: 'ann', second: 'bob' },
      { table: 2, first: 'cat', second: 'dan' },
    ];
    await h.post(`/v1/tournaments/${TID}/rounds/1/pairings`, { kind: 'manual', reason: 'limits test', games, tables: [], bye: null }, chief);
    // A stream still open with the chief's token gets the pairing: had the revoked one stayed open, it would have too.
    const other = await open(live, chief);
    await other.waitFor(other.has('tournament.RoundPaired'));
    expect(stream.events.map((e) => e.event)).not.toContain('tournament.RoundPaired');
    // Reconnecting with the revoked token is refused.
    expect((await open(live, `Bearer ${token}`)).status).toBe(401);
  });

  it('an open stream ends when its token expires', async () => {
    const token = h.tokens.issue({ sub: 'arbiter-short', role: 'arbiter', tournaments: [TID] }, '2s');
    const stream = await open(live, `Bearer ${token}`);
    expect(stream.status).toBe(200);
    // The server ends it at exp (the token's own second): waiting on the end, not on a timer of the test's.
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { reason: 'token-expired' } });
  });

  it('at most ARBITRA_LIVE_STREAMS_PER_IP anonymous streams per address: past it 429 problem+json; a token’s stream is not counted', async () => {
    const held = [await open(live), await open(live), await open(live)];
    expect(held.map((c) => c.status)).toEqual([200, 200, 200]);
    const refused = await open(live);
    expect(refused.status).toBe(429);
    expect(refused.contentType).toContain('application/problem+json');
    expect((await open(live, chief)).status).toBe(200);

    // A stream that ends gives its slot back (the server learns of the close by the socket: polled, bounded).
    held[0].close();
    let again = 0;
    for (let i = 0; i < 200 && again !== 200; i++) {
      const c = await open(live);
      again = c.status;
      if (again !== 200) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(again).toBe(200);
  });
});
