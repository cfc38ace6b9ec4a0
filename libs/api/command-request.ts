import type { FastifyReply } from 'fastify';
import { createHash, randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { Command, CommandContext, DomainEvent } from '../domain/kernel/index.js';
import { isIsoInstant } from '../domain/kernel/index.js';
import type { ArbitraCore } from '../runtime/arbitra-core.js';
import type { AggregateType, CommandResult, ExecuteOptions } from '../runtime/command-handler.js';
import type { ProjectionRunner } from '../runtime/projections/projection-runner.js';
import type { EventStore } from '../store/event-store.port.js';
import type { AuthedRequest } from './auth/auth.guard.js';
import { ProblemException } from './problem.js';

const ID_KEY = /^[A-Za-z0-9._:-]{8,200}$/;

/** Random bytes for command ids, filled 256 ids at a time: uuid's v7() asks the CSPRNG for 16 bytes per id (2.4 µs an id; 0.4 pooled). */
const randomPool = Buffer.allocUnsafe(16 * 256);
let randomOffset = randomPool.length;
/** The last id's time and counter (RFC 9562 §6.2 method 1: a counter seeded at random each millisecond, incremented within it). */
const lastId = { msecs: Number.NEGATIVE_INFINITY, seq: 0 };

/**
 * A command id the server makes (no Idempotency-Key): a UUIDv7, its time first and in order within this
 * process, so new ids land at the right edge of the log's command-id index instead of a random page; its
 * events' ids keep that time too (eventIdFor). Measured by bench:ids (32 concurrent commands, 1M-event log).
 * The ordering within a millisecond is kept here as uuid's own v7() keeps it (its state is not exported); uuid lays out the bytes.
 */
export function newCommandId(now = Date.now()): string {
  if (randomOffset === randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const random = randomPool.subarray(randomOffset, (randomOffset += 16));
  if (now > lastId.msecs) {
    lastId.msecs = now;
    lastId.seq = ((random[6] & 0x7f) << 24) | (random[7] << 16) | (random[8] << 8) | random[9];
  } else {
    lastId.seq = (lastId.seq + 1) | 0;
    if (lastId.seq === 0) lastId.msecs++;
  }
  return uuidv7({ msecs: lastId.msecs, seq: lastId.seq, random });
}

/** The ISO-8601 form of the current minute (`2026-12-07T10:45:`) and when it starts (ms), made once a minute. */
const minute = { start: Number.NaN, prefix: '' };

/** `new Date(now).toISOString()` for a time after 1970, from the minute's kept prefix: about 0.2 µs instead of 2. */
export function isoTime(now: number): string {
  let ms = now - minute.start;
  if (!(ms >= 0 && ms < 60_000)) {
    minute.start = now - (now % 60_000);
    minute.prefix = new Date(minute.start).toISOString().slice(0, 17);
    ms = now - minute.start;
  }
  const seconds = Math.floor(ms / 1000);
  const millis = ms % 1000;
  return `${minute.prefix}${seconds < 10 ? '0' : ''}${seconds}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/**
 * The command context from the HTTP request: the caller from the token, the command id from
 * `Idempotency-Key` (a retry with the same key by the same caller returns the first answer), and `at`: the
 * server's receive time unless the body carries an observed time (a table clock reading).
 */
export function commandContext(request: AuthedRequest, observedAt?: string): CommandContext {
  const who = request.principal;
  if (!who) throw new ProblemException(401, 'auth/unauthorized', 'Unauthorized', 'commands need a bearer token');
  refuseQuery(request);
  const key = request.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || !ID_KEY.test(key))) {
    throw new ProblemException(400, 'http/idempotency-key', 'Bad request', 'Idempotency-Key must be 8–200 characters of letters, digits and . _ : -', {
      field: 'Idempotency-Key',
      rule: 'Idempotency-Key: one key per command; a retry repeats the key',
    });
  }
  if (observedAt !== undefined && !isIsoInstant(observedAt)) {
    throw new ProblemException(400, 'validation/failed', 'Invalid request', 'at must be an ISO-8601 instant with a time zone, e.g. 2026-11-29T10:00:00Z', {
      field: 'at',
      rule: 'isIso8601',
    });
  }
  const now = Date.now();
  return {
    at: observedAt ?? isoTime(now),
    actor: { id: who.id, role: who.role },
    // A key is the caller's own: scoped to who sent it, so nobody can replay (or pre-empt) another's command.
    commandId: typeof key === 'string' ? `key:${who.role}:${who.id}:${key}` : newCommandId(now),
  };
}

/** The commands whose route takes a query, checked by its query class: a rating list's import (engine, version, file name). */
const COMMANDS_WITH_QUERY = new Set(['/v1/ratings/:discipline/list-import']);

/** A command's fields are in its body: a query parameter (`?dryRun=true`) would be ignored while the command is recorded. */
function refuseQuery(request: AuthedRequest): void {
  const field = Object.keys((request.query as Record<string, unknown> | undefined) ?? {})[0];
  if (field === undefined || COMMANDS_WITH_QUERY.has(request.routeOptions?.url ?? '')) return;
  throw new ProblemException(400, 'validation/failed', 'Invalid request', `${field}: a command takes no query parameter (its fields are in the body)`, {
    field,
    rule: 'whitelistValidation',
    errors: [{ field, rule: 'whitelistValidation', message: `${field}: a command takes no query parameter` }],
  });
}

/**
 * Whether the request retries a command already in the log: it carries an Idempotency-Key, and `commandId` (by default
 * the request's own, from the key; the first command of an import) is recorded. A route that checks anything against the current record before
 * the core looks the key up (an observed time, "the game must not exist yet") skips that check for a retry: the core
 * gives the first answer, or refuses another body under the key, and the record has moved on since the first answer.
 */
export async function isRetry(core: Pick<ArbitraCore, 'store'>, request: AuthedRequest, commandId?: string): Promise<boolean> {
  if (request.headers['idempotency-key'] === undefined) return false;
  return (await core.store.findByCommandId(commandId ?? commandContext(request).commandId)).length > 0;
}

/** `If-Match: "7"` (or 7) pins the revision the client saw. */
export function executeOptions(request: AuthedRequest): ExecuteOptions {
  const raw = request.headers['if-match'];
  // Without Idempotency-Key, commandContext makes a new id (newCommandId): nothing to look up.
  const freshCommandId = request.headers['idempotency-key'] === undefined;
  if (raw === undefined) return { correlationId: correlationHeader(request), freshCommandId };
  const m = /^\s*(?:W\/)?"?(-?\d+)"?\s*$/.exec(String(raw));
  if (!m) {
    throw new ProblemException(400, 'http/if-match', 'Bad request', 'If-Match must be a stream revision, e.g. "7" (the ETag of the last response)', {
      field: 'If-Match',
      rule: 'RFC 9110 If-Match with Arbitra revision ETags',
    });
  }
  return { expectedRevision: Number(m[1]), correlationId: correlationHeader(request), freshCommandId };
}

/** `X-Correlation-ID`, recorded in each event's meta as sent: 1–200 characters as an Idempotency-Key's, else 400 (it was dropped). */
function correlationHeader(request: AuthedRequest): string | undefined {
  const v = request.headers['x-correlation-id'];
  if (v === undefined) return undefined;
  if (typeof v === 'string' && CORRELATION_ID.test(v)) return v;
  throw new ProblemException(400, 'http/correlation-id', 'Bad request', 'X-Correlation-ID must be 1–200 characters of letters, digits and . _ : -', {
    field: 'X-Correlation-ID',
    rule: 'Arbitra: a correlation id is recorded in each event as sent',
  });
}
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * Answers a command: `ETag: "<revision>"` and the command response (201 is Nest's default for POST). `official`: the
 * sender reads the log's positions (see commandResponse).
 */
export function answer(reply: FastifyReply, result: CommandResult, official = true) {
  void reply.header('etag', `"${result.revision}"`);
  return commandResponse(result, official);
}

/**
 * The JSON a command endpoint answers with. An official reads the log's positions; anyone else (a player: his moves,
 * his appeal) the stream's revisions in their place, as his reads number them (issue 32: the log's position counts
 * every event recorded on the server, unpublished ones included). An idempotent replay is answered the same way.
 */
export function commandResponse(result: CommandResult, official = true) {
  return {
    stream: result.stream,
    revision: result.revision,
    position: official ? result.position : result.revision,
    duplicate: result.duplicate,
    events: result.events.map((e) => ({
      id: e.id,
      type: e.type,
      revision: e.revision,
      position: official ? e.position : e.revision,
      data: e.data,
      recordedAt: e.meta.recordedAt,
    })),
  };
}

/** Does the sender read the log's positions? Every role but a player's: the guard lets only a scope's officials send its commands. */
export function readsLogPositions(request: AuthedRequest): boolean {
  return request.principal !== undefined && request.principal.role !== 'player';
}

/**
 * Read-your-writes: `?waitFor=<position>` (or header `X-Wait-For-Position`) holds a GET until the
 * read models have applied that position, at most `maxMs`; then 503 with Retry-After. A position
 * the log has not reached is the client's mistake (400), not something to wait for. A reader who is
 * given no log position (anonymous, a player: issue 32) holds a count of what he saw, not of the log:
 * his read waits for everything recorded when it arrived (his own writes included), and no answer tells
 * him where the head is.
 */
export async function awaitPosition(request: AuthedRequest, core: { projections: ProjectionRunner; store: EventStore }, maxMs: number): Promise<void> {
  const position = waitForQuery(request);
  if (position === undefined) return;
  const head = await core.store.headPosition();
  if (!readsLogPositions(request)) return awaitApplied(core.projections, head, maxMs, false);
  if (position > head) {
    throw new ProblemException(
      400,
      'read-model/position-not-recorded',
      'Bad request',
      `waitFor ${position} is beyond the log, which ends at position ${head}: nothing was recorded there`,
      {
        field: 'waitFor',
        rule: 'read-your-writes waits only for positions a command returned',
        head,
      },
    );
  }
  await awaitApplied(core.projections, position, maxMs);
}

/** The request's `?waitFor=` (or `X-Wait-For-Position`): a whole number from 0, or undefined when not sent; 400 otherwise. */
export function waitForQuery(request: AuthedRequest): number | undefined {
  const q = (request.query as Record<string, unknown> | undefined)?.waitFor ?? request.headers['x-wait-for-position'];
  if (q === undefined) return undefined;
  const position = typeof q === 'string' && /^\d{1,15}$/.test(q) ? Number(q) : Number.NaN;
  if (!Number.isSafeInteger(position)) {
    throw new ProblemException(
      400,
      'validation/failed',
      'Invalid request',
      'waitFor must be a global log position: a whole number from 0, as returned by a command',
      { field: 'waitFor', rule: 'isInt' },
    );
  }
  return position;
}

/**
 * Holds until the read models have applied the log's `position`, at most `maxMs`; then 503 with Retry-After, naming
 * the read models' position only to a reader of log positions (`seesLog`).
 */
export async function awaitApplied(projections: ProjectionRunner, position: number, maxMs: number, seesLog = true): Promise<void> {
  if (!(await projections.waitFor(position, maxMs))) {
    throw new ProblemException(
      503,
      'read-model/behind',
      'Service unavailable',
      seesLog ? `the read models have not reached position ${position} within ${maxMs} ms; retry shortly` : `the read models are behind; retry shortly`,
      {
        rule: 'read-your-writes waits are bounded',
        headers: { 'retry-after': '1' },
        ...(seesLog && { readModelPosition: projections.position }),
      },
    );
  }
}

/**
 * A command from HTTP: the context from the request (token, Idempotency-Key), the work that runs it
 * in the runtime, and the answer (ETag and response). Game commands go through GameRunner instead.
 */
export async function runWithContext(request: AuthedRequest, reply: FastifyReply, work: (context: CommandContext) => Promise<CommandResult>) {
  return answer(reply, await work(commandContext(request)), readsLogPositions(request));
}

/** The one way a command other than a game command reaches the core: built around the request's context, If-Match, answer. */
export function runCommand<C extends Command, E extends DomainEvent, S>(
  core: ArbitraCore,
  request: AuthedRequest,
  reply: FastifyReply,
  aggregate: AggregateType<C, E, S>,
  id: string,
  build: (context: CommandContext) => C,
  opts: ExecuteOptions = executeOptions(request),
) {
  return runWithContext(request, reply, (context) => core.execute(aggregate, id, build(context), opts));
}

/**
 * Several commands to one new stream as one (an import): built around the request's context (the first command
 * carries its command id, the others `<id>:<n>`), decided in turn and stored in one append, or nothing.
 */
export async function runSequence<C extends Command, E extends DomainEvent, S>(
  core: ArbitraCore,
  request: AuthedRequest,
  reply: FastifyReply,
  aggregate: AggregateType<C, E, S>,
  id: string,
  build: (context: CommandContext) => readonly C[],
  opts: ExecuteOptions = executeOptions(request),
) {
  return runWithContext(request, reply, (context) => core.executeSequence(aggregate, id, build(context), { request: request.body, ...opts }));
}

/**
 * A command that opens a stream whose id the server makes from the command id (an appeal, issue 32): a client cannot
 * name an id to probe whether it is taken. `clientKey`, sent without an Idempotency-Key, is that key: a retry with it
 * is the same command, with the same id and the first answer. The id is `prefix` and the command id's SHA-256 (96 bits).
 */
export function runCreating<C extends Command, E extends DomainEvent, S>(
  core: ArbitraCore,
  request: AuthedRequest,
  reply: FastifyReply,
  aggregate: AggregateType<C, E, S>,
  creating: { prefix: string; kind: string; clientKey: string | undefined },
  build: (context: CommandContext, id: string) => C,
) {
  const context = commandContext(request);
  const opts = executeOptions(request);
  const keyedByClient = request.headers['idempotency-key'] === undefined && creating.clientKey !== undefined;
  const commandId = keyedByClient ? `key:${context.actor.role}:${context.actor.id}:${creating.kind}:${creating.clientKey}` : context.commandId;
  const id = `${creating.prefix}${createHash('sha256').update(commandId).digest('hex').slice(0, 24)}`;
  const executing = core.execute(aggregate, id, build({ ...context, commandId }, id), keyedByClient ? { ...opts, freshCommandId: false } : opts);
  return executing.then((result) => answer(reply, result, readsLogPositions(request)));
}
