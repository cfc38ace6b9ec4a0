import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '../problem.js';
import { ACCESS_KEY, type AccessRule } from './allow.decorator.js';
import { TOURNAMENT_SCOPED, type Principal } from './principal.js';
import { TokenRevocations } from '../../runtime/features/auth/index.js';
import { TokenRefused, TokenService } from './token.service.js';

export type AuthedRequest = FastifyRequest & { principal?: Principal };

/**
 * Global guard. A bearer token, when sent, must be valid (401 otherwise, even on public routes,
 * so a client learns its token is bad). Then the route's access rule decides (403 otherwise).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly revocations: TokenRevocations,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const header = request.headers.authorization;
    if (header) {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthorized('the Authorization header must be "Bearer <token>"');
      let principal;
      try {
        principal = this.tokens.verify(match[1]);
      } catch (e) {
        throw unauthorized(`the bearer token was refused: ${(e as Error).message}`, e instanceof TokenRefused ? e.rule : undefined);
      }
      const revoked = this.revocations.isRevoked(principal.jti);
      if (revoked) {
        throw unauthorized(
          `the bearer token was refused: it was revoked at ${revoked.at} (token id ${principal.jti})`,
          'Arbitra tokens: a revoked token (auth.TokenRevoked) is refused from then on',
        );
      }
      request.principal = principal;
    }
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? { roles: [] };
    if (rule.public) return true;
    const who = request.principal;
    if (!who) throw unauthorized('this endpoint needs a bearer token');
    if (who.role === 'admin') return true;
    if (!rule.roles?.includes(who.role)) {
      throw new ProblemException(
        403,
        'auth/role-not-allowed',
        'Forbidden',
        `role ${who.role} may not do this; allowed: admin${rule.roles?.length ? `, ${rule.roles.join(', ')}` : ''}`,
        {
          rule: 'Arbitra roles: each endpoint names the roles that may call it',
        },
      );
    }
    if (rule.tournamentParam && TOURNAMENT_SCOPED.includes(who.role)) {
      const tournament = (request.params as Record<string, string>)[rule.tournamentParam];
      if (!who.tournaments.includes(tournament)) {
        throw new ProblemException(403, 'auth/tournament-not-granted', 'Forbidden', `this ${who.role} token is not granted tournament ${tournament}`, {
          rule: 'Arbitra roles: arbiters, chief arbiters and appeals committees act only in the tournaments their token names',
        });
      }
    }
    return true;
  }
}

function unauthorized(detail: string, rule = 'RFC 6750 bearer tokens'): ProblemException {
  return new ProblemException(401, 'auth/unauthorized', 'Unauthorized', detail, { rule, headers: { 'www-authenticate': 'Bearer' } });
}
