import type { Actor, Command } from '../kernel/command.js';
import type { Decider, DomainEvent } from '../kernel/decider.js';
import { invalid, refuse } from '../kernel/errors.js';

/**
 * Bearer-token revocation. Every token Arbitra issues carries a `jti` (RFC 7519 §4.1.7, "JWT ID");
 * revoking one is a recorded fact, so the revoked set is the fold of these events, never a mutable list.
 * All revocations live in one stream (`auth-tokens`).
 */
export const TOKEN_ID = /^[A-Za-z0-9._:-]{8,200}$/;

export type RevokeToken = Command<'auth.revoke-token', { readonly jti: string; readonly reason: string }>;
export type TokenCommand = RevokeToken;

export interface TokenRevokedData {
  readonly jti: string;
  /** Who revoked it. */
  readonly by: Actor;
  readonly reason: string;
  readonly at: string;
}
export type TokenRevoked = DomainEvent<'auth.TokenRevoked', TokenRevokedData>;
export type TokenEvent = TokenRevoked;

export interface TokenRevocationsState {
  /** Revoked token ids, each with its revocation. */
  readonly revoked: ReadonlyMap<string, TokenRevokedData>;
}

export const tokenRevocationsDecider: Decider<TokenCommand, TokenEvent, TokenRevocationsState> = {
  initialState: () => ({ revoked: new Map() }),
  decide(command, state) {
    const { jti, reason } = command.data;
    const ctx = command.context;
    if (!TOKEN_ID.test(jti))
      invalid(
        'auth/bad-token-id',
        `jti ${JSON.stringify(jti)} is not a token id Arbitra issues`,
        'RFC 7519 §4.1.7 jti: Arbitra token ids are 8–200 letters, digits and . _ : -',
        'jti',
      );
    if (reason.trim() === '')
      invalid('auth/revocation-reason', 'a revocation needs a reason', 'Arbitra tokens: a revocation records who revoked which token and why', 'reason');
    const earlier = state.revoked.get(jti);
    if (earlier) {
      refuse(
        'auth/token-already-revoked',
        `token ${jti} was already revoked at ${earlier.at} by ${earlier.by.id}`,
        'Arbitra tokens: a token is revoked once, for good',
        {
          field: 'jti',
          details: { revokedAt: earlier.at, revokedBy: earlier.by.id },
        },
      );
    }
    return [{ type: 'auth.TokenRevoked', data: { jti, by: ctx.actor, reason, at: ctx.at } }];
  },
  evolve(state, event) {
    if (event.type !== 'auth.TokenRevoked') return state;
    const revoked = new Map(state.revoked);
    revoked.set(event.data.jti, event.data);
    return { revoked };
  },
};
