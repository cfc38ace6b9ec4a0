import type { CommandContext, DomainEvent } from '../domain/kernel/index.js';
import type { EventStore, RecordedEvent } from '../store/event-store.port.js';
import type { UpcasterRegistry } from '../store/upcasters.js';
import type { AggregateType, CommandHandler } from './command-handler.js';
import type { ReadModelStore } from './projections/read-model-store.js';

/** A command a process manager wants sent: which aggregate, which instance, the command itself. */
export interface Reaction {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly aggregate: AggregateType<any, DomainEvent, any>;
  readonly id: string;
  /** Builds the command around the context the runner gives it (deterministic id, time, actor). */
  readonly command: (ctx: CommandContext) => unknown;
}

/**
 * Reacts to events with commands to other aggregates (a finished game posts its result to its
 * tournament). Pure: it sees the event only. Commands get deterministic ids derived from the
 * causing event, so replaying or redelivering an event never applies its effect twice.
 */
export interface ProcessManager {
  readonly name: string;
  handles(type: string): boolean;
  react(event: RecordedEvent): Reaction[];
}

export function reactionCommandId(pm: string, eventId: string, index: number): string {
  return `pm:${pm}:${eventId}:${index}`;
}

/**
 * Runs process managers over the log from their checkpoints (kept in the read-model store).
 * At-least-once: the checkpoint moves after the commands succeed; a crash in between re-sends
 * them, and their deterministic command ids make the retry a no-op.
 */
export class ProcessManagerRunner {
  constructor(
    private readonly store: EventStore,
    private readonly commands: CommandHandler,
    private readonly readModels: ReadModelStore,
    private readonly managers: readonly ProcessManager[],
    private readonly upcasters: UpcasterRegistry,
    private readonly onRefused: (pm: string, event: RecordedEvent, error: unknown) => void = () => {},
  ) {
    for (const m of managers) if (!readModels.checkpoint(`pm:${m.name}`)) readModels.reset(`pm:${m.name}`, 1);
  }

  /** Processes everything appended since each manager's checkpoint. */
  async catchUp(): Promise<number> {
    let sent = 0;
    for (const m of this.managers) {
      const key = `pm:${m.name}`;
      let after = this.readModels.checkpoint(key)?.position ?? 0;
      for (;;) {
        const page = await this.store.readAll(after, 500);
        if (page.length === 0) break;
        for (const raw of page) {
          if (m.handles(raw.type)) {
            const event = this.upcasters.upcast(raw);
            const reactions = m.react(event);
            for (const [i, r] of reactions.entries()) {
              const ctx: CommandContext = {
                at: event.meta.recordedAt,
                actor: { id: `process-manager:${m.name}`, role: 'system' },
                commandId: reactionCommandId(m.name, event.id, i),
              };
              try {
                await this.commands.execute(r.aggregate, r.id, r.command(ctx), ctx, { correlationId: event.meta.correlationId, causationId: event.id });
                sent++;
              } catch (e) {
                // A refusal is recorded in the log's absence: the manager reports it and moves on,
                // so one bad reaction never blocks every later one.
                this.onRefused(m.name, event, e);
              }
            }
          }
          after = raw.position;
        }
        this.readModels.advance(key, after);
      }
    }
    return sent;
  }
}
