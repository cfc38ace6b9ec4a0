import type { FastifyInstance, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { ProblemException } from './problem.js';

/**
 * The longest path parameter the router takes (Fastify's default is 100): the API documents parameters up to 300
 * characters (a stream name is `tournament-` and an id of up to 100; a penalty id up to 200). Longer is answered 400,
 * like any parameter that breaks its documented rule (router-refusals.ts; Fastify answered 414 in JSON of its own).
 */
export const MAX_PARAM_LENGTH = 300;

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

/** Each app's routes, mirrored into a router of Fastify's own kind (find-my-way, the same limits). */
const mirrors = new WeakMap<FastifyInstance, FindMyWay.Instance<FindMyWay.HTTPVersion.V1>>();

/**
 * Mirrors the routes as Fastify registers them, so that a request Fastify found no route for can be told which methods
 * its path takes (`methodNotAllowed`). Call before the routes are registered (Nest's at `app.init()`). Nothing runs per
 * request: the mirror is asked only on the way to a 404.
 */
export function mirrorRoutes(fastify: FastifyInstance): void {
  const routes = FindMyWay({ maxParamLength: MAX_PARAM_LENGTH });
  const noop = () => undefined;
  mirrors.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((m): m is Method => (METHODS as readonly string[]).includes(m));
    for (const method of methods) routes.on(method, route.url, noop);
  });
}

/**
 * RFC 9110 §15.5.6: a request whose path names a resource, with a method the resource does not take, is answered 405
 * with `Allow` listing the methods it takes (a 404 would say the resource does not exist). Undefined when no route
 * takes the path at all (a 404 it is).
 */
export function methodNotAllowed(request: FastifyRequest): ProblemException | undefined {
  const routes = mirrors.get(request.server);
  if (!routes) return undefined;
  const path = request.url.split('?')[0];
  const allowed = METHODS.filter((m) => m !== request.method && routes.find(m, path) !== null);
  if (allowed.length === 0) return undefined;
  return new ProblemException(405, 'http/method-not-allowed', 'Method not allowed', `${path} does not take ${request.method}; it takes ${allowed.join(', ')}`, {
    rule: 'RFC 9110 §15.5.6 405 Method Not Allowed: the methods the resource takes are listed in Allow',
    field: 'method',
    allowed,
    headers: { allow: allowed.join(', ') },
  });
}
