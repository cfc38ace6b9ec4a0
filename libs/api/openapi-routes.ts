import type { Type } from '@nestjs/common';
import { METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ACCESS_KEY, type AccessRule } from './auth/allow.decorator.js';
import { DECLARED_BODY, openApiSchema, type Schema } from './body-schema.js';
import { PROBLEM_CONTENT_TYPE } from './problem.js';

/** A route handler of a controller, as Nest registers it. */
export interface RouteHandler {
  /** Who may call it: the rule the auth guard reads (the handler's, else its controller's; none is admin only). */
  readonly access: AccessRule;
  /** The classes of its whole-object `@Query()` and `@Param()` arguments (their rules are the parameters' rules). */
  readonly query?: Type;
  readonly params?: Type;
  /** Its body's JSON Schema, and an example, where the body is declared as one (libs/api/games/game-commands.ts). */
  readonly body?: { readonly schema: Schema; readonly example?: unknown };
}

/** Every route handler of `controllers`, by the operation id swagger gives it (`Controller_method`). */
export function routeHandlers(controllers: readonly Type[]): Map<string, RouteHandler> {
  const handlers = new Map<string, RouteHandler>();
  for (const controller of controllers) {
    for (const method of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[method];
      if (method === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
      const access =
        (Reflect.getMetadata(ACCESS_KEY, handler) as AccessRule | undefined) ?? (Reflect.getMetadata(ACCESS_KEY, controller) as AccessRule | undefined) ?? {};
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { index: number; data?: unknown }>;
      const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? []) as Type[];
      const whole = (kind: RouteParamtypes) =>
        Object.entries(args).find(([key, arg]) => key.split(':')[0] === String(kind) && arg.data === undefined)?.[1].index;
      const [query, params] = [whole(RouteParamtypes.QUERY), whole(RouteParamtypes.PARAM)].map((i) => (i === undefined ? undefined : types[i]));
      const body = Reflect.getMetadata(DECLARED_BODY, handler) as RouteHandler['body'];
      handlers.set(`${controller.name}_${method}`, { access, query, params, ...(body && { body }) });
    }
  }
  return handlers;
}

type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string }>;
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

/** The answer every refusal and error gets (problem.ts, problem.filter.ts). */
const PROBLEM_SCHEMA = {
  type: 'object',
  description:
    'RFC 9457 problem details. `type` is stable per refusal (clients switch on it); `rule` names the rule that refused and `field` the input at fault, where there is one.',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', example: 'urn:arbitra:problem:validation/failed' },
    title: { type: 'string', example: 'Invalid request' },
    status: { type: 'integer', example: 400 },
    detail: { type: 'string', example: 'id: id must be 1–100 letters, digits, dots, underscores or hyphens' },
    instance: { type: 'string', example: '/v1/tournaments/hk-open-2026/players' },
    rule: { type: 'string', example: 'matches' },
    field: { type: 'string', example: 'id' },
    errors: {
      type: 'array',
      description: 'Every field at fault, when a body or query broke several rules',
      items: {
        type: 'object',
        required: ['field', 'rule', 'message'],
        properties: { field: { type: 'string' }, rule: { type: 'string' }, message: { type: 'string' } },
      },
    },
    requestId: { type: 'string', description: 'The X-Request-Id of this request, as in the server log' },
  },
  additionalProperties: true,
};

const problem = (description: string) => ({ description, content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } } });
const RESPONSES = {
  Invalid: problem('The path, query or body broke a rule: `field` names it and `rule` the rule'),
  Unauthorized: problem('No bearer token where one is needed, or a token that is invalid, expired or revoked (refused on every route, public ones too)'),
  Forbidden: problem('The token’s role, or the tournaments it names, may not do this'),
  Problem: problem(
    'Any other refusal or error, as problem+json: 404 unknown record, 405 a method the path does not take (with `Allow`), 409 conflict with the record, 412 `If-Match` mismatch, 413/415 body too large or not JSON, 422 refused by a rule of the game or the event, 429 rate limit (with `Retry-After`), 503 not ready',
  ),
};

/**
 * What the OpenAPI document says about access and refusals, from the routes themselves:
 * - security: a public route takes a token or none (`[{}, {bearer: []}]`: a valid token may show an official more);
 *   every other route needs one. Read from the rule the auth guard enforces, so the document cannot drift from it.
 * - responses: every refusal is problem+json (`Problem` schema): 400 where the route takes input, 401 everywhere,
 *   403 where a token is needed, and `default` for the rest.
 * Every operation must have its handler in `handlers` (`routeHandlers`): an operation without one throws.
 */
export function withAccessAndProblems(document: OpenAPIObject, handlers: ReadonlyMap<string, RouteHandler>): OpenAPIObject {
  const components = (document.components ??= {});
  (components.schemas ??= {}).Problem = PROBLEM_SCHEMA;
  components.responses = { ...components.responses, ...RESPONSES };
  const ref = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [verb, op] of Object.entries(item as Record<string, Operation>)) {
      const handler = op.operationId === undefined ? undefined : handlers.get(op.operationId);
      if (!handler) throw new Error(`OpenAPI: ${verb.toUpperCase()} ${path} (${op.operationId}) has no route handler among the app's controllers`);
      const open = handler.access.public === true;
      op.security = open ? [{}, { bearer: [] }] : [{ bearer: [] }];
      // Validated input: a body, or a query or path parameters read as a whole object (a class with rules).
      const takesInput = op.requestBody !== undefined || handler.query !== undefined || handler.params !== undefined;
      op.responses = {
        ...op.responses,
        ...(takesInput ? { 400: ref('Invalid') } : {}),
        401: ref('Unauthorized'),
        ...(open ? {} : { 403: ref('Forbidden') }),
        default: ref('Problem'),
      };
    }
  }
  return document;
}

/** Each declared body as the document shows it: its schema, named parts as components (body-schema.ts `openApiSchema`). */
export function withDeclaredBodies(document: OpenAPIObject, handlers: ReadonlyMap<string, RouteHandler>): OpenAPIObject {
  const schemas = ((document.components ??= {}).schemas ??= {}) as Record<string, unknown>;
  for (const item of Object.values(document.paths))
    for (const op of Object.values(item as Record<string, Operation>)) {
      const body = op.operationId === undefined ? undefined : handlers.get(op.operationId)?.body;
      if (!body) continue;
      const media = { schema: openApiSchema(body.schema, schemas), ...(body.example !== undefined && { example: body.example }) };
      op.requestBody = { required: true, content: { 'application/json': media } };
    }
  return document;
}
