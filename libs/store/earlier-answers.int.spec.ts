import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EARLIER_ANSWER_RETENTION_DAYS,
  MemoryEarlierAnswerStore,
  PRUNE_EVERY_MS,
  type EarlierAnswer,
  type EarlierAnswerStore,
} from './earlier-answers.port.js';
import type { EventStore } from './event-store.port.js';
import { PostgresEarlierAnswerStore } from './postgres/postgres-earlier-answers.js';
import { PostgresEventStore } from './postgres/postgres-event-store.js';
import { describeWithPostgres, freshDatabase } from './postgres/testing/pg-test-env.js';
import { SqliteEarlierAnswerStore } from './sqlite/sqlite-earlier-answers.js';
import { SqliteEventStore } from './sqlite/sqlite-event-store.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-12-07T08:00:00.000Z');
const answer = (commandId: string, recordedAt: string, body = '{"noOp":{"revision":0,"position":3}}'): EarlierAnswer => ({
  commandId,
  stream: 'tally-t',
  actor: { id: 'a1', role: 'arbiter' },
  fingerprint: 'f'.repeat(64),
  answer: body,
  recordedAt,
});
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

/**
 * The answers kept for keyed commands that recorded nothing (issue 32), on each store that keeps them: the first answer
 * for a command id wins, the store opened again (a restart) still has them, rows past the retention are deleted by a
 * later `put`, and none of it is in the event log.
 */
function contract(
  open: (now: () => number) => Promise<{ answers: EarlierAnswerStore; reopen?: () => Promise<{ answers: EarlierAnswerStore; events: EventStore }> }>,
) {
  it('keeps the first answer for a command id; a second put gets the first back; an unknown id has none', async () => {
    const { answers } = await open(() => NOW);
    const first = answer('k1', daysAgo(0));
    expect(await answers.put(first)).toEqual(first);
    expect(await answers.put({ ...first, answer: '{"noOp":{"revision":5,"position":9}}' })).toEqual(first);
    expect(await answers.get('k1')).toEqual(first);
    expect(await answers.get('k2')).toBeNull();
  });

  it(`keeps an answer ${EARLIER_ANSWER_RETENTION_DAYS} days; older ones go at a put once a prune is due (hourly)`, async () => {
    let now = NOW;
    const { answers } = await open(() => now);
    await answers.put(answer('old', daysAgo(EARLIER_ANSWER_RETENTION_DAYS + 1)));
    await answers.put(answer('day-old', daysAgo(1)));
    now += PRUNE_EVERY_MS - 1; // not due yet
    await answers.put(answer('next', daysAgo(0)));
    expect(await answers.get('old')).not.toBeNull();
    now += 1;
    await answers.put(answer('later', daysAgo(0)));
    expect(await answers.get('old')).toBeNull();
    expect(await answers.get('day-old')).not.toBeNull();
  });

  it('the store opened again still has the answers, and the event log holds none of them', async () => {
    const { answers, reopen } = await open(() => NOW);
    if (!reopen) return expect(answers).toBeInstanceOf(MemoryEarlierAnswerStore); // nothing to reopen: memory only
    await answers.put(answer('kept', daysAgo(0), '{"refused":{"type":"t/x","message":"no","rule":"r","kind":"conflict"}}'));
    const { answers: again, events } = await reopen();
    expect(await again.get('kept')).toEqual(answer('kept', daysAgo(0), '{"refused":{"type":"t/x","message":"no","rule":"r","kind":"conflict"}}'));
    expect(await events.headPosition()).toBe(0);
    expect(await events.readAll(0, 100)).toEqual([]);
    expect(await events.findByCommandId('kept')).toEqual([]);
  });
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

describe('earlier answers in memory (KurrentDB, tests)', () => {
  contract(async (now) => ({ answers: new MemoryEarlierAnswerStore(10_000, now) }));

  it('keeps the last `limit` answers', async () => {
    const answers = new MemoryEarlierAnswerStore(2, () => NOW);
    for (const id of ['a', 'b', 'c']) await answers.put(answer(id, daysAgo(0)));
    expect([await answers.get('a'), await answers.get('c')].map((a) => a?.commandId ?? null)).toEqual([null, 'c']);
  });
});

describe('earlier answers in events.db (SQLite)', () => {
  contract(async (now) => {
    const path = join(mkdtempSync(join(tmpdir(), 'arbitra-answers-')), 'events.db');
    const events = new SqliteEventStore({ path, synchronous: 'OFF' });
    closers.push(() => events.close());
    const reopen = async () => {
      await events.close();
      const again = new SqliteEventStore({ path, synchronous: 'OFF' });
      closers.push(() => again.close());
      return { answers: new SqliteEarlierAnswerStore(again.db, now), events: again };
    };
    return { answers: new SqliteEarlierAnswerStore(events.db, now), reopen };
  });
});

describeWithPostgres('earlier answers in the log’s PostgreSQL database', (serverUrl) => {
  contract(async (now) => {
    const db = await freshDatabase(serverUrl, 'arbitra_answers');
    closers.push(db.drop);
    const events = await PostgresEventStore.open({ connectionString: db.url });
    closers.push(() => events.close());
    const reopen = async () => {
      const other = await PostgresEventStore.open({ connectionString: db.url });
      closers.push(() => other.close());
      return { answers: new PostgresEarlierAnswerStore(other, now), events: other };
    };
    return { answers: new PostgresEarlierAnswerStore(events, now), reopen };
  });
});
