import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What every answer carries: the headers the OWASP REST Security Cheat Sheet ("Security headers") lists for an API
 * answering JSON. An API response is never a page: nothing in it may run, load or be framed, and it is never sniffed
 * into another type. HSTS as helmet sends it. (Cache-Control is each route's: public documents revalidate, the rest
 * is the client's.)
 */
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

/**
 * The pages a browser renders (the API docs at /docs, a written appeal timeline as HTML) get helmet's full set
 * instead. The CSP lets the Swagger UI run its inline bootstrap; a timeline has no script.
 */
const PAGE_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
    },
  },
};

/** A route config flag (`@ServesHtml()`): the route may answer an HTML page, which gets the page headers. */
const SERVES_HTML = 'arbitraServesHtml';
export const ServesHtml = () => RouteConfig({ [SERVES_HTML]: true });

/**
 * Sends the API set and the request id on every answer (set once per request: building helmet's middleware per
 * request, as @fastify/helmet does, was a visible share of a small GET, and its twelve headers, meant for pages, were
 * 680 bytes of every JSON answer). Routes under /docs and those marked `@ServesHtml()` replace them with helmet's page
 * set when they answer `text/html`. Call before the routes are registered (Nest's at `app.init()`, the docs' at
 * `SwaggerModule.setup`).
 */
export function registerSecurityHeaders(fastify: FastifyInstance): void {
  const page = pageHeaders(PAGE_OPTIONS);
  fastify.addHook('onRequest', (request, reply, done) => {
    setApiHeaders(request, reply);
    done();
  });
  const onPage = (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    if (/^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''))) for (const [name, value] of page) void reply.header(name, value);
    done(null, payload);
  };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as Record<string, unknown> | undefined;
    if (!route.url.startsWith('/docs') && config?.[SERVES_HTML] !== true) return;
    const existing = route.onSend;
    route.onSend = existing === undefined ? [onPage] : Array.isArray(existing) ? [...existing, onPage] : [existing, onPage];
  });
}

/**
 * The API set and the request id, among the reply's headers (also for what Fastify's router refuses before any hook
 * runs). Not on the raw response: a header set there makes Node merge and check every header of the answer once more
 * when it is written (`writeHead`'s slow case): about 5 µs of a 70–100 µs public GET.
 */
export function setApiHeaders(request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of API_SECURITY_HEADERS) void reply.header(name, value);
  void reply.header('x-request-id', request.id);
}

/** Helmet's headers for these options, computed once: they do not depend on the request (no CSP nonces). */
function pageHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let done = false;
  helmet(options)({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return [...headers];
}
