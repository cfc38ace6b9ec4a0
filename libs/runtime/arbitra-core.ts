import { join } from 'node:path';
import type { Command, DomainEvent } from '../domain/kernel/index.js';
import { InProcessEventBus } from '../bus/in-process-event-bus.js';
import type { EventBus } from '../bus/event-bus.port.js';
import type { EventStore, RecordedEvent } from '../store/event-store.port.js';
import type { SnapshotStore } from '../store/snapshot-store.port.js';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store.js';
import { SqliteSnapshotStore } from '../store/sqlite/sqlite-snapshot-store.js';
import { UpcasterRegistry, type Upcaster } from '../store/upcasters.js';
import { verifyLog } from '../store/hash-chain.js';
import { CommandHandler, type AggregateType, type CommandResult, type DeferredCommand, type ExecuteOptions } from './command-handler.js';
import type { ArbitraConfig } from './config.js';
import { ArbitraMetrics } from './metrics.js';
import { ProcessManagerRunner, type ProcessManager } from './process-manager.js';
import type { Projection } from './projections/projection.js';
import { ProjectionRunner } from './projections/projection-runner.js';
import { ReadModelStore } from './projections/read-model-store.js';
import { earlierAnswerStoreOf } from './store-selection.js';

/**
 * What a feature (tournaments, a discipline, appeals) contributes to the runtime. Adding a
 * discipline is one more Feature in the registry, nothing else.
 */
export interface Feature {
  readonly name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly aggregates?: ReadonlyArray<AggregateType<any, DomainEvent, any>>;
  readonly projections?: readonly Projection[];
  /** Projections the feature no longer has (merged into another, or dropped): their documents and checkpoints are deleted at start. */
  readonly retiredProjections?: readonly string[];
  readonly processManagers?: readonly ProcessManager[];
  readonly upcasters?: readonly Upcaster[];
}

export interface CoreOptions {
  readonly config: Pick<ArbitraConfig, 'dataDir' | 'sqliteSync' | 'groupCommit'>;
  readonly features: readonly Feature[];
  /** Use another store (KurrentDB) instead of the embedded SQLite log. */
  readonly store?: EventStore;
  readonly bus?: EventBus;
  /** Where the projections read the log (the projector: events received from Kafka); default the store. */
  readonly projectionSource?: EventStore;
  /** Called when a process manager's command is refused (logged by the app). */
  readonly onReactionRefused?: (pm: string, event: RecordedEvent, error: unknown) => void;
  /** A process manager run failed for a reason other than a refusal (it is retried on the next append). */
  readonly onProcessManagerError?: (error: unknown) => void;
  readonly collectProcessMetrics?: boolean;
  /** Extra facts for an admin's GET /health/ready (the projector's dead letters). */
  readonly healthDetails?: () => Record<string, unknown>;
  /**
   * A core that records nothing (the projector: its store refuses appends). Nothing that reacts to events by
   * recording starts beside it: no webhook deliveries (they are recorded, and the api service sends them).
   */
  readonly readOnly?: boolean;
}

/**
 * The embedded Arbitra: event log, read models, command path, projections and process managers
 * wired together without any framework, so the HTTP app, the CLI and the benchmarks share it.
 */
export class ArbitraCore {
  readonly store: EventStore;
  readonly readModels: ReadModelStore;
  readonly upcasters = new UpcasterRegistry();
  readonly commands: CommandHandler;
  readonly projections: ProjectionRunner;
  readonly processManagers: ProcessManagerRunner;
  readonly bus: EventBus;
  readonly metrics: ArbitraMetrics;
  /** Aggregate snapshots (a cache beside the log, `snapshots.db`). */
  readonly snapshots: SnapshotStore;
  /** See CoreOptions.readOnly. */
  readonly readOnly: boolean;
  private pmRun: Promise<unknown> = Promise.resolve();
  private pmAgain = false;
  private pmBusy = false;

  constructor(readonly options: CoreOptions) {
    const { config, features } = options;
    this.readOnly = options.readOnly ?? false;
    this.store =
      options.store ?? new SqliteEventStore({ path: join(config.dataDir, 'events.db'), synchronous: config.sqliteSync, groupCommit: config.groupCommit });
    this.readModels = new ReadModelStore(join(config.dataDir, 'read-models.db'));
    for (const f of features) for (const name of f.retiredProjections ?? []) this.readModels.retire(name);
    for (const f of features) this.upcasters.register(...(f.upcasters ?? []));
    this.projections = new ProjectionRunner(
      options.projectionSource ?? this.store,
      this.readModels,
      features.flatMap((f) => f.projections ?? []),
      this.upcasters,
    );
    this.metrics = new ArbitraMetrics(
      { head: () => this.store.headPosition(), checkpoints: () => this.projections.checkpoints() },
      options.collectProcessMetrics ?? false,
    );
    this.snapshots = new SqliteSnapshotStore(join(config.dataDir, 'snapshots.db'));
    this.commands = new CommandHandler(this.store, this.upcasters, {
      observer: this.metrics,
      snapshots: this.snapshots,
      answers: earlierAnswerStoreOf(this.store),
    });
    // Reactions run through `execute`: their events are published like a command's, so the projections take them
    // without reading the log.
    this.processManagers = new ProcessManagerRunner(
      this.store,
      this,
      this.readModels,
      features.flatMap((f) => f.processManagers ?? []),
      this.upcasters,
      options.onReactionRefused,
    );
    this.bus = options.bus ?? new InProcessEventBus();
    // The in-process bus hands over what this process appended to the log the projections read: they may apply it
    // without reading it back. Another bus's or source's events are only a wake-up.
    const sameLog = !options.bus && !options.projectionSource;
    this.bus.subscribe((events) => {
      this.projections.notify(sameLog ? events : undefined);
      this.kickProcessManagers(events);
    });
  }

  /** Runs a command (or a command computed from the state, see DeferredCommand) and publishes what it appended. */
  async execute<C extends Command, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    id: string,
    command: C | DeferredCommand<C, S>,
    opts?: ExecuteOptions,
  ): Promise<CommandResult> {
    const result = await this.commands.execute(aggregate, id, command, opts);
    if (result.events.length > 0 && !result.duplicate) await this.bus.publish(result.events);
    return result;
  }

  /** Catch up every read model and process manager, then follow the log live. */
  async start(): Promise<void> {
    await this.projections.catchUp();
    // As busy as a kicked run: what its reactions publish meanwhile starts no second run beside it.
    this.pmBusy = true;
    try {
      await this.processManagers.catchUp();
    } finally {
      this.pmBusy = false;
    }
    if (this.pmAgain) this.kickProcessManagers([]);
    this.projections.start();
  }

  /** Resolves once process managers have handled everything appended so far (tests, CLI). */
  async settle(): Promise<void> {
    do {
      this.pmAgain = false;
      await this.pmRun;
    } while (this.pmAgain || this.pmBusy);
  }

  /** Runs the process managers over what is new; `published`, the events that prompted it, may spare a read (catchUp). */
  private kickProcessManagers(published: readonly RecordedEvent[]): void {
    if (this.pmBusy) {
      this.pmAgain = true;
      return;
    }
    this.pmBusy = true;
    this.pmRun = (async () => {
      try {
        let sent = 0;
        let held = published;
        do {
          this.pmAgain = false;
          // A reaction's own events may trigger further reactions: loop until nothing new is sent.
          sent = await this.processManagers.catchUp(held);
          held = [];
        } while (this.pmAgain || sent > 0);
      } catch (e) {
        this.options.onProcessManagerError?.(e);
      } finally {
        this.pmBusy = false;
      }
    })();
  }

  async close(): Promise<void> {
    await this.projections.stop();
    await this.settle();
    this.processManagers.storeCheckpoints();
    await this.bus.close();
    await this.store.close();
    this.readModels.close();
    this.snapshots.close();
  }

  /** Runs several commands on one stream as one: every event in one append, or nothing (see CommandHandler.executeSequence). */
  async executeSequence<C extends Command, E extends DomainEvent, S>(
    aggregate: AggregateType<C, E, S>,
    id: string,
    commands: readonly C[],
    opts?: ExecuteOptions,
  ): Promise<CommandResult> {
    const result = await this.commands.executeSequence(aggregate, id, commands, opts);
    if (result.events.length > 0 && !result.duplicate) await this.bus.publish(result.events);
    return result;
  }

  /** Walks the whole log and checks every stream's hash chain; the first break, if any (GET /v1/audit/verify). */
  verifyLog(onProgress?: (position: number) => void): ReturnType<typeof verifyLog> {
    return verifyLog((after, limit) => this.store.readAll(after, limit), onProgress);
  }
}

/** The store's refusals as the layers above the runtime see them (the HTTP layer maps them to problem+json). */
export { EventIdConflictError, StoreUnavailableError, WrongExpectedRevisionError } from '../store/event-store.port.js';
