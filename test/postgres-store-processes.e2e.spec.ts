import { afterEach, beforeAll, expect, it } from '@jest/globals';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { verifyLog } from '../libs/store/hash-chain.js';
import { PostgresEventStore } from '../libs/store/postgres/postgres-event-store.js';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';

/**
 * Optimistic revision checks enforced by PostgreSQL across processes: several Node processes, each
 * its own PostgresEventStore and connections (the built dist/ store: `npm run build` first), race
 * appends on one stream. Exactly one wins each revision; nothing is lost or stored twice; the log's
 * positions have no gaps and every chain verifies.
 */
const root = new URL('..', import.meta.url).pathname;
const child = join(root, 'test/support/pg-race-writer.mjs');
const WRITERS = 4;
const TARGET = 199; // revisions 0..199: 200 events

interface Won {
  id: string;
  revision: number;
  position: number;
}

describeWithPostgres('PostgreSQL store: appends racing from several processes', (serverUrl) => {
  const children: ChildProcess[] = [];
  beforeAll(() => {
    if (!existsSync(join(root, 'dist/libs/store/postgres/postgres-event-store.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  });
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  });

  it('lets exactly one process win each revision: no lost, duplicated or out-of-order event, no gap in positions', async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_race');
    const stream = 'race-1';
    try {
      const results: Array<Promise<{ won: Won[]; conflicts: number }>> = [];
      const ready: Array<Promise<unknown>> = [];
      for (let i = 0; i < WRITERS; i++) {
        const c = fork(child, [db.url, stream, `writer-${i}`, String(TARGET)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
        children.push(c);
        let signal: () => void;
        ready.push(new Promise<void>((r) => (signal = r)));
        results.push(
          new Promise((resolve, reject) => {
            c.on('message', (m: Record<string, unknown>) => {
              if (m.ready) signal();
              else resolve(m as unknown as { won: Won[]; conflicts: number });
            });
            c.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`writer ${i} exited with ${code}`))));
          }),
        );
      }
      await Promise.all(ready);
      for (const c of children) c.send('go');
      const reports = await Promise.all(results);

      const won = reports.flatMap((r) => r.won);
      // Each revision was won exactly once, by one process.
      expect(won.map((w) => w.revision).sort((a, b) => a - b)).toEqual(Array.from({ length: TARGET + 1 }, (_, i) => i));
      // The processes really raced (with four writers on one stream some attempts must have lost).
      expect(reports.reduce((n, r) => n + r.conflicts, 0)).toBeGreaterThan(0);

      const store = await PostgresEventStore.open({ connectionString: db.url });
      try {
        const events = await store.readStream(stream);
        // Nothing lost, nothing twice: the stream holds exactly the winners' events, at the revisions they were told.
        expect(events.map((e) => [e.id, e.revision, e.position])).toEqual(
          [...won].sort((a, b) => a.revision - b.revision).map((w) => [w.id, w.revision, w.position]),
        );
        // Each event was appended expecting the revision before it.
        expect(events.every((e) => (e.data as { expected: number }).expected === e.revision - 1)).toBe(true);
        expect(events.map((e) => e.position)).toEqual(Array.from({ length: TARGET + 1 }, (_, i) => i + 1));
        const report = await verifyLog((after, limit) => store.readAll(after, limit));
        expect(report).toMatchObject({ ok: true, events: TARGET + 1, head: TARGET + 1 });
      } finally {
        await store.close();
      }
    } finally {
      await db.drop();
    }
  }, 120_000);
});
