import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANCHOR_STREAM, ANCHOR_TYPE } from '../global-chain.js';
import { verifyLog } from '../hash-chain.js';
import type { EventMeta } from '../event-store.port.js';
import { newEvent } from '../testing/event-store.contract.js';
import { rewriteLog } from '../testing/tamper.js';
import { SqliteEventStore } from './sqlite-event-store.js';

const dbPath = () => join(mkdtempSync(join(tmpdir(), 'arbitra-global-')), 'events.db');

async function verifyFile(path: string) {
  const store = new SqliteEventStore({ path, synchronous: 'OFF' });
  try {
    return await verifyLog((after, limit) => store.readAll(after, limit));
  } finally {
    await store.close();
  }
}

/** A small log over three streams: t-1 (a tournament), g-1 and g-2 (games), interleaved. */
async function seed(path: string) {
  const store = new SqliteEventStore({ path, synchronous: 'OFF' });
  await store.append('tournament-t1', [newEvent('tournament.Created', { id: 't1' })], 'no-stream');
  await store.append('game-g1', [newEvent('game.Started', { g: 1 })], 'no-stream');
  await store.append('tournament-t1', [newEvent('tournament.ResultRecorded', { table: 1, score: [400, 380] })], 0);
  await store.append('game-g2', [newEvent('game.Started', { g: 2 }), newEvent('game.Finished', { g: 2 })], 'no-stream');
  await store.append('game-g1', [newEvent('game.Finished', { g: 1 })], 0);
  await store.append('tournament-t1', [newEvent('tournament.RoundLocked', { round: 1 })], 1);
  await store.close();
}

describe('global hash chain (issue 10, audit)', () => {
  it('links every event to the previous position, across streams and through group commit', async () => {
    const path = dbPath();
    const store = new SqliteEventStore({ path, synchronous: 'OFF' });
    await store.append('a', [newEvent()], 'no-stream');
    // Same tick: one batch; one append in it is refused (wrong revision) and must not leave a gap in the chain.
    const results = await Promise.allSettled([
      store.append('b', [newEvent(), newEvent()], 'no-stream'),
      store.append('a', [newEvent()], 7),
      store.append('c', [newEvent()], 'no-stream'),
      store.append('a', [newEvent()], 0),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const all = await store.readAll(0, 100);
    expect(all.map((e) => e.position)).toEqual([1, 2, 3, 4, 5]);
    expect(all[0].meta.globalPrevHash).toBeNull();
    for (let i = 1; i < all.length; i++) expect(all[i].meta.globalPrevHash).toBe(all[i - 1].meta.hash);
    const report = await verifyLog((after, limit) => store.readAll(after, limit));
    expect(report).toMatchObject({ ok: true, events: 5, head: 5, headHash: all[4].meta.hash, globalChain: { from: 1, legacyEvents: 0 } });
    await store.close();
  });

  it('keeps the chain when an append fails halfway through a batch (rerun with savepoints)', async () => {
    const store = new SqliteEventStore({ path: dbPath(), synchronous: 'OFF' });
    const dup = newEvent();
    await store.append('x', [dup], 'no-stream');
    const results = await Promise.allSettled([
      store.append('y', [newEvent()], 'no-stream'),
      // Its second event reuses a stored id: it fails after inserting its first event.
      store.append('z', [newEvent(), { ...newEvent(), id: dup.id }], 'no-stream'),
      store.append('w', [newEvent()], 'no-stream'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await verifyLog((after, limit) => store.readAll(after, limit))).ok).toBe(true);
    await store.close();
  });

  it('detects deleting the last event of a stream', async () => {
    const path = dbPath();
    await seed(path);
    expect((await verifyFile(path)).ok).toBe(true);
    // game-g2's last event (position 5); game-g1 revision 1 follows it in the log.
    rewriteLog(path, (events) => events.filter((e) => !(e.stream === 'game-g2' && e.revision === 1)), { rehash: 'none' });
    const report = await verifyFile(path);
    expect(report.ok).toBe(false);
    expect(report.firstBreak).toMatchObject({ stream: 'game-g1', revision: 1, position: 5, problem: 'global-prev-hash-mismatch' });
  });

  it('detects deleting a whole stream', async () => {
    const path = dbPath();
    await seed(path);
    rewriteLog(path, (events) => events.filter((e) => e.stream !== 'game-g2'), { rehash: 'none' });
    const report = await verifyFile(path);
    expect(report.ok).toBe(false);
    expect(report.firstBreak).toMatchObject({ stream: 'game-g1', revision: 1, problem: 'global-prev-hash-mismatch' });
  });

  it('detects a forged ResultCorrected inserted with a recomputed stream hash', async () => {
    const path = dbPath();
    await seed(path);
    rewriteLog(
      path,
      (events) => {
        const at = events.findIndex((e) => e.stream === 'tournament-t1' && e.revision === 1);
        const forged = {
          ...events[at],
          id: 'forged-1',
          revision: 2,
          type: 'tournament.ResultCorrected',
          data: { table: 1, score: [300, 480], reason: 'forged' },
          meta: { ...events[at].meta, commandId: 'forged-1', globalPrevHash: events[at].meta.hash },
        };
        const rest = events.slice(at + 1).map((e) => (e.stream === 'tournament-t1' ? { ...e, revision: e.revision + 1 } : e));
        return [...events.slice(0, at + 1), forged, ...rest];
      },
      { rehash: 'streams' },
    );
    const report = await verifyFile(path);
    expect(report.ok).toBe(false);
    // The forged event's own link is right (it names the event before it); the next event's is not.
    expect(report.firstBreak).toMatchObject({ stream: 'game-g2', revision: 0, position: 5, problem: 'global-prev-hash-mismatch' });
  });

  it('detects an early result changed and its stream re-hashed', async () => {
    const path = dbPath();
    await seed(path);
    rewriteLog(path, (events) => events.map((e) => (e.type === 'tournament.ResultRecorded' ? { ...e, data: { table: 1, score: [380, 400] } } : e)), {
      rehash: 'streams',
    });
    const report = await verifyFile(path);
    expect(report.ok).toBe(false);
    expect(report.firstBreak).toMatchObject({ stream: 'game-g2', revision: 0, position: 4, problem: 'global-prev-hash-mismatch' });
  });

  it('anchors a log written before the global chain with one new event, editing nothing stored', async () => {
    const path = dbPath();
    await seed(path);
    // Make it a log from before the global chain: no links, schema version 1, no checkpoints table.
    rewriteLog(
      path,
      (events) =>
        events.map((e) => {
          const { globalPrevHash: _drop, ...meta } = e.meta;
          return { ...e, meta: meta as EventMeta };
        }),
      { rehash: 'streams' },
    );
    const db = new Database(path);
    db.exec('DELETE FROM schema_migrations WHERE version = 2; DROP TABLE checkpoints;');
    const before = db.prepare('SELECT position, meta FROM events ORDER BY position').all();
    db.close();

    const store = new SqliteEventStore({ path, synchronous: 'OFF' });
    const all = await store.readAll(0, 100);
    expect(all).toHaveLength(8);
    expect(all[7]).toMatchObject({ stream: ANCHOR_STREAM, type: ANCHOR_TYPE, data: { legacyEvents: 7 } });
    expect(all[7].meta.globalPrevHash).toBe(all[6].meta.hash);
    const after = store.db.prepare('SELECT position, meta FROM events WHERE position <= 7 ORDER BY position').all();
    expect(after).toEqual(before);
    const next = await store.append('game-g3', [newEvent()], 'no-stream');
    expect(next.events[0].meta.globalPrevHash).toBe(all[7].meta.hash);
    expect(await verifyLog((a, l) => store.readAll(a, l))).toMatchObject({ ok: true, globalChain: { from: 8, legacyEvents: 7 } });
    await store.close();

    // An earlier event changed with its stream re-hashed no longer matches the anchor's digest.
    rewriteLog(path, (events) => events.map((e) => (e.type === 'game.Started' ? { ...e, data: { g: 99 } } : e)), { rehash: 'streams' });
    const report = await verifyFile(path);
    expect(report.firstBreak).toMatchObject({ stream: ANCHOR_STREAM, position: 8, problem: 'global-anchor-mismatch' });
  });
});
