import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { toProblem } from './problem.filter.js';
import { PROBLEM_CONTENT_TYPE, ProblemException } from './problem.js';
import { API_SECURITY_HEADERS } from './security-headers.js';

/**
 * The longest path parameter the router takes (Fastify's default is 100): the API documents parameters up to 300
 * characters (a stream name is `tournament-` and an id of up to 100; a penalty id up to 200). Longer is answered 400,
 * like any parameter that breaks its documented rule (Fastify answered 414 in JSON of its own).
 */
export const MAX_PARAM_LENGTH = 300;

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

function sendProblem(request: FastifyRequest, reply: FastifyReply, refusal: ProblemException, headers: Record<string, string> = {}): void {
  const { problem } = toProblem(refusal, request.url);
  void reply
    .status(refusal.status)
    .headers(headers)
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .send({ ...problem, requestId: request.id });
}

/**
 * RFC 9110 §15.5.6: a request whose path names a resource, with a method the resource does not take, is answered 405
 * with `Allow` listing the methods it takes (a 404 said the resource did not exist). The routes are mirrored, as
 * Fastify registers them, into a router of Fastify's own kind (find-my-way, the same options), which is asked only
 * for requests Fastify found no route for. Call before the routes are registered (Nest's at `app.init()`), after
 * the rate limiter (a 405 counts like any request).
 */
export function answerMethodNotAllowed(fastify: FastifyInstance): void {
  const routes = FindMyWay({ maxParamLength: MAX_PARAM_LENGTH });
  const noop = () => undefined;
  fastify.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((m): m is (typeof METHODS)[number] => (METHODS as readonly string[]).includes(m));
    for (const method of methods) routes.on(method, route.url, noop);
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done();
    const path = request.url.split('?')[0];
    const allowed = METHODS.filter((m) => m !== request.method && routes.find(m, path) !== null);
    if (allowed.length === 0) return done();
    const detail = `${path} does not take ${request.method}; it takes ${allowed.join(', ')}`;
    const refusal = new ProblemException(405, 'http/method-not-allowed', 'Method not allowed', detail, {
      rule: 'RFC 9110 §15.5.6 405 Method Not Allowed: the methods the resource takes are listed in Allow',
      field: 'method',
      allowed,
    });
    sendProblem(request, reply, refusal, { allow: allowed.join(', ') });
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs, as problem+json (Fastify's own
 * answer was JSON of another shape, without the security headers): a path that is not valid percent-encoding, a path
 * parameter longer than MAX_PARAM_LENGTH (both 400).
 */
export function routerRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of API_SECURITY_HEADERS) reply.raw.setHeader(name, value);
  reply.raw.setHeader('x-request-id', request.id);
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
