import { describe, expect, it } from '@jest/globals';
import { DomainError, fold } from '../kernel/index.js';
import { tokenRevocationsDecider as d, type TokenEvent } from './token-revocation.js';

const ctx = { at: '2026-11-30T10:00:00Z', actor: { id: 'admin-1', role: 'admin' as const }, commandId: 'c1' };

describe('token revocations (decider)', () => {
  it('records who revoked which token, when and why', () => {
    expect(d.decide({ type: 'auth.revoke-token', data: { jti: 'tok-12345678', reason: 'lost laptop' }, context: ctx }, d.initialState())).toEqual([
      { type: 'auth.TokenRevoked', data: { jti: 'tok-12345678', by: ctx.actor, reason: 'lost laptop', at: ctx.at } },
    ]);
  });

  it('refuses revoking the same token twice, naming the first revocation', () => {
    const history: TokenEvent[] = d.decide({ type: 'auth.revoke-token', data: { jti: 'tok-12345678', reason: 'lost' }, context: ctx }, d.initialState());
    const state = fold(d, history);
    expect(state.revoked.has('tok-12345678')).toBe(true);
    try {
      d.decide({ type: 'auth.revoke-token', data: { jti: 'tok-12345678', reason: 'again' }, context: ctx }, state);
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect(e).toMatchObject({ type: 'auth/token-already-revoked', field: 'jti', details: { revokedAt: ctx.at, revokedBy: 'admin-1' } });
    }
  });

  it('refuses a malformed token id or an empty reason', () => {
    expect(() => d.decide({ type: 'auth.revoke-token', data: { jti: 'x', reason: 'r' }, context: ctx }, d.initialState())).toThrow(/not a token id/);
    expect(() => d.decide({ type: 'auth.revoke-token', data: { jti: 'tok-12345678', reason: '  ' }, context: ctx }, d.initialState())).toThrow(/needs a reason/);
  });
});
