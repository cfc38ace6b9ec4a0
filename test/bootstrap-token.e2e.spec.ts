import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

function jtiOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).jti;
}

describe('records server: the bootstrap admin token (issue 7 item 7)', () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('has a jti and an expiry of 7 days, and is revocable (by itself): refused after, and after a restart', async () => {
    const token = h.bootstrapToken!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims.exp - claims.iat).toBe(7 * 86_400);
    const bearer = `Bearer ${token}`;
    await h.http().get('/v1/events').set('authorization', bearer).expect(200);
    await h
      .http()
      .post('/v1/auth/revocations')
      .set('authorization', bearer)
      .send({ jti: jtiOf(token), reason: 'federation admins have their own tokens now' })
      .expect(201);
    const r = await h.http().get('/v1/events').set('authorization', bearer).expect(401);
    expect(r.body.detail).toContain('revoked');
    await h.restart();
    await h.http().get('/v1/events').set('authorization', bearer).expect(401);
  });
});
