import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/** A JSON text nested `depth` levels deep: {"a":{"a":…1…}}. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('records server: security limits (issue 7)', () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(async () => {
    await h.stop();
  });

  describe('body depth', () => {
    const endpoints = [
      ['a tournament results endpoint', '/v1/tournaments/t-deep/rounds/1/results', (deep: string) => `{"table":1,"result":${deep}}`],
      ['a tournament creation', '/v1/tournaments', (deep: string) => `{"id":"t-deep","name":"Deep","divisions":${deep}}`],
      ['a game creation', '/v1/games', (deep: string) => `{"id":"g-deep","players":[],"profile":${deep}}`],
    ] as const;
    for (const [what, path, body] of endpoints) {
      for (const depth of [3_000, 100_000]) {
        it(`answers a body nested ${depth} levels deep on ${what} with 400 problem+json, not 500, and stores nothing`, async () => {
          const before = await h.core.store.headPosition();
          const r = await h.http().post(path).set('authorization', h.token('admin')).set('content-type', 'application/json').send(body(nested(depth)));
          expect(r.status).toBe(400);
          expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:validation/too-deep', field: 'body', rule: expect.stringContaining('32 levels') });
          expect(await h.core.store.headPosition()).toBe(before);
        });
      }
    }

    it('still accepts an ordinary nested body (the limit is far above real bodies)', async () => {
      const r = await h.http().post('/v1/games').set('authorization', h.token('admin')).send({ id: 'g-ok', profile: { a: { b: { c: 1 } } } });
      expect(r.body.type).not.toBe('urn:arbitra:problem:validation/too-deep');
    });
  });
});
