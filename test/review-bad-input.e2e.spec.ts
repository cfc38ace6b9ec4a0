import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Bad input gets a 4xx problem+json naming the field and the rule, and nothing is recorded (review of December 2026):
 * bodies whose shape is wrong where class-validator alone let them through.
 */
const T = 'bad-input-open';
const PLAYERS = ['a', 'b', 'c', 'd'].map((id) => ({ id, name: `Player ${id.toUpperCase()}` }));

describe('records server: a body of the wrong shape is refused, naming the field, and records nothing', () => {
  let h: RecordsHarness;
  let chief: string;
  let arbiter: string;

  /** A command sent as raw JSON text (`null` cannot be sent through supertest's object body). */
  const send = (path: string, json: string, token: string) =>
    h.http().post(path).set('authorization', token).set('content-type', 'application/json').send(json);

  /** The answer is a 400 problem+json naming `field`, and the log did not move. */
  async function refused(path: string, json: string, field: string, rule: string, token = arbiter) {
    const head = await h.core.store.headPosition();
    const r = await send(path, json, token);
    expect([r.status, r.headers['content-type']]).toEqual([400, expect.stringMatching(/^application\/problem\+json/)]);
    expect(r.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    expect(await h.core.store.headPosition()).toBe(head);
    return r;
  }

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [T, 'listed-profile'], 'td-1');
    arbiter = h.token('arbiter', [T, 'listed-profile'], 'arb-1');
    await h.post('/v1/tournaments', { id: T, name: 'Bad Input Open', discipline: 'scrabble', roundsPlanned: 3, pairingSystems: ['australian-draw'] }, chief);
    for (const p of PLAYERS) await h.post(`/v1/tournaments/${T}/players`, p, arbiter);
    const games = [
      { table: 1, first: 'a', second: 'b' },
      { table: 2, first: 'c', second: 'd' },
    ];
    await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, { kind: 'manual', reason: 'seeded by hand', games, tables: [], bye: null }, arbiter);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('a JSON null body does not publish a round: 400 naming the body, and the round stays unpublished', async () => {
    await refused(`/v1/tournaments/${T}/rounds/1/publish`, 'null', 'body', 'isObject');
    await h.get(`/v1/tournaments/${T}/rounds/1/pairings`).expect(404);
    // The same command with an empty object (or no body) still publishes: only `null` is refused.
    await h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, arbiter);
    await h.get(`/v1/tournaments/${T}/rounds/1/pairings`).expect(200);
  });
});
