import kafkajs from 'kafkajs';
import type { Admin, Consumer, EachBatchPayload, Kafka as KafkaClient, Producer } from 'kafkajs';
import type { Logger } from 'pino';
import type { RecordedEvent } from '../../store/event-store.port.js';
import type { EventBus } from '../event-bus.port.js';
import { decodeEvent, encodeEvent } from './kafka-event-codec.js';
import { kafkaClient } from './kafka-client.js';
import { RecentIds } from './recent-ids.js';

const { Partitioners } = kafkajs;

/** The event topic keeps every event: a new projector replays it from the start (a broker's default deletes after 7 days). */
export const WHOLE_HISTORY = [
  { name: 'retention.ms', value: '-1' },
  { name: 'retention.bytes', value: '-1' },
];

type Handler = (events: readonly RecordedEvent[]) => void | Promise<void>;

export interface KafkaEventBusOptions {
  /** host:port list; locally `127.0.0.1:9092` (the dev broker listens on IPv4 only). */
  readonly brokers: readonly string[];
  /** Default `arbitra`. */
  readonly clientId?: string;
  /** Default `arbitra.events`. Created on first use if missing. */
  readonly topic?: string;
  /** Consumer group of this bus's subscription. Same group = work shared; another group = its own copy. Default `arbitra`. */
  readonly groupId?: string;
  /** Partitions when the topic is created (default 6). Order holds per stream, not across streams. */
  readonly partitions?: number;
  /** Replication factor when the topic is created (default: the broker's `default.replication.factor`). */
  readonly replicationFactor?: number;
  /** A group without committed offsets starts at the oldest retained event (default true) or at the end. */
  readonly fromBeginning?: boolean;
  /** How many recent event ids the consumer remembers to drop redeliveries (default 10 000). */
  readonly dedupeWindow?: number;
  /** Longest a fetch waits for new data (default 500 ms; also bounds how long a disconnect waits). */
  readonly maxWaitTimeInMs?: number;
  /** Consumer session timeout (default 10 000 ms) and heartbeat interval (default 1 000 ms). */
  readonly sessionTimeout?: number;
  readonly heartbeatInterval?: number;
  /** The deployment's identity stamped on every message (the relay: logIdentity of its log); none without. */
  readonly deployment?: string;
  /** How many times kafkajs retries a failed request before the call fails (default 8: about 25 s). */
  readonly retries?: number;
  /** kafkajs log level (default WARN). */
  readonly logLevel?: number;
  /** Where kafkajs's own lines go (see kafkajsLogCreator); without one, kafkajs's console logger. */
  readonly logger?: Logger;
  /** Failing handlers, undecodable messages and consumer crashes are reported here (default: none). */
  readonly onError?: (error: unknown) => void;
}

/**
 * The EventBus over Kafka (kafkajs). One topic; message key = stream id, so one stream's events
 * stay in one partition, in order; value = the event's JSON; headers carry id, type and position.
 *
 * - `publish` resolves once the broker acknowledged every event (acks = all). Calls are sent one
 *   after another, so events published in order by one bus keep that order per stream.
 * - `subscribe` registers a handler. The first handler starts one consumer in `groupId`; every
 *   handler of this bus sees every event the consumer receives, in partition order, as in the
 *   in-process bus. Offsets are committed only after the handlers have run: at-least-once.
 *   Repeats of a recently seen event id (up to `dedupeWindow`) are dropped; beyond that window,
 *   and across instances of a group after a rebalance, handlers must be idempotent by id or position.
 * - A handler that throws is reported to `onError`; the others and the offset commit go on (as in
 *   the in-process bus).
 * - `close` stops the consumer (it leaves its group), then disconnects producer and admin.
 */
export class KafkaEventBus implements EventBus {
  readonly topic: string;
  readonly groupId: string;
  private readonly kafka: KafkaClient;
  private readonly admin: Admin;
  private readonly producer: Producer;
  private readonly handlers = new Set<Handler>();
  private readonly recent: RecentIds;
  private readonly onError: (error: unknown) => void;
  private setup: Promise<void> | undefined;
  private sendTail: Promise<unknown> = Promise.resolve();
  private consumer: Consumer | undefined;
  private joined: Promise<void> | undefined;
  private consumerOps: Promise<void> = Promise.resolve();
  private closing: Promise<void> | undefined;

  constructor(readonly options: KafkaEventBusOptions) {
    if (options.brokers.length === 0) throw new Error('KafkaEventBus needs at least one broker');
    this.topic = options.topic ?? 'arbitra.events';
    this.groupId = options.groupId ?? 'arbitra';
    this.recent = new RecentIds(options.dedupeWindow ?? 10_000);
    this.onError = options.onError ?? (() => {});
    this.kafka = kafkaClient({
      clientId: options.clientId ?? 'arbitra',
      brokers: options.brokers,
      logLevel: options.logLevel,
      logger: options.logger,
      retries: options.retries,
    });
    this.admin = this.kafka.admin();
    this.producer = this.kafka.producer({
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      // One request in flight: a retried request cannot overtake the next one (per-stream order).
      maxInFlightRequests: 1,
    });
  }

  /** Connects admin and producer, creates the topic if missing and waits for its partition leaders. Idempotent. */
  connect(): Promise<void> {
    if (this.closing) return Promise.reject(new Error('Kafka event bus is closed'));
    this.setup ??= (async () => {
      await this.admin.connect();
      // Check first: createTopics on an existing topic works but kafkajs logs it as an ERROR.
      if (!(await this.admin.listTopics()).includes(this.topic)) await this.createTopic();
      await this.waitForLeaders();
      await this.producer.connect();
    })().catch((e: unknown) => {
      this.setup = undefined; // let the next call try again
      throw e;
    });
    return this.setup;
  }

  /** Creates the topic; another client creating it first is fine (kafkajs then returns false). */
  private async createTopic(): Promise<void> {
    // Not `waitForLeaders: true`: kafkajs then gives up on UNKNOWN_TOPIC_OR_PARTITION, which a
    // fresh topic's metadata can still report for a moment (seen on Kafka 4.4 KRaft, about 1 run
    // in 15). waitForLeaders() below retries that instead.
    await this.admin.createTopics({
      waitForLeaders: false,
      topics: [
        {
          topic: this.topic,
          numPartitions: this.options.partitions ?? 6,
          replicationFactor: this.options.replicationFactor ?? -1,
          configEntries: WHOLE_HISTORY,
        },
      ],
    });
  }

  /** Polls the topic's metadata until every partition has a leader; bounded (30 s), then the last error. */
  private async waitForLeaders(): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      let problem: unknown;
      try {
        const md = await this.admin.fetchTopicMetadata({ topics: [this.topic] });
        const partitions = md.topics[0]?.partitions ?? [];
        if (partitions.length > 0 && partitions.every((p) => p.leader >= 0)) return;
        problem = new Error(`topic ${this.topic}: ${partitions.length} partitions, not all with a leader`);
      } catch (e) {
        problem = e;
      }
      if (Date.now() > deadline) throw problem;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async publish(events: readonly RecordedEvent[]): Promise<void> {
    if (this.closing) throw new Error('Kafka event bus is closed');
    if (events.length === 0) return;
    const messages = events.map((e) => encodeEvent(e, this.options.deployment));
    const send = this.sendTail.then(async () => {
      await this.connect();
      await this.producer.send({ topic: this.topic, acks: -1, messages });
    });
    this.sendTail = send.catch(() => {});
    await send;
  }

  subscribe(handler: Handler): () => void {
    if (this.closing) throw new Error('Kafka event bus is closed');
    this.handlers.add(handler);
    this.queueConsumerOp(() => this.startConsumer());
    return () => {
      if (!this.handlers.delete(handler)) return;
      this.queueConsumerOp(() => this.stopConsumerIfIdle());
    };
  }

  /** Resolves once this bus's consumer has joined its group for the first time (tests, startup checks). */
  async whenSubscribed(): Promise<void> {
    await this.consumerOps;
    if (!this.joined) throw new Error('no consumer is running (subscribe first; see onError for start failures)');
    await this.joined;
  }

  async close(): Promise<void> {
    this.closing ??= (async () => {
      this.handlers.clear();
      await this.consumerOps;
      await this.sendTail;
      const consumer = this.consumer;
      this.consumer = undefined;
      this.joined = undefined;
      await this.setup?.catch(() => {});
      const results = await Promise.allSettled([consumer?.disconnect(), this.producer.disconnect(), this.admin.disconnect()]);
      for (const r of results) if (r.status === 'rejected') this.onError(r.reason);
    })();
    return this.closing;
  }

  /** Start and stop run one at a time, in call order (subscribe/unsubscribe can interleave freely). */
  private queueConsumerOp(op: () => Promise<void>): void {
    this.consumerOps = this.consumerOps.then(op).catch((e: unknown) => this.onError(e));
  }

  private async startConsumer(): Promise<void> {
    if (this.closing || this.consumer || this.handlers.size === 0) return;
    await this.connect();
    const consumer = this.kafka.consumer({
      groupId: this.groupId,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: this.options.maxWaitTimeInMs ?? 500,
      sessionTimeout: this.options.sessionTimeout ?? 10_000,
      heartbeatInterval: this.options.heartbeatInterval ?? 1_000,
      retry: { retries: 8, initialRetryTime: 100 },
    });
    let joined!: () => void;
    this.joined = new Promise<void>((r) => (joined = r));
    consumer.on(consumer.events.GROUP_JOIN, () => joined());
    consumer.on(consumer.events.CRASH, (e) => this.onError(e.payload.error));
    this.consumer = consumer;
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [this.topic], fromBeginning: this.options.fromBeginning ?? true });
      await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: (p) => this.onBatch(consumer, p) });
    } catch (e) {
      this.consumer = undefined;
      this.joined = undefined;
      await consumer.disconnect().catch(() => {});
      throw e;
    }
  }

  private async stopConsumerIfIdle(): Promise<void> {
    if (this.handlers.size > 0 || !this.consumer) return;
    const consumer = this.consumer;
    this.consumer = undefined;
    this.joined = undefined;
    await consumer.disconnect();
  }

  /** Decode, drop recent repeats, hand the batch to every handler, then commit past it. */
  private async onBatch(consumer: Consumer, { batch, resolveOffset, heartbeat }: EachBatchPayload): Promise<void> {
    // No handler left (the consumer is being stopped): leave the batch uncommitted for the group.
    if (batch.messages.length === 0 || this.handlers.size === 0) return;
    const fresh: RecordedEvent[] = [];
    for (const m of batch.messages) {
      try {
        const e = decodeEvent(m.value, m.headers);
        if (this.recent.add(e.id)) fresh.push(e);
      } catch (error) {
        // A message that is not an event would otherwise block its partition forever.
        this.onError(new Error(`skipped ${batch.topic}[${batch.partition}]@${m.offset}: ${(error as Error).message}`));
      }
    }
    if (fresh.length > 0) {
      for (const h of [...this.handlers]) {
        try {
          await h(fresh);
        } catch (error) {
          this.onError(error);
        }
      }
    }
    const last = batch.messages[batch.messages.length - 1].offset;
    resolveOffset(last);
    await consumer.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: (BigInt(last) + 1n).toString() }]);
    await heartbeat();
  }
}
