import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Checkpointer } from '../checkpointer.js';
import { auditLog } from '../log-audit.js';
import { PostgresCheckpointStore } from '../postgres/postgres-checkpoint-store.js';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { describeWithPostgres, freshDatabase } from '../postgres/testing/pg-test-env.js';
import { rewritePostgresLog } from '../postgres/testing/pg-tamper.js';
import { SqliteCheckpointStore } from '../sqlite/sqlite-checkpoint-store.js';
import { SqliteEventStore } from '../sqlite/sqlite-event-store.js';
import { newEvent } from '../testing/event-store.contract.js';
import { rewriteLog } from '../testing/tamper.js';
import { checkpointStoreContract, newSigningKey, type CheckpointLog } from './testing/checkpoint-store.contract.js';

/** The checkpoint store contract on SQLite (events.db) and on PostgreSQL (ARBITRA_PG_URL), then what only PostgreSQL has. */
function sqliteLog(path: string): CheckpointLog {
  const store = new SqliteEventStore({ path, synchronous: 'OFF' });
  return {
    store,
    checkpoints: new SqliteCheckpointStore(store.db),
    sql: async (statement) => store.db.exec(statement),
    rewrite: async (change) => {
      await store.close();
      rewriteLog(path, change, { rehash: 'all' });
      return sqliteLog(path);
    },
    close: () => store.close(),
  };
}

checkpointStoreContract('SQLite (events.db)', {
  open: async () => sqliteLog(join(mkdtempSync(join(tmpdir(), 'arbitra-cps-')), 'events.db')),
});

describeWithPostgres('PostgreSQL checkpoint store', (serverUrl) => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });
  const pgLog = (store: PostgresEventStore): CheckpointLog => ({
    store,
    checkpoints: new PostgresCheckpointStore(store),
    sql: (statement) => store.pool.query(statement),
    rewrite: async (change) => {
      await rewritePostgresLog(store.options.connectionString, change, { rehash: 'all' });
      return pgLog(store);
    },
    close: () => store.close(),
  });
  const fresh = async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_cps');
    drops.push(db.drop);
    return db.url;
  };

  // A database per test, as SQLite has a file per test.
  checkpointStoreContract('PostgreSQL', { open: async () => pgLog(await PostgresEventStore.open({ connectionString: await fresh(), pollMs: 100 })) });

  describe('PostgreSQL checkpoint store specifics', () => {
    it('refuses TRUNCATE of the checkpoints table', async () => {
      const store = await PostgresEventStore.open({ connectionString: await fresh() });
      try {
        const checkpoints = new PostgresCheckpointStore(store);
        await checkpoints.append({ position: 1, hash: 'h', signedAt: '2026-12-01T00:00:00.000Z', keyId: 'k', publicKey: 'p', signature: 's' });
        await expect(store.pool.query('TRUNCATE checkpoints')).rejects.toThrow(/checkpoints are append-only/);
        expect(await checkpoints.list()).toHaveLength(1);
      } finally {
        await store.close();
      }
    });

    it('a log created before checkpoints existed (schema version 1) gets the table on the next start, its events untouched', async () => {
      const url = await fresh();
      const first = await PostgresEventStore.open({ connectionString: url });
      await first.append('tournament-old', [newEvent('tournament.Created', { id: 'old' })], 'no-stream');
      const [before] = await first.readAll(0, 10);
      // Back to what a build with migration 1 only left behind.
      await first.pool.query('DROP TABLE checkpoints; DROP FUNCTION arbitra_checkpoints_append_only(); DELETE FROM schema_migrations WHERE version = 2');
      await first.close();
      const again = await PostgresEventStore.open({ connectionString: url });
      try {
        const { rows } = await again.pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
        expect(rows.map((r) => r.version)).toContain(2); // beside whatever later migrations there are
        expect(await again.readAll(0, 10)).toEqual([before]);
        const checkpoints = new PostgresCheckpointStore(again);
        const key = newSigningKey();
        const signed = await new Checkpointer(again, checkpoints, key, { everyEvents: 1, everyMs: 0 }).signNow();
        expect(signed).toMatchObject({ position: 1, hash: before.meta.hash });
        expect(await checkpoints.list()).toEqual([{ ...signed, seq: 1 }]);
      } finally {
        await again.close();
      }
    });

    it('two servers on one database signing at once: every checkpoint either signs is valid and matches the log, none refused', async () => {
      const url = await fresh();
      const key = newSigningKey();
      const servers = await Promise.all(
        ['a', 'b'].map(async (name) => {
          const store = await PostgresEventStore.open({ connectionString: url, pollMs: 100 });
          const refused: string[] = [];
          const checkpointer = new Checkpointer(store, new PostgresCheckpointStore(store), key, {
            everyEvents: 1,
            everyMs: 0,
            onRefused: (r) => refused.push(r),
          });
          return { name, store, checkpointer, refused };
        }),
      );
      const [a, b] = servers;
      try {
        // Each server signs the other's events as well as its own (one shared log, one shared checkpoints table).
        await a.store.append('stream-a', [newEvent()], 'no-stream');
        expect(await a.checkpointer.afterAppend()).toMatchObject({ position: 1 });
        await b.store.append('stream-b', [newEvent()], 'no-stream');
        expect(await b.checkpointer.afterAppend()).toMatchObject({ position: 2 });
        // Then both append and sign concurrently, as two busy replicas do: whichever interleaving happens.
        await Promise.all(
          servers.map(async (s) => {
            for (let i = 0; i < 15; i++) {
              await s.store.append(`stream-${s.name}`, [newEvent()], i);
              await s.checkpointer.afterAppend();
            }
          }),
        );
        await Promise.all(servers.map((s) => s.checkpointer.signNow()));
        const stored = await new PostgresCheckpointStore(a.store).list();
        expect(stored.map((c) => c.seq)).toEqual(stored.map((_, i) => i + 1));
        expect(Math.max(...stored.map((c) => c.position))).toBe(await a.store.headPosition());
        const report = await auditLog(a.store, stored, { trustedKeys: new Set([key.publicKey]) });
        expect(report).toMatchObject({ ok: true, checkpoints: { checked: stored.length, matched: stored.length, problems: [] } });
        expect([...a.refused, ...b.refused]).toEqual([]);
      } finally {
        for (const s of servers) {
          await s.checkpointer.stop();
          await s.store.close();
        }
      }
    });
  });
});
