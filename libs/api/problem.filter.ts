import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/kernel/index.js';
import { EventIdConflictError, StoreUnavailableError, WrongExpectedRevisionError } from '../runtime/arbitra-core.js';
import { CommandIdReusedError, ConcurrencyExhaustedError, PreconditionFailedError } from '../runtime/command-handler.js';
import { PROBLEM_CONTENT_TYPE, ProblemException, problemType, type ProblemDetails } from './problem.js';
import { methodNotAllowed } from './routing.js';

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict with the record',
  412: 'Precondition failed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable command',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

/** Turns anything thrown while handling a request into problem+json. Nothing is stored on any refusal. */
export function toProblem(error: unknown, instance?: string): { problem: ProblemDetails; headers: Record<string, string> } {
  const base = (status: number, code: string, detail: string, extra: Record<string, unknown> = {}): ProblemDetails => ({
    type: problemType(code),
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    instance,
    ...extra,
  });
  if (error instanceof ProblemException) {
    const { headers, ...extras } = error.extras;
    return { problem: { ...base(error.status, error.code, error.detail, extras), title: error.title }, headers: headers ?? {} };
  }
  if (error instanceof DomainError) {
    const status = error.kind === 'not-found' ? 404 : error.kind === 'invalid' ? 422 : 409;
    return {
      problem: base(status, error.type, error.message, { rule: error.rule, field: error.field, ...(error.details ? { details: error.details } : {}) }),
      headers: {},
    };
  }
  if (error instanceof PreconditionFailedError) {
    return {
      problem: base(412, 'command/revision-mismatch', error.message, {
        rule: 'If-Match: the command applies only to the revision the client saw',
        field: 'If-Match',
        currentRevision: error.actual,
      }),
      headers: { etag: `"${error.actual}"` },
    };
  }
  if (error instanceof CommandIdReusedError) {
    // HTTP command ids are `key:<role>:<subject>:<Idempotency-Key>` (command-request.ts): name the key the client sent.
    const prefix = `key:${error.actor.role}:${error.actor.id}:`;
    const key = error.commandId.startsWith(prefix) ? error.commandId.slice(prefix.length) : error.commandId;
    return {
      problem: base(
        422,
        'command/idempotency-key-reused',
        `Idempotency-Key ${key} was already used for a different request; a retry must repeat the same request, a new request needs a new key`,
        {
          rule: 'IETF draft-ietf-httpapi-idempotency-key-header, section 2.7: a key reused with a different request payload is refused with 422',
          field: 'Idempotency-Key',
          idempotencyKey: key,
        },
      ),
      headers: {},
    };
  }
  if (error instanceof ConcurrencyExhaustedError || error instanceof WrongExpectedRevisionError) {
    return {
      problem: base(409, 'command/concurrent-change', error.message, { rule: 'Arbitra: a command is decided on the latest record; retry it' }),
      headers: {},
    };
  }
  if (error instanceof EventIdConflictError) {
    return { problem: base(409, 'command/event-id-reused', error.message, { rule: 'an event id identifies one stored event forever' }), headers: {} };
  }
  if (error instanceof StoreUnavailableError) {
    // A database restart or a dropped connection: the client retries with the same Idempotency-Key, which cannot record twice.
    return {
      problem: base(503, 'store/unavailable', 'the event store cannot be reached right now; retry the same request (with the same Idempotency-Key) shortly', {
        rule: 'Arbitra: a command that met an unavailable store may be retried; a retry with the same Idempotency-Key is recorded at most once',
      }),
      headers: { 'retry-after': '1' },
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const body = error.getResponse();
    const detail = typeof body === 'string' ? body : String((body as { message?: unknown }).message ?? error.message);
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code?.startsWith('FST_ERR_CTP')) return fastifyBodyProblem(status, cause.code, detail, base);
    // Readiness (Terminus): name the checks that failed, with every check's state (issue 32).
    const failed = status === 503 && typeof body === 'object' ? (body as { error?: Record<string, unknown> }).error : undefined;
    if (failed && Object.keys(failed).length > 0)
      return {
        problem: base(503, 'health/not-ready', `not ready: ${Object.keys(failed).join(', ')} failed`, {
          rule: 'Arbitra readiness: store reachable, read models running, log verified',
          failed: Object.keys(failed),
          checks: (body as { details?: unknown }).details,
        }),
        headers: { 'retry-after': '5' },
      };
    return { problem: base(status, status === 404 ? 'http/not-found' : `http/${status}`, detail), headers: {} };
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return fastifyBodyProblem(status, (error as { code?: string }).code ?? '', String((error as Error).message), base);
  }
  // The disk (or the database's) is full: nothing was recorded; the client may retry once space is freed (issue 32).
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100')
    return {
      problem: base(503, 'store/full', 'the event store has no space left: nothing was recorded for this request; retry later', {
        rule: 'Arbitra: a command is recorded whole or not at all',
      }),
      headers: { 'retry-after': '60' },
    };
  return { problem: base(500, 'internal', 'an internal error occurred; nothing was recorded for this request unless the response said so'), headers: {} };
}

/** Fastify's own refusals of a body: malformed JSON (400), wrong media type (415), too large (413). */
function fastifyBodyProblem(
  status: number,
  code: string,
  message: string,
  base: (status: number, code: string, detail: string, extra?: Record<string, unknown>) => ProblemDetails,
): { problem: ProblemDetails; headers: Record<string, string> } {
  const kind = status === 415 ? 'http/unsupported-media-type' : status === 413 ? 'http/body-too-large' : 'http/malformed-body';
  const detail = kind === 'http/malformed-body' ? `the body is not valid JSON: ${message}` : message;
  return {
    problem: base(status, kind, detail, { rule: 'request bodies are JSON (application/json), at most 1 MiB', field: 'body', fastifyCode: code || undefined }),
    headers: {},
  };
}

/** Answers `error` as problem+json: its status, its headers (`Allow`, `ETag`, `WWW-Authenticate`…) and the request id. */
export function sendProblem(request: FastifyRequest | undefined, reply: FastifyReply, error: unknown): ProblemDetails {
  const { problem, headers } = toProblem(error, request?.url);
  void reply
    .status(problem.status)
    .headers(headers)
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .send(Object.assign({}, problem, { requestId: request?.id })); // not a spread followed by a new key (slow on Node 20)
  return problem;
}

@Catch()
export class ProblemFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    // No route for the path and method: if the path takes other methods, 405 with Allow, whatever else went wrong on the
    // way to the 404 (a QUERY without Content-Type was refused 400 for its body).
    const refused = request?.is404 ? (methodNotAllowed(request) ?? error) : error;
    const problem = sendProblem(request, reply, refused);
    if (problem.status >= 500) request?.log?.error({ err: error }, 'request failed');
  }
}
