/**
 * Arbitra's per-request duties, with its own code, for the bench's bare servers (bare-fastify.child.ts with
 * BARE_DUTIES=1, floor-endpoint.child.ts with FLOOR_DUTIES=1): the request id (a UUID, or the caller's x-request-id),
 * the request log at info on stdout (OneLineRequestLog: commands and errors at info, reads at debug), the rate limiter
 * (a budget the bench does not reach, as bench:http gives the server) and the security headers.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { TokenService } from '../../libs/api/auth/token.service.js';
import { OneLineRequestLog } from '../../libs/api/http-app.js';
import { registerRateLimits } from '../../libs/api/rate-limit.js';
import { registerSecurityHeaders } from '../../libs/api/security-headers.js';
import type { ArbitraConfig } from '../../libs/runtime/config.js';
import { createLogger } from '../../libs/runtime/logger.js';

/** Fastify's options for the duties: Arbitra's logger, request id and request log (as http-app.ts sets them). */
export function dutiesOptions(): FastifyServerOptions {
  return {
    loggerInstance: createLogger('info'),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    logController: new OneLineRequestLog(() => undefined),
  };
}

/**
 * The rate limiter (per token subject for a valid token of `tokens`, else per IP) and the security headers. Call before
 * the routes are registered.
 */
export async function registerDuties(app: FastifyInstance, tokens: TokenService): Promise<void> {
  const limits = { rateLimitPerIp: 1_000_000_000, rateLimitPerToken: 1_000_000_000, rateLimitWindowMs: 60_000 } as ArbitraConfig;
  await registerRateLimits(app, limits, tokens);
  registerSecurityHeaders(app);
}
