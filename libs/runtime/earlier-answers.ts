import type { Actor, CommandContext } from '../domain/kernel/index.js';
import { DomainError } from '../domain/kernel/index.js';
import type { EventStore, RecordedEvent } from '../store/event-store.port.js';
import { CommandIdReusedError, type CommandResult } from './command-types.js';

const NO_OP_MEMORY = 10_000;
const REFUSAL_MEMORY = 10_000;

const noop = (): void => undefined;

/**
 * A command id seen before: its first answer, given again. What a command appended is found in the store by its
 * command id; a command that appended nothing is remembered here (the last 10,000), since the store cannot tell
 * its retry from a new command. A retry must come from the same actor, to the same stream, with the same command.
 * A keyed command the domain refused is remembered the same way (issue 32): its retry gets the same refusal, never a
 * later 201 (IETF idempotency-key draft: the first answer, success or failure, is the key's answer).
 */
export class EarlierAnswers {
  private readonly noOps = new Map<string, { stream: string; actor: Actor; fingerprint: string; revision: number; position: number }>();
  private readonly refusals = new Map<string, { stream: string; actor: Actor; fingerprint: string; error: DomainError }>();
  /** Keyed commands being run in this process, by command id. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly store: EventStore) {}

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
    const refused = this.refusals.get(ctx.commandId);
    if (refused) {
      checkSameCommand(ctx, stream, refused.actor, refused.stream, refused.fingerprint, fingerprint);
      throw refused.error;
    }
    const noOp = this.noOps.get(ctx.commandId);
    if (!noOp) return null;
    checkSameCommand(ctx, stream, noOp.actor, noOp.stream, noOp.fingerprint, fingerprint);
    return { stream, events: [], revision: noOp.revision, position: noOp.position, duplicate: true };
  }

  /** A command that recorded nothing, at this revision and log position: its retries get the same answer. */
  rememberNoOp(stream: string, ctx: CommandContext, fingerprint: string, revision: number, position: number): void {
    this.noOps.set(ctx.commandId, { stream, actor: ctx.actor, fingerprint, revision, position });
    if (this.noOps.size > NO_OP_MEMORY) this.noOps.delete(this.noOps.keys().next().value as string);
  }

  /**
   * A keyed command the domain refused (a DomainError from its decider): its retries get the same refusal. Not a
   * conflict of revisions, a full disk or an If-Match mismatch (those may pass when retried), nor a refused reuse of the key.
   */
  rememberRefusal(stream: string, ctx: CommandContext, fingerprint: string, error: unknown): void {
    if (!(error instanceof DomainError) || error.type === 'command/id-reused') return;
    this.refusals.set(ctx.commandId, { stream, actor: ctx.actor, fingerprint, error });
    if (this.refusals.size > REFUSAL_MEMORY) this.refusals.delete(this.refusals.keys().next().value as string);
  }

  /** The answer made of the events a command recorded the first time, once the retry is checked to be the same command. */
  replayed(stream: string, ctx: CommandContext, events: RecordedEvent[], fingerprint?: string): CommandResult {
    checkSameCommand(ctx, stream, events[0].meta.actor, events[0].stream, events[0].meta.commandFingerprint, fingerprint);
    const last = events[events.length - 1];
    return { stream, events, revision: last.revision, position: last.position, duplicate: true };
  }
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
