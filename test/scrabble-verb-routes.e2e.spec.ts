import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SCRABBLE_VERB_ROUTES } from '../libs/api/scrabble/scrabble-verb-routes.controller.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 28: Scrabble's verb routes became nouns. An existing client does not break silently: each old
 * route answers 308 Permanent Redirect (method and body kept) with `Deprecation` (RFC 9745) and
 * `Link: <…>; rel="successor-version"`, and records nothing itself.
 */
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];
const START = { players: PLAYERS, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100 };
const G = '/v1/scrabble/games/gv';

describe('Scrabble: the deprecated verb routes redirect to their nouns', () => {
  let h: RecordsHarness;
  let arbiter: string;
  const revision = async () => (await h.get(`${G}/events`, arbiter).expect(200)).body.revision as number;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [], 'arb-1');
    await h.post('/v1/scrabble/games', { id: 'gv', ...START }, arbiter);
    await h.post(`${G}/draws`, { seat: 0, count: 7 }, arbiter);
    await h.post(`${G}/draws`, { seat: 1, count: 7 }, arbiter);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('each old route answers 308 to its noun, with Deprecation and a successor-version Link, and records nothing', async () => {
    const before = await revision();
    for (const [from, to] of Object.entries(SCRABBLE_VERB_ROUTES)) {
      const r = await h.http().post(`${G}/${from}?waitFor=0`).set('authorization', arbiter).send({ seat: 0 });
      expect({ from, status: r.status }).toEqual({ from, status: 308 });
      expect(r.headers.location).toBe(`${G}/${to}?waitFor=0`);
      expect(r.headers.deprecation).toBe('@1796169600');
      expect(r.headers.link).toBe(`<${G}/${to}?waitFor=0>; rel="successor-version"`);
    }
    expect(await revision()).toBe(before);
  });

  it('a client that follows the redirect records the command on the noun route (method and body kept)', async () => {
    const follow = (from: string, body: object) => h.http().post(`${G}/${from}`).set('authorization', arbiter).send(body).redirects(1);
    const paused = await follow('clock/pause', { reason: 'td-call' });
    expect(paused.status).toBe(201);
    expect(paused.body.events.map((e: { type: string }) => e.type)).toContain('scrabble.ClockPaused');
    const resumed = await follow('clock/resume', {});
    expect(resumed.status).toBe(201);
    expect(resumed.body.events.map((e: { type: string }) => e.type)).toContain('scrabble.ClockResumed');
    // The body reaches the noun route: a bad one is refused there, naming the field.
    const bad = await follow('clock/pause', { reason: 'coffee' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ type: 'urn:arbitra:problem:scrabble/pause-reason-not-allowed', field: 'reason' });
  });

  it('the redirect answers only the roles its noun route takes', async () => {
    await h.http().post(`${G}/accept`).send({ seat: 1 }).expect(401);
    await h
      .http()
      .post(`${G}/clock/pause`)
      .set('authorization', h.token('player', [], 'ann'))
      .send({ reason: 'td-call' })
      .expect(403);
    await h.http().post(`${G}/accept`).set('authorization', h.token('appeals-committee')).send({ seat: 1 }).expect(403);
    await h
      .http()
      .post(`${G}/accept`)
      .set('authorization', h.token('player', [], 'bob'))
      .send({ seat: 1 })
      .expect(308);
  });
});
