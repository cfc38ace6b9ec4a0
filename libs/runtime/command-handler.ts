import type { Command, CommandContext, DomainEvent } from '../domain/kernel/index.js';
import { decideAndFold, DomainError } from '../domain/kernel/index.js';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '../store/event-store.port.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EarlierAnswerStore } from '../store/earlier-answers.port.js';
import type { SnapshotStore } from '../store/snapshot-store.port.js';
import { EarlierAnswers } from './earlier-answers.js';
import { StreamQueue } from './stream-queue.js';
import { StreamStates, type Tip } from './stream-states.js';
import type { UpcasterRegistry } from '../store/upcasters.js';
import {
  commandFingerprint,
  conflictBackoff,
  ConcurrencyExhaustedError,
  eventIdFor,
  isDeferred,
  PreconditionFailedError,
  requestFingerprint,
  streamOf,
  type AggregateType,
  type CommandObserver,
  type CommandResult,
  type DeferredCommand,
  type ExecuteOptions,
} from './command-types.js';

export * from './command-types.js';

/** What the command path does with a decision: the events to append, or the answer when there is nothing to append. */
interface Steps<S> {
  /** The decided events' stored form, and the state they leave. */
  decide: (state: S) => { events: NewEvent[]; next: S };
  nothing: (revision: number) => Promise<CommandResult>;
  duplicate: (events: RecordedEvent[]) => CommandResult;
}

/**
 * The command path: load the stream, fold `evolve`, `decide`, append at the loaded revision.
 * On a revision conflict it re-reads and re-decides (bounded); with If-Match it answers 412 instead.
 * A command id seen before returns the events it produced the first time and appends nothing.
 */
export class CommandHandler {
  /** Folded state per stream (cache and persisted snapshots). */
  private readonly states: StreamStates;
  /** A command id's first answer, for its retries. */
  private readonly earlier: EarlierAnswers;
  /** Commands to the same stream in this process are decided one after another: conflicts only come from other processes. */
  private readonly queue = new StreamQueue();
  /** Per stream, the state the appends handed to the store and not yet answered leave (single-writer stores only). */
  private readonly tips = new Map<string, Tip>();

  constructor(
    private readonly store: EventStore,
    private readonly upcasters: UpcasterRegistry,
    private readonly options: {
      maxAttempts?: number;
      cacheSize?: number;
      observer?: CommandObserver;
      /** Persisted snapshots, for aggregates with a `version`: a cold start folds only what follows the snapshot. */
      snapshots?: SnapshotStore;
      /** Write a snapshot when a stream is this many events past its last one. */
      snapshotEvery?: number;
      /** Milliseconds to wait before attempt `attempt + 1` after a revision conflict (default: `conflictBackoff`). */
      retryDelay?: (attempt: number) => number;
      /** Where the answers to keyed commands that recorded nothing are kept (default: in process memory). */
      answers?: EarlierAnswerStore;
    } = {},
  ) {
    this.states = new StreamStates(store, upcasters, options);
    this.earlier = new EarlierAnswers(store, options.answers);
  }

  /**
   * Runs a command envelope, or a command computed from the state (`{ context, request, from }`);
   * the handler reads the command id, time and actor from its context.
   */
  async execute<C extends Command, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    id: string,
    command: C | DeferredCommand<C, S>,
    opts: ExecuteOptions = {},
  ): Promise<CommandResult> {
    return this.timed(aggregate.name, streamOf(aggregate, id), (stream, release) => this.run(aggregate, stream, command, opts, release));
  }

  private async run<C extends Command, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    stream: string,
    command: C | DeferredCommand<C, S>,
    opts: ExecuteOptions,
    release: () => void,
  ): Promise<CommandResult> {
    const ctx = command.context;
    // A server-made id is new: nothing to look up, no fingerprint to keep for a retry (ExecuteOptions.freshCommandId).
    const fingerprint = opts.freshCommandId ? undefined : isDeferred(command) ? requestFingerprint(command.request) : commandFingerprint(command);
    const steps: Steps<S> = {
      // A deferred command is computed here, on the state it will be appended to (a retry after a
      // conflict computes it again on the newer state).
      decide: (state) => {
        const c = isDeferred(command) ? ({ ...command.from(state), context: ctx } as unknown as C) : command;
        const { events: decided, state: next } = decideAndFold(aggregate.decider, c, state);
        return { events: this.newEvents(decided, ctx, opts, ctx.commandId, fingerprint), next };
      },
      nothing: async (revision) => {
        const position = await this.store.headPosition();
        // Nothing is recorded, so the log cannot tell a retry from a reuse: the answer is kept beside it.
        if (fingerprint !== undefined) return this.earlier.keepNoOp(stream, ctx, fingerprint, revision, position);
        return { stream, events: [], revision, position, duplicate: false };
      },
      duplicate: (events) => this.earlier.replayed(stream, ctx, events, fingerprint),
    };
    if (opts.freshCommandId) return this.decideAndAppend(aggregate, stream, opts, release, steps);
    return this.earlier.once(
      ctx.commandId,
      async () =>
        (await this.earlier.find(stream, ctx, fingerprint)) ??
        this.refusalsKept(stream, ctx, fingerprint, this.decideAndAppend(aggregate, stream, opts, release, steps)),
    );
  }

  /** A keyed command's refusal by the domain is its key's answer: kept for its retries (EarlierAnswers.keepRefusal). */
  private async refusalsKept(stream: string, ctx: CommandContext, fingerprint: string | undefined, run: Promise<CommandResult>): Promise<CommandResult> {
    try {
      return await run;
    } catch (e) {
      if (fingerprint === undefined) throw e;
      return this.earlier.keepRefusal(stream, ctx, fingerprint, e);
    }
  }

  /** The stored form of what a command decided: ids derived from its command id, its context in the meta. */
  private newEvents(decided: readonly DomainEvent[], ctx: CommandContext, opts: ExecuteOptions, correlationId: string, fingerprint?: string): NewEvent[] {
    return decided.map((e, i) => ({
      id: eventIdFor(ctx.commandId, i),
      type: e.type,
      data: e.data,
      meta: {
        actor: ctx.actor,
        commandId: ctx.commandId,
        correlationId: opts.correlationId ?? correlationId,
        causationId: opts.causationId ?? null,
        recordedAt: ctx.at,
        schemaVersion: this.upcasters.currentVersion(e.type),
        ...(fingerprint !== undefined && { commandFingerprint: fingerprint }),
      },
    }));
  }

  /**
   * The command path's loop: load (cache, snapshot, log), check If-Match, decide, append at the loaded
   * revision. A revision conflict re-reads and re-decides (bounded); with If-Match it is a 412 instead.
   */
  private async decideAndAppend<C extends Command, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    stream: string,
    opts: ExecuteOptions,
    release: () => void,
    step: Steps<S>,
  ): Promise<CommandResult> {
    const maxAttempts = this.options.maxAttempts ?? 30;
    // The first attempt decides on the state cached for the stream, as it is: this process runs a stream's commands one
    // after another, so it is the stream's state unless another process appended since, and then the append is refused
    // for its expected revision and the loop reads the log. An answer given without an append (an If-Match mismatch, a
    // refusal, a command that decides nothing) is given only from the state read from the log. Not on a store other
    // processes write to as a matter of course (EventStore.sharedWriters): there every attempt reads the log first, so
    // replicas race on equal terms.
    //
    // Pipelined (single-writer stores): once a command has handed its append to the store, the stream's next command is
    // decided on the state that append leaves (the tip), without waiting for its commit, so commands to one stream
    // share a transaction and its fsync. A command is answered only when its own append is stored, which the store does
    // only after the appends before it (each expects the revision the one before leaves: if one fails, the ones decided
    // after it fail for their revision and are read and decided again). A refusal, a no-op or an If-Match mismatch
    // decided on a tip waits for the appends before it and is decided again on the log.
    const pipelined = !this.store.sharedWriters;
    let useCache = pipelined;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const tip = useCache ? this.tips.get(stream) : undefined;
      const cached = useCache ? (tip ?? this.states.cached(stream)) : undefined;
      useCache = false;
      const loaded = cached ?? (await this.states.load(aggregate, stream));
      const state = loaded.state as S;
      const revision = loaded.revision;
      /** Decided on the cached state or a tip and not appended: read the log and decide again (not counted as an attempt). */
      const again = async () => {
        if (!cached) return false;
        attempt--;
        if (tip) await tip.stored; // the log holds the appends before it, or they failed
        return true;
      };
      if (opts.admit) {
        try {
          opts.admit(state);
        } catch (e) {
          if (await again()) continue;
          throw e;
        }
      }
      if (opts.expectedRevision !== undefined && opts.expectedRevision !== revision) {
        if (await again()) continue;
        throw new PreconditionFailedError(stream, opts.expectedRevision, revision);
      }
      let decision: { events: NewEvent[]; next: S };
      try {
        decision = step.decide(state);
      } catch (e) {
        if (e instanceof DomainError && (await again())) continue;
        throw e;
      }
      const { events, next } = decision;
      if (events.length === 0) {
        if (await again()) continue;
        return step.nothing(revision);
      }
      const pending = this.store.append(stream, events, revision === -1 ? 'no-stream' : revision);
      let mine: Tip | undefined;
      if (pipelined) {
        mine = {
          revision: revision + events.length,
          state: next,
          snapshotAt: loaded.snapshotAt,
          snapshotBytes: loaded.snapshotBytes,
          stored: pending.then(
            () => true,
            () => false,
          ),
        };
        this.tips.set(stream, mine);
        release();
      }
      try {
        const appended = await pending;
        if (this.tips.get(stream) === mine) this.tips.delete(stream); // the cache is as current
        if (appended.duplicate) {
          this.tips.delete(stream); // nothing appended: a tip after it is wrong
          return step.duplicate(appended.events);
        }
        const entry = { revision: appended.revision, state: next, snapshotAt: loaded.snapshotAt, snapshotBytes: loaded.snapshotBytes };
        this.states.appended(aggregate, stream, entry, appended.events[appended.events.length - 1].meta.hash);
        this.options.observer?.onAppend?.(aggregate.name, events.length);
        return { stream, events: appended.events, revision: appended.revision, position: appended.position, duplicate: false };
      } catch (e) {
        this.tips.delete(stream); // every tip after a failed append is wrong
        if (!(e instanceof WrongExpectedRevisionError)) throw e;
        this.states.forget(stream);
        this.options.observer?.onConflict?.(aggregate.name);
        if (await again()) continue;
        if (opts.expectedRevision !== undefined) throw new PreconditionFailedError(stream, opts.expectedRevision, e.actual);
        // Another process appended in between: it made progress, so retrying cannot livelock. Waiting lets a burst of that
        // process's commands to the stream pass instead of losing each race to it (its next command starts first).
        if (attempt < maxAttempts) await sleep((this.options.retryDelay ?? conflictBackoff)(attempt));
      }
    }
    throw new ConcurrencyExhaustedError(stream, maxAttempts);
  }

  /** Serialises per stream and reports the outcome and duration to the observer (metrics). */
  private async timed(aggregate: string, stream: string, work: (stream: string, release: () => void) => Promise<CommandResult>): Promise<CommandResult> {
    const started = performance.now();
    const observe = (outcome: 'ok' | 'duplicate' | 'refused' | 'conflict' | 'error') =>
      this.options.observer?.onCommand?.(aggregate, outcome, (performance.now() - started) / 1000);
    try {
      const result = await this.queue.run(stream, (release) => work(stream, release));
      observe(result.duplicate ? 'duplicate' : 'ok');
      return result;
    } catch (e) {
      observe(e instanceof DomainError ? 'refused' : e instanceof PreconditionFailedError || e instanceof ConcurrencyExhaustedError ? 'conflict' : 'error');
      throw e;
    }
  }

  /** Current state and revision of a stream, from the cache (or a snapshot) plus whatever was appended since. */
  async load<C extends Command, E extends DomainEvent, S>(aggregate: AggregateType<C, E, S>, stream: string): Promise<{ state: S; revision: number }> {
    const { state, revision } = await this.states.load(aggregate, stream);
    return { state: state as S, revision };
  }

  /**
   * The stream's state as this process last stored or read it, without reading the log: on a single-writer store only
   * (EventStore.sharedWriters false), where a command's first attempt decides on it (or on a tip after it) as well.
   * Undefined when the stream is not cached, and always on a store other processes write to.
   */
  cached<S>(stream: string): { state: S; revision: number } | undefined {
    const entry = this.store.sharedWriters ? undefined : this.states.cached(stream);
    return entry && { state: entry.state as S, revision: entry.revision };
  }

  /**
   * All or nothing: decides each command on the state the ones before it leave, then appends every
   * event in ONE append at the loaded revision (one store transaction). A refusal of any command
   * throws before anything is written; a concurrent append re-reads and re-decides the whole
   * sequence (with `expectedRevision`, a 412 instead). When the first command's id was handled
   * before, the stored answer is returned and nothing is appended.
   */
  async executeSequence<C extends Command, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    id: string,
    commands: readonly C[],
    opts: ExecuteOptions = {},
  ): Promise<CommandResult> {
    if (commands.length === 0) throw new Error('executeSequence needs at least one command');
    return this.timed(aggregate.name, streamOf(aggregate, id), (stream, release) => this.runSequence(aggregate, stream, commands, opts, release));
  }

  private async runSequence<C extends Command, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    stream: string,
    commands: readonly C[],
    opts: ExecuteOptions,
    release: () => void,
  ): Promise<CommandResult> {
    const first = commands[0].context;
    // A keyed retry with another request is a reuse of the key (422), not the first answer.
    const fingerprint = opts.freshCommandId || opts.request === undefined ? undefined : requestFingerprint(opts.request);
    const steps: Steps<S> = {
      // Every command decided on the state the ones before it leave; all their events in one append.
      decide: (initial) => {
        let state = initial;
        const events: NewEvent[] = [];
        for (const command of commands) {
          const { events: made, state: after } = decideAndFold(aggregate.decider, command, state);
          state = after;
          events.push(...this.newEvents(made, command.context, opts, first.commandId, fingerprint));
        }
        return { events, next: state };
      },
      nothing: async (revision) => ({ stream, events: [], revision, position: await this.store.headPosition(), duplicate: false }),
      duplicate: (events) => this.earlier.replayed(stream, first, events, fingerprint),
    };
    return this.earlier.once(first.commandId, async () => {
      const earlier = await this.store.findByCommandId(first.commandId);
      if (earlier.length === 0) return this.decideAndAppend(aggregate, stream, opts, release, steps);
      const ids = new Set(commands.map((c) => c.context.commandId));
      const mine = (await this.store.readStream(stream, earlier[0].revision)).filter((e) => ids.has(e.meta.commandId));
      return this.earlier.replayed(stream, first, mine.length > 0 ? mine : earlier, fingerprint);
    });
  }
}
