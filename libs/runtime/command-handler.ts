import { createHash } from 'node:crypto';
import type { CommandContext, Decider, DomainEvent } from '../domain/kernel/index.js';
import { DomainError } from '../domain/kernel/index.js';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '../store/event-store.port.js';
import type { UpcasterRegistry } from '../store/upcasters.js';

/** One kind of aggregate: its stream naming and its decider. */
export interface AggregateType<C, E extends DomainEvent, S> {
  /** e.g. 'tournament' → streams `tournament-<id>`. */
  readonly name: string;
  readonly decider: Decider<C, E, S>;
}

export function streamOf(aggregate: { name: string }, id: string): string {
  return `${aggregate.name}-${id}`;
}

export interface ExecuteOptions {
  /** `If-Match`: the client pins the revision it saw; a mismatch is a 412, never a retry. */
  readonly expectedRevision?: number;
  readonly correlationId?: string;
  readonly causationId?: string | null;
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
  constructor(readonly stream: string, readonly expected: number, readonly actual: number) {
    super(`If-Match revision ${expected} does not match ${stream}, which is at revision ${actual}`);
    this.name = 'PreconditionFailedError';
  }
}

export class ConcurrencyExhaustedError extends Error {
  constructor(readonly stream: string, readonly attempts: number) {
    super(`${stream} kept changing under this command; gave up after ${attempts} attempts`);
    this.name = 'ConcurrencyExhaustedError';
  }
}

export interface CommandObserver {
  onCommand?(aggregate: string, outcome: 'ok' | 'duplicate' | 'refused' | 'conflict' | 'error', seconds: number): void;
  onConflict?(aggregate: string): void;
  onAppend?(aggregate: string, events: number): void;
}

/** Deterministic event id from the command id: a retried command dedupes in the store too. */
export function eventIdFor(commandId: string, index: number): string {
  const h = createHash('sha256').update(`${commandId}\u0000${index}`).digest('hex');
  // RFC 9562 UUIDv8 layout (custom): version nibble 8, variant 10xx.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface Cached {
  revision: number;
  state: unknown;
}

/**
 * The command path: load the stream, fold `evolve`, `decide`, append at the loaded revision.
 * On a revision conflict it re-reads and re-decides (bounded); with If-Match it answers 412 instead.
 * A command id seen before returns the events it produced the first time and appends nothing.
 */
export class CommandHandler {
  private readonly cache = new Map<string, Cached>();
  /** Commands to the same stream in this process run one after another: conflicts only come from other processes. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly upcasters: UpcasterRegistry,
    private readonly options: { maxAttempts?: number; cacheSize?: number; observer?: CommandObserver } = {},
  ) {}

  /**
   * `ctx` is the same context the command carries inside it (each decider shapes its commands its
   * own way); the handler reads the command id, time and actor from it.
   */
  async execute<C, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    id: string,
    command: C,
    ctx: CommandContext,
    opts: ExecuteOptions = {},
  ): Promise<CommandResult> {
    const started = performance.now();
    const observe = (outcome: 'ok' | 'duplicate' | 'refused' | 'conflict' | 'error') =>
      this.options.observer?.onCommand?.(aggregate.name, outcome, (performance.now() - started) / 1000);
    const stream = streamOf(aggregate, id);
    try {
      const result = await this.serialized(stream, () => this.run(aggregate, stream, command, ctx, opts));
      observe(result.duplicate ? 'duplicate' : 'ok');
      return result;
    } catch (e) {
      observe(e instanceof DomainError ? 'refused' : e instanceof PreconditionFailedError || e instanceof ConcurrencyExhaustedError ? 'conflict' : 'error');
      throw e;
    }
  }

  private async run<C, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    stream: string,
    command: C,
    ctx: CommandContext,
    opts: ExecuteOptions,
  ): Promise<CommandResult> {
    const earlier = await this.earlierResult(stream, ctx);
    if (earlier) return earlier;

    const maxAttempts = this.options.maxAttempts ?? 5;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const { state, revision } = await this.load(aggregate, stream);
      if (opts.expectedRevision !== undefined && opts.expectedRevision !== revision) {
        throw new PreconditionFailedError(stream, opts.expectedRevision, revision);
      }
      const decided = aggregate.decider.decide(command, state);
      if (decided.length === 0) {
        return { stream, events: [], revision, position: await this.store.headPosition(), duplicate: false };
      }
      const events: NewEvent[] = decided.map((e, i) => ({
        id: eventIdFor(ctx.commandId, i),
        type: e.type,
        data: e.data,
        meta: {
          actor: ctx.actor,
          commandId: ctx.commandId,
          correlationId: opts.correlationId ?? ctx.commandId,
          causationId: opts.causationId ?? null,
          recordedAt: ctx.at,
          schemaVersion: this.upcasters.currentVersion(e.type),
        },
      }));
      try {
        const appended = await this.store.append(stream, events, revision === -1 ? 'no-stream' : revision);
        if (appended.duplicate) return this.replayed(stream, ctx, appended.events);
        this.remember(stream, {
          revision: appended.revision,
          state: decided.reduce((s, e) => aggregate.decider.evolve(s, e), state),
        });
        this.options.observer?.onAppend?.(aggregate.name, events.length);
        return { stream, events: appended.events, revision: appended.revision, position: appended.position, duplicate: false };
      } catch (e) {
        if (!(e instanceof WrongExpectedRevisionError)) throw e;
        this.cache.delete(stream);
        this.options.observer?.onConflict?.(aggregate.name);
        if (opts.expectedRevision !== undefined) throw new PreconditionFailedError(stream, opts.expectedRevision, e.actual);
      }
    }
    throw new ConcurrencyExhaustedError(stream, maxAttempts);
  }

  /**
   * The first answer to this command id, if it was handled before (a retry); null for a new command.
   * For callers that compute a command's input from the current record (a server-side pairing):
   * a retry must get the first answer, not a fresh computation.
   */
  async earlierResult(stream: string, ctx: CommandContext): Promise<CommandResult | null> {
    const earlier = await this.store.findByCommandId(ctx.commandId);
    return earlier.length > 0 ? this.replayed(stream, ctx, earlier) : null;
  }

  private serialized<T>(stream: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(stream) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(stream, settled);
    void settled.then(() => {
      if (this.queues.get(stream) === settled) this.queues.delete(stream);
    });
    return next;
  }

  /** Current state and revision of a stream, from the cache plus whatever was appended since. */
  async load<C, E extends DomainEvent, S>(aggregate: AggregateType<C, E, S>, stream: string): Promise<{ state: S; revision: number }> {
    const cached = this.cache.get(stream);
    let state = (cached?.state as S | undefined) ?? aggregate.decider.initialState();
    let revision = cached?.revision ?? -1;
    const newer = await this.store.readStream(stream, revision + 1);
    for (const recorded of newer) {
      const e = this.upcasters.upcast(recorded);
      state = aggregate.decider.evolve(state, { type: e.type, data: e.data } as E);
      revision = e.revision;
    }
    if (newer.length > 0) this.remember(stream, { revision, state });
    return { state, revision };
  }

  private replayed(stream: string, ctx: CommandContext, events: RecordedEvent[]): CommandResult {
    const commandId = ctx.commandId;
    const first = events[0].meta.actor;
    if (first.id !== ctx.actor.id || first.role !== ctx.actor.role) {
      // Never hand one actor's recorded answer (which may hold hidden information) to another.
      throw new DomainError(
        'command/id-reused',
        `command id ${commandId} belongs to another actor's command; use a new id (Idempotency-Key) for a new command`,
        'Arbitra: a command id identifies one command of one actor; a retry must repeat the same command',
        'conflict',
        'commandId',
      );
    }
    if (events[0].stream !== stream) {
      throw new DomainError(
        'command/id-reused',
        `command id ${commandId} was already used for ${events[0].stream}; use a new id (Idempotency-Key) for a new command`,
        'Arbitra: a command id identifies one command; a retry must repeat the same command',
        'conflict',
        'commandId',
      );
    }
    const last = events[events.length - 1];
    return { stream, events, revision: last.revision, position: last.position, duplicate: true };
  }

  private remember(stream: string, entry: Cached): void {
    this.cache.delete(stream);
    this.cache.set(stream, entry);
    const max = this.options.cacheSize ?? 10_000;
    if (this.cache.size > max) this.cache.delete(this.cache.keys().next().value as string);
  }

  /**
   * All or nothing: decides each command on the state the ones before it leave, then appends every
   * event in ONE append at the loaded revision (one store transaction). A refusal of any command
   * throws before anything is written; a concurrent append re-reads and re-decides the whole
   * sequence (with `expectedRevision`, a 412 instead). When the first command's id was handled
   * before, the stored answer is returned and nothing is appended.
   */
  async executeSequence<C, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    id: string,
    commands: readonly { readonly command: C; readonly ctx: CommandContext }[],
    opts: ExecuteOptions = {},
  ): Promise<CommandResult> {
    const started = performance.now();
    const observe = (outcome: 'ok' | 'duplicate' | 'refused' | 'conflict' | 'error') =>
      this.options.observer?.onCommand?.(aggregate.name, outcome, (performance.now() - started) / 1000);
    const stream = streamOf(aggregate, id);
    if (commands.length === 0) throw new Error('executeSequence needs at least one command');
    try {
      const result = await this.serialized(stream, () => this.runSequence(aggregate, stream, commands, opts));
      observe(result.duplicate ? 'duplicate' : 'ok');
      return result;
    } catch (e) {
      observe(e instanceof DomainError ? 'refused' : e instanceof PreconditionFailedError || e instanceof ConcurrencyExhaustedError ? 'conflict' : 'error');
      throw e;
    }
  }

  private async runSequence<C, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    stream: string,
    commands: readonly { readonly command: C; readonly ctx: CommandContext }[],
    opts: ExecuteOptions,
  ): Promise<CommandResult> {
    const first = commands[0].ctx;
    const earlier = await this.store.findByCommandId(first.commandId);
    if (earlier.length > 0) {
      const ids = new Set(commands.map((c) => c.ctx.commandId));
      const mine = (await this.store.readStream(stream, earlier[0].revision)).filter((e) => ids.has(e.meta.commandId));
      return this.replayed(stream, first, mine.length > 0 ? mine : earlier);
    }
    const maxAttempts = this.options.maxAttempts ?? 5;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const loaded = await this.load(aggregate, stream);
      if (opts.expectedRevision !== undefined && opts.expectedRevision !== loaded.revision) {
        throw new PreconditionFailedError(stream, opts.expectedRevision, loaded.revision);
      }
      let state = loaded.state;
      const events: NewEvent[] = [];
      for (const { command, ctx } of commands) {
        const decided = aggregate.decider.decide(command, state);
        state = decided.reduce((s, e) => aggregate.decider.evolve(s, e), state);
        events.push(
          ...decided.map((e, i) => ({
            id: eventIdFor(ctx.commandId, i),
            type: e.type,
            data: e.data,
            meta: {
              actor: ctx.actor,
              commandId: ctx.commandId,
              correlationId: opts.correlationId ?? first.commandId,
              causationId: opts.causationId ?? null,
              recordedAt: ctx.at,
              schemaVersion: this.upcasters.currentVersion(e.type),
            },
          })),
        );
      }
      if (events.length === 0) return { stream, events: [], revision: loaded.revision, position: await this.store.headPosition(), duplicate: false };
      try {
        const appended = await this.store.append(stream, events, loaded.revision === -1 ? 'no-stream' : loaded.revision);
        if (appended.duplicate) return this.replayed(stream, first, appended.events);
        this.remember(stream, { revision: appended.revision, state });
        this.options.observer?.onAppend?.(aggregate.name, events.length);
        return { stream, events: appended.events, revision: appended.revision, position: appended.position, duplicate: false };
      } catch (e) {
        if (!(e instanceof WrongExpectedRevisionError)) throw e;
        this.cache.delete(stream);
        this.options.observer?.onConflict?.(aggregate.name);
        if (opts.expectedRevision !== undefined) throw new PreconditionFailedError(stream, opts.expectedRevision, e.actual);
      }
    }
    throw new ConcurrencyExhaustedError(stream, maxAttempts);
  }
}
