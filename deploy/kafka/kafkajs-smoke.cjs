// Smoke test for deploy/kafka/broker.sh with kafkajs 2.2.4 (not part of the project's test suite).
// kafkajs is not a project dependency yet, so run it with kafkajs from a scratch dir:
//   mkdir -p /tmp/kafkacheck && cd /tmp/kafkacheck && npm init -y && npm install kafkajs@2.2.4
//   deploy/kafka/broker.sh start
//   NODE_PATH=/tmp/kafkacheck/node_modules KAFKAJS_NO_PARTITIONER_WARNING=1 node deploy/kafka/kafkajs-smoke.cjs
//   deploy/kafka/broker.sh stop
// Env: KAFKA_PORT (9092), N (1000), EXTRA (200), MAXWAIT (consumer maxWaitTimeInMs; kafkajs default 5000).
// Creates a 3-partition topic (waitForLeaders), produces N keyed messages, consumes them in a group
// (count + per-key order), commits each offset, checks committed == end offsets, produces EXTRA more,
// restarts the consumer in the same group and checks it resumes exactly at the committed offsets.
'use strict';
const { Kafka, logLevel } = require('kafkajs');

const port = process.env.KAFKA_PORT || '9092';
const N = Number(process.env.N || 1000);
const EXTRA = Number(process.env.EXTRA || 200);
const KEYS = 20;
const run = Date.now();
const topic = `arbitra-check-${run}`;
const groupId = `arbitra-check-group-${run}`;

const kafka = new Kafka({
  clientId: 'arbitra-kafkacheck',
  brokers: [`127.0.0.1:${port}`],
  logLevel: logLevel.WARN,
  retry: { retries: 5 },
});

const t = () => Date.now();
const ms = (t0) => `${Date.now() - t0} ms`;
function assert(cond, msg) {
  if (!cond) {
    console.error('FAIL:', msg);
    process.exit(1);
  }
}

async function produce(producer, from, to) {
  // per key a strictly increasing seq; keys spread over the 3 partitions by the default partitioner
  const messages = [];
  for (let i = from; i < to; i++) {
    const key = `key-${i % KEYS}`;
    messages.push({ key, value: JSON.stringify({ key, seq: Math.floor(i / KEYS), i }) });
  }
  for (let i = 0; i < messages.length; i += 100) {
    await producer.send({ topic, messages: messages.slice(i, i + 100) });
  }
}

// consume until `expected` messages arrived (or timeout); commit every message explicitly
async function consumeRound(label, expected, seen) {
  const consumer = kafka.consumer({
    groupId,
    sessionTimeout: 10000,
    heartbeatInterval: 1000,
    ...(process.env.MAXWAIT ? { maxWaitTimeInMs: Number(process.env.MAXWAIT) } : {}),
  });
  const tConnect = t();
  let joinMs = null;
  let firstOffsets = {};
  consumer.on(consumer.events.GROUP_JOIN, (e) => {
    joinMs = Date.now() - tConnect;
    console.log(
      `[${label}] GROUP_JOIN after ${joinMs} ms (kafkajs duration ${e.payload.duration} ms), leader=${e.payload.isLeader}, assignment=${JSON.stringify(e.payload.memberAssignment)}`,
    );
  });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let count = 0;
  let orderErrors = 0;
  let done;
  const finished = new Promise((r) => {
    done = r;
  });
  await consumer.run({
    autoCommit: false,
    eachMessage: async ({ partition, message }) => {
      const { key, seq } = JSON.parse(message.value.toString());
      assert(message.key.toString() === key, 'key mismatch');
      if (!(partition in firstOffsets)) firstOffsets[partition] = message.offset;
      const last = seen.get(key);
      if (last !== undefined && seq !== last + 1) orderErrors++;
      seen.set(key, seq);
      await consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
      count++;
      if (count === expected) done();
    },
  });
  const timer = setTimeout(() => done(), 30000);
  await finished;
  clearTimeout(timer);
  const consumeMs = Date.now() - tConnect;
  // give a stray extra message (duplicate) a moment to show up
  await new Promise((r) => setTimeout(r, 1500));
  const tDisc = t();
  await consumer.disconnect();
  console.log(`[${label}] consumer.disconnect ${ms(tDisc)}`);
  console.log(
    `[${label}] consumed ${count}/${expected} in ${consumeMs} ms (connect->last message), first offsets per partition ${JSON.stringify(firstOffsets)}, per-key order errors ${orderErrors}`,
  );
  return { count, orderErrors, joinMs, firstOffsets };
}

(async () => {
  const admin = kafka.admin();
  let t0 = t();
  await admin.connect();
  const cluster = await admin.describeCluster();
  console.log(`admin connect+describeCluster ${ms(t0)}: clusterId=${cluster.clusterId} brokers=${JSON.stringify(cluster.brokers)}`);

  t0 = t();
  const created = await admin.createTopics({ topics: [{ topic, numPartitions: 3, replicationFactor: 1 }], waitForLeaders: true });
  const md = await admin.fetchTopicMetadata({ topics: [topic] });
  const parts = md.topics[0].partitions;
  console.log(`createTopics(waitForLeaders) ${ms(t0)}: created=${created}, partitions=${parts.length}, leaders=${parts.map((p) => p.leader).join(',')}`);
  assert(created === true && parts.length === 3 && parts.every((p) => p.leader === 1), 'topic not created with 3 led partitions');

  const producer = kafka.producer({ allowAutoTopicCreation: false });
  t0 = t();
  await producer.connect();
  await produce(producer, 0, N);
  console.log(`produced ${N} keyed messages (${KEYS} keys, batches of 100, acks=all) in ${ms(t0)}`);
  const hw = await admin.fetchTopicOffsets(topic);
  console.log(`end offsets: ${JSON.stringify(hw.map((p) => [p.partition, p.high]))}`);
  assert(hw.reduce((s, p) => s + Number(p.high), 0) === N, 'end offsets do not add up to N');

  // round 1: fresh group, reads from the beginning
  const seen = new Map();
  const r1 = await consumeRound('round1', N, seen);
  assert(r1.count === N, `round1 count ${r1.count} != ${N}`);
  assert(r1.orderErrors === 0, 'per-key order violated in round1');
  assert(seen.size === KEYS && [...seen.values()].every((s) => s === N / KEYS - 1), 'not every key reached its last seq');

  const committed = await admin.fetchOffsets({ groupId, topics: [topic] });
  const c = committed[0].partitions.map((p) => [p.partition, p.offset]).sort();
  console.log(`committed offsets after round1: ${JSON.stringify(c)}`);
  for (const p of hw) {
    const cp = committed[0].partitions.find((x) => x.partition === p.partition);
    assert(cp && cp.offset === p.high, `committed offset of partition ${p.partition} (${cp && cp.offset}) != end offset ${p.high}`);
  }

  // round 2: produce more, restart the consumer in the same group: it must resume at the committed
  // offsets (fromBeginning:true would re-read everything if it did not)
  await produce(producer, N, N + EXTRA);
  t0 = t();
  await producer.disconnect();
  console.log(`producer.disconnect ${ms(t0)}`);
  const r2 = await consumeRound('round2', EXTRA, seen);
  assert(r2.count === EXTRA, `round2 count ${r2.count} != ${EXTRA} (re-read or lost messages)`);
  assert(r2.orderErrors === 0, 'per-key order violated in round2 (would also catch a re-read)');
  for (const [partition, off] of Object.entries(r2.firstOffsets)) {
    const hw1 = hw.find((p) => p.partition === Number(partition)).high;
    assert(off === hw1, `round2 partition ${partition} started at ${off}, committed was ${hw1}`);
  }
  console.log('round2 resumed exactly at the committed offsets');

  t0 = t();
  await admin.deleteTopics({ topics: [topic] });
  console.log(`deleteTopics ${ms(t0)}`);
  await admin.disconnect();
  console.log(`OK: ${N}+${EXTRA} messages, 3 partitions, per-key order kept, resume from committed offsets verified; total ${ms(run)}`);
  process.exit(0);
})().catch((e) => {
  console.error('FAIL:', e);
  process.exit(1);
});
