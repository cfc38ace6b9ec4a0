import { DomainError, type Command, type CommandContext, type DomainEvent } from '../domain/kernel/index.js';
import type { EventStore, RecordedEvent } from '../store/event-store.port.js';
import type { UpcasterRegistry } from '../store/upcasters.js';
import type { AggregateType, CommandHandler } from './command-handler.js';
import type { ReadModelStore } from './projections/read-model-store.js';
import { nextRunLength } from './projections/next-positions.js';
import { IDLE_CHECKPOINT_LAG, TrailingCheckpoints } from './projections/trailing-checkpoints.js';

/** A command a process manager wants sent: which aggregate, which instance, the command itself. */
export interface Reaction {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly aggregate: AggregateType<any, DomainEvent, any>;
  readonly id: string;
  /** Builds the command envelope around the context the runner gives it (deterministic id, time, actor). */
  readonly command: (ctx: CommandContext) => Command;
}

/** What a manager may read besides the event: the first event of a stream (a game's start, with its link and seats), upcast. */
export interface ReactionReader {
  firstEvent(stream: string): Promise<RecordedEvent | null>;
}

/**
 * Reacts to events with commands to other aggregates (a finished game posts its result to its
 * tournament). Pure: it sees the event only (and, through the reader, the first event of a stream). Commands get deterministic ids derived from the
 * causing event, so replaying or redelivering an event never applies its effect twice.
 */
export interface ProcessManager {
  readonly name: string;
  handles(type: string): boolean;
  react(event: RecordedEvent): Reaction[];
  /** Used instead of `react` when given: for a reaction that also needs the first event of a stream. */
  reactWith?(event: RecordedEvent, reader: ReactionReader): Promise<Reaction[]>;
}

const REFUSED = 'refused';
/** Events the process managers read at a time. */
const PAGE = 500;

/** A reaction that could not be applied: what caused it, what it tried, and why it was refused. */
export interface RefusedReaction {
  readonly processManager: string;
  readonly commandId: string;
  readonly cause: { readonly eventId: string; readonly stream: string; readonly type: string; readonly position: number; readonly recordedAt: string };
  readonly target: string;
  readonly refusal: { readonly type: string; readonly message: string; readonly rule: string | null };
}

function refusalOf(pm: string, event: RecordedEvent, r: Reaction, e: unknown): RefusedReaction {
  const err = e as { type?: string; message?: string; rule?: string };
  return {
    processManager: pm,
    commandId: '',
    cause: { eventId: event.id, stream: event.stream, type: event.type, position: event.position, recordedAt: event.meta.recordedAt },
    target: `${r.aggregate.name}-${r.id}`,
    refusal: { type: err.type ?? (e as Error).name ?? 'error', message: String(err.message ?? e), rule: err.rule ?? null },
  };
}

export function reactionCommandId(pm: string, eventId: string, index: number): string {
  return `pm:${pm}:${eventId}:${index}`;
}

/**
 * Runs process managers over the log from their checkpoints (kept in the read-model store).
 * At-least-once: the checkpoint moves after the commands succeed; a crash in between re-sends
 * them, and their deterministic command ids make the retry a no-op. The managers share each page of the log (one
 * read per page, not one per manager), each taking the page's events after its own checkpoint in log order. A
 * manager's checkpoint is stored once it handled an event of the page, or trails by IDLE_CHECKPOINT_LAG, or at
 * `storeCheckpoints` (on close); in between it lives here, so after a crash a manager re-reads at most that many
 * events it does not handle. This runner is the only writer of its managers' checkpoints.
 */
export class ProcessManagerRunner {
  private readonly reader: ReactionReader;
  /** Each manager's checkpoint (by its key): as stored, or ahead of it over events it does not handle. */
  private readonly checkpoints: TrailingCheckpoints;
  private readonly keys: readonly string[];

  constructor(
    private readonly store: EventStore,
    /** Runs a reaction's command (ArbitraCore: the handler, then its events published like any command's). */
    private readonly commands: Pick<CommandHandler, 'execute'>,
    private readonly readModels: ReadModelStore,
    private readonly managers: readonly ProcessManager[],
    private readonly upcasters: UpcasterRegistry,
    private readonly onRefused: (pm: string, event: RecordedEvent, error: unknown) => void = () => {},
  ) {
    this.reader = {
      firstEvent: async (stream) => {
        const [first] = await store.readStream(stream, 0, 1);
        return first ? upcasters.upcast(first) : null;
      },
    };
    this.checkpoints = new TrailingCheckpoints(readModels);
    this.keys = managers.map(checkpointKey);
    for (const key of this.keys) {
      const stored = readModels.checkpoint(key);
      if (!stored) readModels.reset(key, 1);
      this.checkpoints.load(key, stored?.position ?? 0);
    }
  }

  /** Reactions the target aggregate refused, oldest first (e.g. a result posted to a locked round). */
  refused(): RefusedReaction[] {
    return this.managers
      .flatMap((m) => this.readModels.list<RefusedReaction>(checkpointKey(m), REFUSED).map((d) => d.value))
      .sort((a, b) => a.cause.position - b.cause.position);
  }

  /**
   * Processes everything appended since each manager's checkpoint (reactions' own events included). `published`: events
   * this process just appended. On a single-writer store, when they are the positions right after every checkpoint,
   * they are the first page and the log is not read for them (what follows them comes with its own notification).
   */
  async catchUp(published: readonly RecordedEvent[] = []): Promise<number> {
    let sent = 0;
    let held = this.store.sharedWriters ? null : nextAfter(published, this.checkpoints.lowest(this.keys));
    for (let more = true; more;) {
      const page = held ?? (await this.store.readAll(this.checkpoints.lowest(this.keys), PAGE));
      if (page.length === 0) return sent;
      const before = sent;
      const handled = new Set<string>();
      try {
        for (const [i, m] of this.managers.entries()) {
          const key = this.keys[i];
          for (const raw of page) {
            if (raw.position <= this.checkpoints.position(key)) continue;
            if (m.handles(raw.type)) {
              handled.add(key);
              sent += await this.react(m, this.upcasters.upcast(raw));
            }
            this.checkpoints.move(key, raw.position);
          }
        }
      } finally {
        // After a failure too: a manager that failed stays before the event it failed on (retried), the others keep
        // what they did.
        this.checkpoints.store(this.keys, (key, trailing) => handled.has(key) || trailing >= IDLE_CHECKPOINT_LAG);
      }
      // A short page ends the log as read (EventStore.readAll), unless this page's reactions appended after it: then
      // their events are read next. Otherwise no second read to find nothing.
      more = (held === null && page.length === PAGE) || sent > before;
      held = null;
    }
    return sent;
  }

  /** Stores every checkpoint that trails its position (on close). */
  storeCheckpoints(): void {
    this.checkpoints.store(this.keys);
  }

  /** Sends a manager's reactions to one event; returns how many were applied. Throws (before its checkpoint moves) on anything but a refusal. */
  private async react(m: ProcessManager, event: RecordedEvent): Promise<number> {
    let sent = 0;
    const reactions = m.reactWith ? await m.reactWith(event, this.reader) : m.react(event);
    for (const [i, r] of reactions.entries()) {
      const ctx: CommandContext = {
        at: event.meta.recordedAt,
        actor: { id: `process-manager:${m.name}`, role: 'system' },
        commandId: reactionCommandId(m.name, event.id, i),
      };
      try {
        await this.commands.execute(r.aggregate, r.id, r.command(ctx), { correlationId: event.meta.correlationId, causationId: event.id });
        sent++;
      } catch (e) {
        // Not a refusal (a concurrency conflict, a busy or failing store): stop before this event so it is retried;
        // its reactions' deterministic ids make a retry harmless.
        if (!(e instanceof DomainError)) throw e;
        // A refusal is final: the manager moves on, so one refused reaction never blocks every
        // later one, and keeps it where an arbiter can see it (GET /v1/audit/refused-reactions).
        this.readModels.putDocument(checkpointKey(m), REFUSED, ctx.commandId, { ...refusalOf(m.name, event, r, e), commandId: ctx.commandId });
        this.onRefused(m.name, event, e);
      }
    }
    return sent;
  }
}

const checkpointKey = (m: ProcessManager) => `pm:${m.name}`;

/** `events` when they are the log's positions right after `after`, in order, and no more than a page; else null. */
function nextAfter(events: readonly RecordedEvent[], after: number): readonly RecordedEvent[] | null {
  return events.length > 0 && nextRunLength(events, after, PAGE) === events.length ? events : null;
}
