import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import { tokenRevocationsDecider, type TokenCommand, type TokenEvent } from './token-revocation.js';

const ctx = { at: '2026-11-30T10:00:00Z', actor: { id: 'admin-1', role: 'admin' as const }, commandId: 'c1' };
const spec = deciderSpec(tokenRevocationsDecider);
const revoke = (jti: string, reason: string): TokenCommand => ({ type: 'auth.revoke-token', data: { jti, reason }, context: ctx });
const revoked: TokenEvent = { type: 'auth.TokenRevoked', data: { jti: 'tok-12345678', by: ctx.actor, reason: 'lost', at: ctx.at } };

describe('token revocations (decider)', () => {
  it('records who revoked which token, when and why', () => {
    const [event] = spec
      .given([])
      .when(revoke('tok-12345678', 'lost laptop'))
      .then([{ type: 'auth.TokenRevoked', data: { jti: 'tok-12345678', by: ctx.actor, reason: 'lost laptop', at: ctx.at } }]);
    expect(event).toEqual({ type: 'auth.TokenRevoked', data: { jti: 'tok-12345678', by: ctx.actor, reason: 'lost laptop', at: ctx.at } });
  });

  it('refuses revoking the same token twice, naming the first revocation', () => {
    expect(spec.given([]).when(revoke('tok-12345678', 'lost')).thenState().revoked.has('tok-12345678')).toBe(true);
    const e = spec.given([revoked]).when(revoke('tok-12345678', 'again')).thenRefuses('auth/token-already-revoked', { field: 'jti', rule: 'revoked once' });
    expect(e).toMatchObject({ details: { revokedAt: ctx.at, revokedBy: 'admin-1' } });
  });

  it('refuses a malformed token id or an empty reason', () => {
    const id = spec.given([]).when(revoke('x', 'r')).thenRefuses('auth/bad-token-id', { kind: 'invalid', field: 'jti', rule: 'RFC 7519 §4.1.7' });
    expect(id.message).toMatch(/not a token id/);
    const reason = spec.given([]).when(revoke('tok-12345678', '  ')).thenRefuses('auth/revocation-reason', { kind: 'invalid', field: 'reason' });
    expect(reason.message).toMatch(/needs a reason/);
  });
});
