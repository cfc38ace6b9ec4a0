import kafkajs from 'kafkajs';
import type { Admin, Consumer, EachBatchPayload, IHeaders, Kafka as KafkaClient, Producer } from 'kafkajs';
import type { Logger } from 'pino';
import { decodeEvent, HEADER_DEPLOYMENT, HEADER_HASH } from '../../bus/kafka/kafka-event-codec.js';
import { eventHash } from '../../store/hash-chain.js';
import { kafkaClient } from '../../bus/kafka/kafka-client.js';
import { WHOLE_HISTORY } from '../../bus/kafka/kafka-event-bus.js';
import type { EventStore, RecordedEvent } from '../../store/event-store.port.js';
import type { DeadLetterTable } from './dead-letters.js';
import type { ReorderBuffer } from './reorder-buffer.js';

const { Partitioners } = kafkajs;

export interface KafkaFeedOptions {
  readonly brokers: readonly string[];
  readonly clientId?: string;
  readonly topic: string;
  /** This projector's own group (each replica keeps its own read models). */
  readonly groupId: string;
  readonly dlqTopic: string;
  /** kafkajs retries of a failed request (default 8). */
  readonly retries?: number;
  /** Partitions when the event topic is created here (default 6). */
  readonly partitions?: number;
  readonly buffer: ReorderBuffer;
  readonly deadLetters: DeadLetterTable;
  /** Every read model has applied and stored the log up to here (the projection runner's stored position): offsets are committed up to it. */
  readonly applied: () => number;
  /** The identity of the log this projector serves (logIdentity of its store), undefined while that log is empty. */
  readonly identity: () => Promise<string | undefined>;
  /** Wakes the projection runner. */
  readonly notify: () => void;
  /** How often offsets are committed and dead letters published (default 200 ms). */
  readonly flushMs?: number;
  readonly onError?: (error: unknown) => void;
  /** Where kafkajs's own lines go (see kafkajsLogCreator); without one, kafkajs's console logger. */
  readonly logger?: Logger;
}

/**
 * The projector's Kafka side: a consumer in the replica's own group that feeds the reorder buffer
 * (offsets committed only once the projections have written those events: at-least-once, and the
 * dedupe by position makes it exactly-once in effect), and a producer that sends dead letters to
 * the dead-letter topic. An undecodable message is dead-lettered at once; it never blocks its partition.
 */
export class KafkaFeed {
  private readonly kafka: KafkaClient;
  private readonly admin: Admin;
  private readonly producer: Producer;
  private consumer: Consumer | undefined;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly onError: (error: unknown) => void;
  private identity: string | undefined;
  private stopped = false;
  /** Consumers that joined the group: a crash of one of them is recovered here (one that never joined: by consume). */
  private readonly joined = new WeakSet<Consumer>();
  /** Dead letters the broker acknowledged on the dead-letter topic since start. */
  published = 0;

  constructor(private readonly options: KafkaFeedOptions) {
    this.onError = options.onError ?? (() => {});
    this.kafka = kafkaClient({ clientId: options.clientId ?? 'arbitra-projector', brokers: options.brokers, logger: options.logger, retries: options.retries });
    this.admin = this.kafka.admin();
    this.producer = this.kafka.producer({ allowAutoTopicCreation: false, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
  }

  /** Creates the topics if missing, connects, joins the group; resolves once it has joined. */
  async start(): Promise<void> {
    const { topic, dlqTopic } = this.options;
    await this.admin.connect();
    const existing = await this.admin.listTopics();
    const missing = [topic, dlqTopic].filter((t) => !existing.includes(t));
    if (missing.length > 0) {
      await this.admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((t) => ({ topic: t, numPartitions: t === topic ? (this.options.partitions ?? 6) : 1, configEntries: WHOLE_HISTORY })),
      });
    }
    await this.producer.connect();
    await this.consume();
    this.timer = setInterval(() => void this.flush(), this.options.flushMs ?? 200);
  }

  /** A consumer in the group, running; resolves once it has joined (rejects if it crashes first). */
  private async startConsumer(): Promise<void> {
    const { topic } = this.options;
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: 100,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      retry: { retries: 8, initialRetryTime: 100 },
    });
    this.consumer = consumer;
    let joined!: () => void;
    let crashed!: (e: unknown) => void;
    const join = new Promise<void>((resolve, reject) => ((joined = resolve), (crashed = reject)));
    consumer.on(consumer.events.GROUP_JOIN, (e) => {
      // Partitions this replica no longer owns are redelivered to their new owner from the committed offset.
      const owned = new Set(e.payload.memberAssignment[topic] ?? []);
      for (let p = 0; p < 1024; p++) if (!owned.has(p)) this.options.buffer.forget(p);
      this.joined.add(consumer);
      joined();
    });
    consumer.on(consumer.events.CRASH, (e) => {
      this.onError(e.payload.error);
      crashed(e.payload.error);
      // kafkajs gives up on some crashes (a broker down past its retries): a new consumer then, however long it takes.
      if (!e.payload.restart && this.consumer === consumer && this.joined.has(consumer)) void this.restartConsumer(consumer);
    });
    join.catch(() => undefined);
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: (p) => this.onBatch(p) });
    await join;
  }

  /** Replaces a consumer kafkajs stopped (after it had joined): the broker was down past its retries. */
  private async restartConsumer(old: Consumer): Promise<void> {
    await old.disconnect().catch(() => undefined);
    // The new member is redelivered from the committed offsets: what the buffer holds of the old one is forgotten.
    for (let p = 0; p < 1024; p++) this.options.buffer.forget(p);
    await this.consume();
  }

  /**
   * Starts a consumer until one joins the group or the feed stops, with a backoff (1 s doubling to 30 s): kafkajs gives
   * up for good on some failures (no group coordinator yet on a fresh broker, a broker down past its retries).
   */
  private async consume(): Promise<void> {
    for (let wait = 1000; !this.stopped; wait = Math.min(wait * 2, 30_000)) {
      try {
        return await this.startConsumer();
      } catch (e) {
        this.onError(e);
        await this.consumer?.disconnect().catch(() => undefined);
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  private async onBatch({ batch, resolveOffset, heartbeat }: EachBatchPayload): Promise<void> {
    const { buffer, deadLetters } = this.options;
    for (const m of batch.messages) {
      let event: RecordedEvent | null = null;
      try {
        event = decodeEvent(m.value, m.headers);
      } catch (error) {
        deadLetters.record({ event: null, projection: '(decode)', error, attempts: 1, body: m.value?.toString('utf8') ?? '' });
      }
      const distrust = event && (await this.distrust(event, m.headers));
      if (event && distrust) {
        // Never applied: the position stays open for the log's own event, which the relay sends.
        deadLetters.record({ event, projection: distrust.kind, error: distrust.reason, attempts: 1, body: m.value?.toString('utf8') ?? '' });
        event = null;
      }
      buffer.add(batch.partition, m.offset, event, this.options.applied());
      resolveOffset(m.offset);
    }
    this.options.notify();
    await heartbeat();
  }

  /**
   * Why a decoded message is not this deployment's event as recorded, or null: it names another log (or none), or
   * its content does not hash to the hash it carries (altered on the way, or by hand).
   */
  private async distrust(event: RecordedEvent, headers: IHeaders | undefined): Promise<{ kind: string; reason: string } | null> {
    const from = headers?.[HEADER_DEPLOYMENT]?.toString();
    const expected = (this.identity ??= await this.options.identity());
    if (from === undefined || from !== expected) {
      return { kind: '(foreign)', reason: `message from deployment ${from ?? '(none named)'}, this projector serves ${expected ?? 'an empty log'}` };
    }
    const carried = headers?.[HEADER_HASH]?.toString();
    const computed = eventHash(event);
    if (computed !== event.meta?.hash || carried !== event.meta.hash) {
      return {
        kind: '(altered)',
        reason: `event ${event.id} at position ${event.position}: content hashes to ${computed}, message says ${carried ?? '(none)'}`,
      };
    }
    return null;
  }

  /** Publishes pending dead letters, then commits what the projections have written. One at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      try {
        await this.publishDeadLetters();
        const commits = this.options.buffer.committable(this.options.applied());
        if (commits.length > 0 && this.consumer) {
          await this.consumer.commitOffsets(commits.map((c) => ({ topic: this.options.topic, ...c })));
        }
      } catch (e) {
        this.onError(e);
      }
    });
    return this.flushing;
  }

  private async publishDeadLetters(): Promise<void> {
    const pending = this.options.deadLetters.unpublished();
    for (const d of pending) {
      let key: string | null;
      try {
        key = (JSON.parse(d.body ?? 'null') as RecordedEvent | null)?.stream ?? null;
      } catch {
        key = null;
      }
      await this.producer.send({
        topic: this.options.dlqTopic,
        acks: -1,
        messages: [
          {
            key,
            value: d.body,
            headers: {
              'arbitra-dead-letter-projection': d.projection,
              'arbitra-dead-letter-error': d.error,
              'arbitra-dead-letter-attempts': String(d.attempts),
            },
          },
        ],
      });
      this.options.deadLetters.markPublished(d.id);
      this.published++;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    const results = await Promise.allSettled([this.consumer?.disconnect(), this.producer.disconnect(), this.admin.disconnect()]);
    for (const r of results) if (r.status === 'rejected') this.onError(r.reason);
  }
}

/** The log as the projection runner sees it in the projector: `readAll` from the reorder buffer, everything else from the store. */
export function bufferedLog(store: () => EventStore, buffer: ReorderBuffer): EventStore {
  return {
    get sharedWriters() {
      return store().sharedWriters;
    },
    append: (...a) => store().append(...a),
    readStream: (...a) => store().readStream(...a),
    readAll: async (after, limit) => buffer.readAll(after, limit),
    subscribe: (...a) => store().subscribe(...a),
    streamInfo: (...a) => store().streamInfo(...a),
    findByCommandId: (...a) => store().findByCommandId(...a),
    headPosition: async () => Math.max(buffer.highestSeen, await store().headPosition()),
    close: async () => {},
  };
}
