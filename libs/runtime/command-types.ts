/** The command path's vocabulary: aggregate types, deferred commands, options, results, refusals of the path itself, fingerprints and event ids. */
import { hash } from 'node:crypto';
import type { Actor, Command, CommandBody, CommandContext, Decider, DomainEvent } from '../domain/kernel/index.js';
import { canonicalJson } from '../domain/kernel/index.js';
import type { RecordedEvent } from '../store/event-store.port.js';

/** One kind of aggregate: its stream naming and its decider. */
export interface AggregateType<C extends Command, E extends DomainEvent, S> {
  /** e.g. 'tournament' → streams `tournament-<id>`. */
  readonly name: string;
  readonly decider: Decider<C, E, S>;
  /**
   * The decider's version for persisted snapshots: bump it whenever `evolve` or the state's shape
   * changes, and snapshots of the old version are ignored and rebuilt from the log. Without it the
   * state is cached in memory only (the state must be plain JSON to be snapshotted).
   */
  readonly version?: number;
}

export function streamOf(aggregate: { name: string }, id: string): string {
  return `${aggregate.name}-${id}`;
}

/**
 * A command computed from the current state (a server-computed pairing): decided inside the
 * handler's retry loop, on the state it is appended to. `request` is what the client asked (its
 * body): it identifies the command for idempotency, so a retry gets the first answer before
 * anything is computed.
 */
export interface DeferredCommand<C extends Command, S> {
  readonly context: CommandContext;
  readonly request: unknown;
  readonly from: (state: S) => CommandBody<C>;
}

export function isDeferred<C extends Command, S>(c: C | DeferredCommand<C, S>): c is DeferredCommand<C, S> {
  return typeof (c as DeferredCommand<C, S>).from === 'function';
}

export interface ExecuteOptions {
  /** `If-Match`: the client pins the revision it saw; a mismatch is a 412, never a retry. */
  readonly expectedRevision?: number;
  readonly correlationId?: string;
  readonly causationId?: string | null;
  /**
   * The command id was made by the server for this command just now (a request without Idempotency-Key): no earlier
   * command can have it and no retry can name it, so the handler neither looks it up nor keeps the command's
   * fingerprint (an indexed read and a SHA-256 of the command, per command). Were it ever reused, its events' ids
   * (derived from it) would still make the store answer the first command's events.
   */
  readonly freshCommandId?: boolean;
  /**
   * A sequence's request as the client sent it (an import's body): its fingerprint identifies the sequence for a retry
   * under its key, since its commands carry the receive time; without it a keyed retry is not compared with the first.
   */
  readonly request?: unknown;
  /**
   * Throws to refuse a sender the state does not admit (the game runner's 404 and 403): checked on the state each
   * attempt decides on, so it holds for the state the append follows; a refusal decided on a cached state or a tip is
   * given only once the log's state refuses too.
   */
  readonly admit?: (state: unknown) => void;
}

export interface CommandResult {
  readonly stream: string;
  readonly events: RecordedEvent[];
  /** Stream revision after the command (-1 when the stream still does not exist). */
  readonly revision: number;
  /** Global position of the last event written (or of the stream head for a no-op). */
  readonly position: number;
  /** True when this command id was handled before: the first answer is returned, nothing appended. */
  readonly duplicate: boolean;
}

export class PreconditionFailedError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`If-Match revision ${expected} does not match ${stream}, which is at revision ${actual}`);
    this.name = 'PreconditionFailedError';
  }
}

export class ConcurrencyExhaustedError extends Error {
  constructor(
    readonly stream: string,
    readonly attempts: number,
  ) {
    super(`${stream} kept changing under this command; gave up after ${attempts} attempts`);
    this.name = 'ConcurrencyExhaustedError';
  }
}

/**
 * A command id (an `Idempotency-Key`) reused for a different command: refused (422), never answered
 * with the other command's result (IETF draft-ietf-httpapi-idempotency-key-header, section 2.7).
 */
export class CommandIdReusedError extends Error {
  constructor(
    readonly commandId: string,
    readonly actor: Actor,
    readonly stream: string,
  ) {
    super(`command id ${commandId} was already used for a different command on ${stream}; use a new key for a new command`);
    this.name = 'CommandIdReusedError';
  }
}

/**
 * SHA-256 of the canonical JSON of what a command asks: its type and data, never its context, so a
 * retry received at another time has the same fingerprint and a different body has another. The
 * data's fields sit beside the type (as commands were shaped before the envelope), so commands
 * recorded before it keep their fingerprint.
 */
export function commandFingerprint(command: { readonly type: string; readonly data: unknown }): string {
  const { type, data } = command;
  const plain = typeof data === 'object' && data !== null && !Array.isArray(data) && !('type' in data);
  return hash('sha256', canonicalJson(plain ? { type, ...data } : { type, data }), 'hex');
}

/** A request's own fingerprint, for commands the server computes from the record (see ExecuteOptions.fingerprint). */
export function requestFingerprint(request: unknown): string {
  return hash('sha256', canonicalJson(request), 'hex');
}

export interface CommandObserver {
  onCommand?(aggregate: string, outcome: 'ok' | 'duplicate' | 'refused' | 'conflict' | 'error', seconds: number): void;
  onConflict?(aggregate: string): void;
  onAppend?(aggregate: string, events: number): void;
}

/**
 * A UUIDv7 command id (the server's own), or one ending in a UUIDv7: a caller's Idempotency-Key as the command id
 * carries it (`key:<role>:<id>:<key>`, command-request.ts).
 */
const TIME_ORDERED = /(?:^|:)([0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})$/;

/**
 * Deterministic event id from the command id: a retried command dedupes in the store too. RFC 9562 UUIDv8 layout
 * (custom): version nibble 8, variant 10xx, the rest from SHA-256 of the command id and the event's index. When the
 * command id is a UUIDv7 (the server's own, newCommandId) or ends in one (a client's Idempotency-Key that is a UUIDv7),
 * its 48-bit time comes first, so the events of new commands land at the right edge of the log's id index as their
 * command ids do (bench:ids: about 1.5× appends/s and a third of the WAL bytes per append on a 1M-event log, against
 * hashed ids; bench:store: group commit's ceiling on this disk 13–14× a single commit with such ids, 6.5× with random).
 * A retry repeats the key, so its events' ids are the same either way.
 */
export function eventIdFor(commandId: string, index: number): string {
  const h = hash('sha256', `${commandId}\u0000${index}`, 'hex');
  const v7 = TIME_ORDERED.exec(commandId)?.[1];
  const time = v7 ? `${v7.slice(0, 8)}-${v7.slice(9, 13)}` : `${h.slice(0, 8)}-${h.slice(8, 12)}`;
  return `${time}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** After the n-th conflict: a random wait below min(2^n, 100) ms (full jitter), about 1.3 s in all over the 29 waits of the default 30 attempts. */
export const conflictBackoff = (attempt: number): number => Math.random() * Math.min(2 ** attempt, 100);
