import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { createHash } from 'node:crypto';
import type { RawDocument } from '../runtime/projections/read-model-store.js';
import { responseSchema, type ResponseSchemaName } from './openapi-responses.js';

/**
 * Public read models change as results come in: shared caches may keep them but must revalidate
 * (the strong ETag makes that a 304 without a body).
 */
export const PUBLIC_DOCUMENT_CACHE = 'public, no-cache';

/**
 * The OpenAPI answers of a route that serves a stored public document (`sendDocument`): 200 with the version's strong
 * `ETag` and `Cache-Control`, and 304 without a body when `If-None-Match` names the current version.
 */
export const StoredDocumentResponses = (schema: ResponseSchemaName, example: unknown) =>
  applyDecorators(
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'The ETag of an earlier answer: 304 without a body while it is current (public document)',
    }),
    ApiOkResponse({
      schema: responseSchema(schema),
      example,
      headers: {
        ETag: { description: 'Strong tag of this version of the public document (officials’ views are computed per request)', schema: { type: 'string' } },
        'Cache-Control': { description: 'public, no-cache (shared caches keep it and revalidate)', schema: { type: 'string', example: PUBLIC_DOCUMENT_CACHE } },
      },
    }),
    ApiResponse({ status: 304, description: 'Not modified: If-None-Match names the current version (no body)' }),
  );

/** RFC 9110 §13.1.2 If-None-Match: weak comparison, a list of tags or `*`. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag.replace(/^W\//, ''));
}

/** Several stored documents wrapped in one JSON body, without parsing them: `{...fields, [listField]: [doc, …]}` and an ETag over the parts. */
export function composeDocuments(fields: Record<string, unknown>, listField: string, parts: ReadonlyArray<RawDocument | undefined>): RawDocument {
  const head = JSON.stringify(fields);
  const json = `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(listField)}:[${parts.map((p) => p?.json ?? 'null').join(',')}]}`;
  const etag = `"${createHash('sha256')
    .update(head)
    .update(parts.map((p) => p?.etag ?? '-').join(','))
    .digest('base64url')
    .slice(0, 32)}"`;
  return { json, etag };
}

/**
 * Serves stored JSON bytes as they are: strong `ETag`, `If-None-Match` → 304 without a body,
 * `Cache-Control` for public data. Returns the body for a Nest handler with `@Res({ passthrough: true })`.
 */
export function sendDocument(request: FastifyRequest, reply: FastifyReply, doc: RawDocument, cacheControl = PUBLIC_DOCUMENT_CACHE): string | undefined {
  void reply.header('etag', doc.etag).header('cache-control', cacheControl);
  if (matchesIfNoneMatch(request.headers['if-none-match'], doc.etag)) {
    void reply.status(304);
    return undefined;
  }
  void reply.header('content-type', 'application/json; charset=utf-8');
  return doc.json;
}

const encoded = new WeakMap<RawDocument, Buffer>();
/**
 * A document's UTF-8 bytes, encoded once per document object (a stored version): a 20 KB standings document sent
 * as a string was encoded again on every GET. Callers pass the same object for the same version (the read
 * models' cache, the composed per-division documents).
 */
function bytesOf(doc: RawDocument): Buffer {
  let bytes = encoded.get(doc);
  if (!bytes) encoded.set(doc, (bytes = Buffer.from(doc.json, 'utf8')));
  return bytes;
}

/** A public GET route's stored document by path parameters; undefined when the request needs the full handler (a 404, a view computed per request). */
export type PublicDocumentRoutes = Readonly<Record<string, (params: Readonly<Record<string, string>>) => RawDocument | undefined>>;

/**
 * The anonymous fast path for public documents: a GET to one of `routes` with no `Authorization`, no query
 * and no `X-Wait-For-Position` is answered with the stored bytes straight from the route's handler, before
 * Nest's guard, pipes and interceptors (the same answer they would give: same headers, ETag, 304). Anything
 * else, or a document the route does not serve as stored (unknown tournament, unpublished rounds), goes to
 * the Nest handler unchanged. Fastify's own hooks (request id, request log, helmet headers, rate limit) run
 * for both: the handler is wrapped when Nest registers the route, so this must be called before `app.init()`.
 */
export function serveAnonymousDocuments(fastify: FastifyInstance, routes: PublicDocumentRoutes): void {
  fastify.addHook('onRoute', (route) => {
    const stored = Object.hasOwn(routes, route.url) ? routes[route.url] : undefined;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!stored || !methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const handler = route.handler;
    route.handler = function anonymousDocument(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const plain = !request.headers.authorization && !request.url.includes('?') && request.headers['x-wait-for-position'] === undefined;
      const doc = plain ? stored(request.params as Record<string, string>) : undefined;
      if (!doc) return handler.call(this, request, reply);
      return reply.send(sendDocument(request, reply, doc) === undefined ? undefined : bytesOf(doc));
    } as RouteHandlerMethod;
  });
}
