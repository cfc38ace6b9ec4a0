import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './problem.filter.js';
import { ProblemException } from './problem.js';
import { MAX_PARAM_LENGTH } from './routing.js';
import { setApiHeaders } from './security-headers.js';

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs, as problem+json (Fastify's own
 * answer was JSON of another shape, without the security headers): a path that is not valid percent-encoding, a path
 * parameter longer than MAX_PARAM_LENGTH (both 400).
 */
export function routerRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setApiHeaders(request, reply);
  const refusal =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ProblemException(400, 'http/path-parameter-too-long', 'Invalid request', `a path parameter is longer than ${MAX_PARAM_LENGTH} characters`, {
          rule: `Arbitra paths: a path parameter (an id, a stream name) is at most ${MAX_PARAM_LENGTH} characters`,
          field: 'path',
        })
      : error.code === 'FST_ERR_BAD_URL'
        ? new ProblemException(400, 'http/bad-url', 'Bad request', 'the path is not valid percent-encoded UTF-8', {
            rule: 'RFC 3986 §2.1 percent-encoding; path segments are UTF-8',
            field: 'path',
          })
        : new ProblemException(error.statusCode ?? 500, 'http/router', (error.statusCode ?? 500) < 500 ? 'Bad request' : 'Internal error', error.message);
  sendProblem(request, reply, refusal);
}
