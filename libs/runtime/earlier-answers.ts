import type { Actor, CommandContext, DomainErrorKind } from '../domain/kernel/index.js';
import { DomainError } from '../domain/kernel/index.js';
import { MemoryEarlierAnswerStore, storedTime, type EarlierAnswer, type EarlierAnswerStore } from '../store/earlier-answers.port.js';
import type { EventStore, RecordedEvent } from '../store/event-store.port.js';
import { CommandIdReusedError, type CommandResult } from './command-types.js';

const noop = (): void => undefined;

/** What is kept for a command that recorded nothing: the refusal (as problem+json will show it), or the no-op's revision and position. */
type KeptAnswer =
  | {
      readonly refused: { type: string; message: string; rule: string; kind: DomainErrorKind; field?: string; details?: Record<string, unknown> };
    }
  | { readonly noOp: { revision: number; position: number } };

/**
 * A command id seen before: its first answer, given again. What a command appended is found in the store by its
 * command id; the answer to a command that recorded nothing is kept in an EarlierAnswerStore beside the log (the
 * store cannot tell its retry from a new command). A retry must come from the same actor, to the same stream, with
 * the same command. A keyed command the domain refused is kept the same way (issue 32): its retry gets the same
 * refusal, never a later 201 (IETF idempotency-key draft: the first answer, success or failure, is the key's answer).
 */
export class EarlierAnswers {
  /** Keyed commands being run in this process, by command id. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly answers: EarlierAnswerStore = new MemoryEarlierAnswerStore(),
  ) {}

  /**
   * Runs a keyed command once no earlier run of the same command id is under way in this process: a retry sent while its
   * first attempt is being stored (commands to a stream are pipelined) finds it stored, and gets its answer.
   */
  async once<T>(commandId: string, work: () => Promise<T>): Promise<T> {
    for (let earlier = this.running.get(commandId); earlier; earlier = this.running.get(commandId)) await earlier.catch(noop);
    const run = work();
    this.running.set(commandId, run);
    try {
      return await run;
    } finally {
      if (this.running.get(commandId) === run) this.running.delete(commandId);
    }
  }

  /** The first answer to this command id, if it was handled before (a retry); null for a new command. */
  async find(stream: string, ctx: CommandContext, fingerprint?: string): Promise<CommandResult | null> {
    const earlier = await this.store.findByCommandId(ctx.commandId);
    if (earlier.length > 0) return this.replayed(stream, ctx, earlier, fingerprint);
    const kept = await this.answers.get(ctx.commandId);
    return kept ? answerOf(kept, stream, ctx, fingerprint) : null;
  }

  /**
   * A command that recorded nothing, at this revision and log position: kept for its retries. Answers with the key's
   * first answer (another server's, when it kept one for the same key first).
   */
  async keepNoOp(stream: string, ctx: CommandContext, fingerprint: string, revision: number, position: number): Promise<CommandResult> {
    const kept = await this.keep(stream, ctx, fingerprint, { noOp: { revision, position } });
    return kept.answer === JSON.stringify({ noOp: { revision, position } })
      ? { stream, events: [], revision, position, duplicate: false }
      : answerOf(kept, stream, ctx, fingerprint);
  }

  /**
   * A keyed command the domain refused (a DomainError from its decider): kept for its retries, then thrown (or the
   * key's first answer, when another server kept one first). Anything else is thrown as it is: a conflict of
   * revisions, a full disk or an If-Match mismatch (those may pass when retried), or a refused reuse of the key.
   */
  async keepRefusal(stream: string, ctx: CommandContext, fingerprint: string, error: unknown): Promise<CommandResult> {
    if (!(error instanceof DomainError) || error.type === 'command/id-reused') throw error;
    const { type, message, rule, kind, field, details } = error;
    const kept = await this.keep(stream, ctx, fingerprint, { refused: { type, message, rule, kind, field, details } });
    return answerOf(kept, stream, ctx, fingerprint);
  }

  private keep(stream: string, ctx: CommandContext, fingerprint: string, answer: KeptAnswer): Promise<EarlierAnswer> {
    return this.answers.put({
      commandId: ctx.commandId,
      stream,
      actor: ctx.actor,
      fingerprint,
      answer: JSON.stringify(answer),
      recordedAt: storedTime(ctx.at),
    });
  }

  /** The answer made of the events a command recorded the first time, once the retry is checked to be the same command. */
  replayed(stream: string, ctx: CommandContext, events: RecordedEvent[], fingerprint?: string): CommandResult {
    checkSameCommand(ctx, stream, events[0].meta.actor, events[0].stream, events[0].meta.commandFingerprint, fingerprint);
    const last = events[events.length - 1];
    return { stream, events, revision: last.revision, position: last.position, duplicate: true };
  }
}

/** A kept answer given again, once the retry is checked to be the same command: the refusal thrown, or the no-op's answer. */
function answerOf(kept: EarlierAnswer, stream: string, ctx: CommandContext, fingerprint: string | undefined): CommandResult {
  checkSameCommand(ctx, stream, kept.actor, kept.stream, kept.fingerprint, fingerprint);
  const answer = JSON.parse(kept.answer) as KeptAnswer;
  if ('refused' in answer) {
    const r = answer.refused;
    throw new DomainError(r.type, r.message, r.rule, r.kind, r.field, r.details);
  }
  return { stream, events: [], revision: answer.noOp.revision, position: answer.noOp.position, duplicate: true };
}

/** A retry must come from the same actor, to the same stream, with the same command. */
function checkSameCommand(
  ctx: CommandContext,
  stream: string,
  first: Actor,
  firstStream: string,
  recorded: string | undefined,
  fingerprint: string | undefined,
): void {
  const commandId = ctx.commandId;
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
  // Another stream is another request: the same rule as another body on the same stream (issue 32, one answer: 422).
  if (firstStream !== stream) throw new CommandIdReusedError(commandId, ctx.actor, firstStream);
  // Events recorded before fingerprints existed carry none: those retries replay as before.
  if (recorded !== undefined && fingerprint !== undefined && recorded !== fingerprint) throw new CommandIdReusedError(commandId, ctx.actor, stream);
}
