import type { Role } from '../../domain/kernel/index.js';

/** Who is calling, from a verified bearer token. Anonymous callers have no principal. */
export interface Principal {
  /** Person or service id (`sub`). */
  readonly id: string;
  readonly role: Exclude<Role, 'system'>;
  /** Tournaments this token's role applies to (chief-arbiter, arbiter, appeals-committee). */
  readonly tournaments: readonly string[];
  /** The token's id (`jti`), by which it can be revoked. */
  readonly jti?: string;
  /** When the token expires (epoch ms): a live stream it opened ends then. */
  readonly expiresAt?: number;
}

export const ROLES = ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee', 'player'] as const;
export type TokenRole = (typeof ROLES)[number];

/** Roles whose power is limited to the tournaments named in the token. */
export const TOURNAMENT_SCOPED: readonly TokenRole[] = ['chief-arbiter', 'arbiter', 'appeals-committee'];
