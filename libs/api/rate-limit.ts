import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ArbitraConfig } from '../runtime/config.js';
import type { TokenService } from './auth/token.service.js';
import { ProblemException } from './problem.js';

/** Who a valid bearer token says is calling (`role:sub`), or null (no token, or one the auth guard will refuse). */
function tokenSubject(tokens: TokenService, request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return null;
  try {
    const who = tokens.verify(match[1]);
    return `${who.role}:${who.id}`;
  } catch {
    return null;
  }
}

/**
 * Rate limits per window (ARBITRA_RATE_LIMIT_WINDOW_MS), checked on every request before anything
 * else runs: a request with a valid token counts against its subject (role and `sub`, whatever IP
 * it comes from: ARBITRA_RATE_LIMIT_PER_TOKEN); any other request (anonymous, or a bad token)
 * against its client IP (ARBITRA_RATE_LIMIT_PER_IP). 0 turns a limit off. Answers carry
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (IETF draft names); a refusal is
 * 429 problem+json with `Retry-After`.
 */
export async function registerRateLimits(fastify: FastifyInstance, config: ArbitraConfig, tokens: TokenService): Promise<void> {
  if (config.rateLimitPerIp === 0 && config.rateLimitPerToken === 0) return;
  const limitOf = (key: string) => (key.startsWith('token:') ? config.rateLimitPerToken : config.rateLimitPerIp);
  await fastify.register(rateLimit, {
    global: true,
    enableDraftSpec: true,
    timeWindow: config.rateLimitWindowMs,
    keyGenerator: (request) => {
      const subject = config.rateLimitPerToken > 0 ? tokenSubject(tokens, request) : null;
      return subject ? `token:${subject}` : `ip:${request.ip}`;
    },
    // A limit of 0 is "no limit": a budget no client reaches.
    max: (_request, key) => limitOf(key) || Number.MAX_SAFE_INTEGER,
    errorResponseBuilder: (request, context) => {
      const perToken = config.rateLimitPerToken > 0 && tokenSubject(tokens, request) !== null;
      const per = perToken ? 'token subject' : 'client IP';
      const env = perToken ? 'ARBITRA_RATE_LIMIT_PER_TOKEN' : 'ARBITRA_RATE_LIMIT_PER_IP';
      const window = config.rateLimitWindowMs / 1000;
      return Object.assign(
        new ProblemException(
          429,
          'rate-limit/exceeded',
          'Too many requests',
          `more than ${context.max} requests in ${window} s from this ${per}; retry in ${context.after}`,
          {
            rule: `Arbitra rate limit: at most ${context.max} requests per ${window} s per ${per} (${env}, ARBITRA_RATE_LIMIT_WINDOW_MS)`,
            limit: context.max,
            windowSeconds: window,
          },
        ),
        { statusCode: 429 },
      );
    },
  });
}
