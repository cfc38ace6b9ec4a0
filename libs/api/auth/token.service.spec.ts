import { jest } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { TokenService } from './token.service.js';

const SECRET = 'token-spec-secret-token-spec-secret-0123';

describe('TokenService.verify remembers verified tokens without outliving them', () => {
  afterEach(() => jest.useRealTimers());

  it('answers the same principal for the same token, frozen so no caller can change what the next request sees', () => {
    const tokens = new TokenService(SECRET);
    const token = tokens.issue({ sub: 'arbiter-1', role: 'arbiter', tournaments: ['t1'] });
    const first = tokens.verify(token);
    expect(first).toEqual({ id: 'arbiter-1', role: 'arbiter', tournaments: ['t1'], jti: expect.any(String), expiresAt: expect.any(Number) });
    expect(tokens.verify(token)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.tournaments)).toBe(true);
  });

  it('refuses a remembered token once its exp has passed', () => {
    jest.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') });
    const tokens = new TokenService(SECRET);
    const token = tokens.issue({ sub: 'player-1', role: 'player' }, '1h');
    expect(tokens.verify(token).id).toBe('player-1');
    jest.setSystemTime(new Date('2026-12-01T11:00:01Z'));
    expect(() => tokens.verify(token)).toThrow(/expired/);
  });

  it('still refuses a token signed with another secret, and a tampered one, after good tokens were remembered', () => {
    const tokens = new TokenService(SECRET);
    const good = tokens.issue({ sub: 'admin-1', role: 'admin' });
    tokens.verify(good);
    const foreign = new TokenService('another-secret-another-secret-0123456789').issue({ sub: 'admin-1', role: 'admin' });
    expect(() => tokens.verify(foreign)).toThrow(/signature/);
    const [head, body, sig] = good.split('.');
    const tampered = `${head}.${body}.${sig.slice(0, -2)}${sig.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => tokens.verify(tampered)).toThrow();
  });
});

describe('the 90-day token cap is measured by the server’s clock (issue 32)', () => {
  /** A token signed with the secret (as a holder of a leaked secret, or a buggy issuer, would), claims as given. */
  function forged(claims: object): string {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
    return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
  }

  it('refuses an iat one minute before an exp 100 years away, and accepts a token with 89 days left', () => {
    const tokens = new TokenService(SECRET);
    const now = Math.floor(Date.now() / 1000);
    const exp = now + 100 * 365 * 86_400;
    const late = forged({ sub: 'admin-1', role: 'admin', jti: 'late-iat', iat: exp - 60, exp });
    expect(() => tokens.verify(late)).toThrow(/lives longer than the maximum 90d/);
    const fine = forged({ sub: 'admin-1', role: 'admin', jti: 'fine', iat: now, exp: now + 89 * 86_400 });
    expect(tokens.verify(fine).id).toBe('admin-1');
  });
});
