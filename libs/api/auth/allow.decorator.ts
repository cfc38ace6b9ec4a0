import { SetMetadata } from '@nestjs/common';
import type { TokenRole } from './principal.js';

export const ACCESS_KEY = 'arbitra:access';

export interface AccessRule {
  /** Anyone, without a token (public data). */
  readonly public?: boolean;
  /** Roles that may call. `admin` may always call. */
  readonly roles?: readonly TokenRole[];
  /** Route parameter holding the tournament id that scoped roles must be granted. */
  readonly tournamentParam?: string;
}

/** Every route states who may call it; a route without a rule is refused to all but admin. */
export const Allow = (...roles: TokenRole[]) => SetMetadata(ACCESS_KEY, { roles } satisfies AccessRule);
export const AllowInTournament = (param: string, ...roles: TokenRole[]) => SetMetadata(ACCESS_KEY, { roles, tournamentParam: param } satisfies AccessRule);
export const Public = () => SetMetadata(ACCESS_KEY, { public: true } satisfies AccessRule);
