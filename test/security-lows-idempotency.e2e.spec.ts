import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/** Issue 32: a refused command's answer is its Idempotency-Key's answer; a retry never gets a later 201. */
describe('a refusal is remembered for its Idempotency-Key (issue 32)', () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(() => h.stop());

  it('publish before pairing is refused; after the round is paired the same key and body answer the same refusal, a new key publishes', async () => {
    const T = 'refusal-kept';
    const chief = h.token('chief-arbiter', [T], 'chief-rk');
    await h.post('/v1/tournaments', { id: T, name: 'Refusal Open', discipline: 'scrabble', pairingSystems: ['round-robin'], roundsPlanned: 1 }, chief);
    for (const id of ['ann', 'bob']) await h.post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id}` }, chief);
    const key = { 'idempotency-key': 'publish-r1-0001' };
    const first = await h.http().post(`/v1/tournaments/${T}/rounds/1/publish`).set('authorization', chief).set(key).send({});
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    expect(first.headers['content-type']).toContain('application/problem+json');
    const round1 = { kind: 'manual', reason: 'test', games: [{ table: 1, first: 'ann', second: 'bob' }], tables: [], bye: null };
    await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, round1, chief);
    const head = await h.core.store.headPosition();
    // The retry: the round could be published now, but the key's answer is the refusal it got.
    const retry = await h.http().post(`/v1/tournaments/${T}/rounds/1/publish`).set('authorization', chief).set(key).send({});
    expect(retry.status).toBe(first.status);
    expect({ ...retry.body, requestId: null }).toEqual({ ...first.body, requestId: null });
    expect(await h.core.store.headPosition()).toBe(head);
    // Another body under the key is still another request (422), not the refusal.
    const other = await h.http().post(`/v1/tournaments/${T}/rounds/1/publish`).set('authorization', chief).set(key).send({ division: 'main' });
    expect(other.status).toBe(422);
    expect(other.body.type).toBe('urn:arbitra:problem:command/idempotency-key-reused');
    // A new command gets a new key, and is recorded.
    const published = await h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, chief, 201, { 'idempotency-key': 'publish-r1-0002' });
    expect(published.body.events.map((e: { type: string }) => e.type)).toEqual(['tournament.RoundPublished']);
  });
});
