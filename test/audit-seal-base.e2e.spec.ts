import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadAuditConfig } from '../apps/records/audit-config.js';
import { BrokenLogError, cliSigning, startAudit } from '../apps/records/audit-wiring.js';
import { FEATURES } from '../apps/records/registry.js';
import { ArbitraCore } from '../libs/runtime/arbitra-core.js';
import { loadConfig } from '../libs/runtime/config.js';
import { publicKeyId, publicKeyOf, signCheckpoint } from '../libs/store/checkpoints.js';
import { PostgresCheckpointStore } from '../libs/store/postgres/postgres-checkpoint-store.js';
import { PostgresEventStore } from '../libs/store/postgres/postgres-event-store.js';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';
import { SqliteCheckpointStore } from '../libs/store/sqlite/sqlite-checkpoint-store.js';
import type { SqliteEventStore } from '../libs/store/sqlite/sqlite-event-store.js';
import { newEvent } from '../libs/store/testing/event-store.contract.js';
import { appendForged } from '../libs/store/testing/tamper.js';
import { signingKeyFile } from './support/audit-scenario.js';

/** Someone with file access and no key: an event chained as the store would, and a checkpoint of another key at it. */
async function forgeWithCheckpoint(path: string): Promise<number> {
  const forged = appendForged(path, (events) => {
    const e = newEvent('tournament.ResultCorrected', { forged: true });
    return { ...e, stream: 'forged', revision: 0, meta: { ...events[0].meta, ...e.meta } };
  });
  const db = new Database(path);
  try {
    const hash = (JSON.parse((db.prepare('SELECT meta FROM events WHERE position = ?').get(forged) as { meta: string }).meta) as { hash: string }).hash;
    const other = generateKeyPairSync('ed25519').privateKey;
    const otherKey = { privateKey: other, publicKey: publicKeyOf(other), keyId: publicKeyId(publicKeyOf(other)) };
    await new SqliteCheckpointStore(db).append(signCheckpoint(otherKey, forged, hash, new Date().toISOString()));
  } finally {
    db.close();
  }
  return forged;
}

/** Issue 32: the CLI's signing (`revoke`) seals its append from the last checkpoint only once that checkpoint verifies. */
describe('`revoke` over a checkpoint of an untrusted key (issue 32)', () => {
  it('refused, naming the checkpoint: the forged event under it is not sealed over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-seal-base-cli-'));
    const path = join(dataDir, 'events.db');
    const key = signingKeyFile();
    // As cli.ts runs `revoke`: the CLI's signing, one append, the head signed.
    const revoke = async () => {
      const core = new ArbitraCore({ config: loadConfig({ ARBITRA_DATA_DIR: dataDir }), features: FEATURES });
      try {
        const signing = await cliSigning(core, dataDir, { ...loadAuditConfig({}), signingKeyFile: key });
        if (typeof signing === 'string') return signing;
        await core.store.append('cli', [newEvent()], 'any');
        await signing.sign();
        return 'appended';
      } finally {
        await core.close();
      }
    };
    const sealed = () => {
      const db = new Database(path, { readonly: true });
      try {
        return (db.prepare('SELECT coalesce(max(position), 0) AS p FROM seals').get() as { p: number }).p;
      } finally {
        db.close();
      }
    };
    expect(await revoke()).toBe('appended');
    expect(sealed()).toBe(1);

    // With file access: an event (its links and hash as the store would), and a checkpoint of another key at it.
    const forged = await forgeWithCheckpoint(path);

    expect(await revoke()).toMatch(
      new RegExp(
        `^the last checkpoint \\(position ${forged}\\) does not verify: signed by key \\w+, which is not a trusted key: run .npm run arbitra -- verify.$`,
      ),
    );
    expect(sealed()).toBe(1);
  });
});

/**
 * Issue 32: the start seals its next append from the last checkpoint, read twice (before and after the sole-writer
 * check). One appended by someone else between the log's check and either read is checked where it is read.
 */
describe('the start over a checkpoint of an untrusted key appended while it runs (issue 32)', () => {
  const silent = pino({ level: 'silent' });

  /** A signed and sealed log of one event, as a clean shutdown leaves it. */
  async function signedLog() {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-seal-base-start-'));
    const audit = { ...loadAuditConfig({}), signingKeyFile: signingKeyFile() };
    const core = new ArbitraCore({ config: loadConfig({ ARBITRA_DATA_DIR: dataDir }), features: FEATURES });
    try {
      const { checkpointer } = await startAudit(core, dataDir, audit, silent);
      await core.store.append('a', [newEvent()], 'any');
      await checkpointer!.signNow();
      await checkpointer!.stop();
    } finally {
      await core.close();
    }
    return { dataDir, audit, path: join(dataDir, 'events.db') };
  }

  const sealedUpTo = (path: string) => {
    const db = new Database(path, { readonly: true });
    try {
      return (db.prepare('SELECT coalesce(max(position), 0) AS p FROM seals').get() as { p: number }).p;
    } finally {
      db.close();
    }
  };

  type Started = Awaited<ReturnType<typeof startAudit>>;

  /**
   * A start of the signed log with the forgery landing right after its first call of the store method named, then one
   * append: what the start returned (or threw), the forged position and how far the seals reach.
   */
  async function startForged(method: 'readAll' | 'sealSnapshot', allowBrokenLog: boolean) {
    const { dataDir, audit, path } = await signedLog();
    expect(sealedUpTo(path)).toBe(1);
    const core = new ArbitraCore({ config: loadConfig({ ARBITRA_DATA_DIR: dataDir }), features: FEATURES });
    const store = core.store as SqliteEventStore;
    const original = store[method].bind(store) as (...args: unknown[]) => Promise<unknown>;
    let forging: Promise<number> | undefined;
    Object.assign(store, {
      [method]: async (...args: unknown[]) => {
        const result = await original(...args);
        await (forging ??= forgeWithCheckpoint(path));
        return result;
      },
    });
    let outcome: Started | Error | undefined;
    try {
      outcome = await startAudit(core, dataDir, { ...audit, allowBrokenLog }, silent).catch((e: Error) => e);
      // Whatever the start said, the store's next append must not be sealed over the forged event.
      await core.store.append('a', [newEvent()], 'any');
    } finally {
      if (outcome && !(outcome instanceof Error)) await outcome.checkpointer?.stop();
      await core.close();
    }
    return { outcome, forged: await forging, sealed: sealedUpTo(path) };
  }

  const untrusted = /the last checkpoint \(position 2\) does not verify: signed by key \w+, which is not a trusted key/;

  // The forgery lands after the start's first page of the log (the checkpoints listed, the last not yet read), or after
  // its first read of the seals (the last checkpoint read, the sole-writer check and the read after it not yet done).
  it.each([
    ['while the log is checked, after the checkpoints were listed', 'readAll'],
    ['after the last checkpoint was read, before the start took the log as sole writer', 'sealSnapshot'],
  ] as const)('appended %s: the start refuses, naming it, and seals nothing over the forged event', async (_when, method) => {
    const { outcome, forged, sealed } = await startForged(method, false);
    expect(forged).toBe(2);
    expect(sealed).toBe(1);
    expect(outcome).toBeInstanceOf(BrokenLogError);
    expect((outcome as Error).message).toMatch(new RegExp(`^the event log fails verification at ${untrusted.source}\\. Refusing to start`));
  });

  it('with --allow-broken-log: served degraded, naming it, with no checkpointer, and nothing sealed over the forged event', async () => {
    const { outcome, forged, sealed } = await startForged('sealSnapshot', true);
    expect(forged).toBe(2);
    expect(sealed).toBe(1);
    const started = outcome as Started;
    expect(started.checkpointer).toBeNull();
    expect(started.integrity).toMatchObject({ ok: false, firstProblem: expect.stringMatching(untrusted) });
  });
});

/**
 * Issue 32 on PostgreSQL with another writer live: the start does not read the last checkpoint again (the tail is the
 * live writer's to sign) and seals from the one it read after checking the log, which is checked where it is read.
 */
describeWithPostgres('the start on PostgreSQL beside a live writer, over a checkpoint of an untrusted key (issue 32)', (serverUrl) => {
  it('appended while the log is checked: the start refuses, naming it, and seals nothing over the forged event', async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_seal_base');
    const silent = pino({ level: 'silent' });
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-seal-base-pg-'));
    const audit = { ...loadAuditConfig({}), signingKeyFile: signingKeyFile() };
    const config = loadConfig({ ARBITRA_DATA_DIR: dataDir });
    const core = async () => new ArbitraCore({ config, store: await PostgresEventStore.open({ connectionString: db.url }), features: FEATURES });
    // A writer without the signing key, live (it holds the writers' lock), which appends unsealed events.
    const other = await PostgresEventStore.open({ connectionString: db.url });
    const sealedUpTo = async () => Number((await other.pool.query<{ p: string }>('SELECT coalesce(max(position), 0) AS p FROM seals')).rows[0].p);
    try {
      const first = await core();
      try {
        const { checkpointer } = await startAudit(first, dataDir, audit, silent);
        await first.store.append('a', [newEvent()], 'any');
        await checkpointer!.signNow();
        await checkpointer!.stop();
      } finally {
        await first.close();
      }
      expect(await sealedUpTo()).toBe(1);
      await other.joinWriters();

      const second = await core();
      const store = second.store as PostgresEventStore;
      const readAll = store.readAll.bind(store);
      let forging: Promise<number> | undefined;
      // After the start's first page of the log (the checkpoints listed, the last one not yet read).
      store.readAll = async (after, limit) => {
        const page = await readAll(after, limit);
        await (forging ??= (async () => {
          const [forged] = (await other.append('forged', [newEvent('tournament.ResultCorrected', { forged: true })], 'any')).events;
          const otherKey = generateKeyPairSync('ed25519').privateKey;
          const signer = { privateKey: otherKey, publicKey: publicKeyOf(otherKey), keyId: publicKeyId(publicKeyOf(otherKey)) };
          await new PostgresCheckpointStore(other).append(signCheckpoint(signer, forged.position, forged.meta.hash, new Date().toISOString()));
          return forged.position;
        })());
        return page;
      };
      let outcome: Awaited<ReturnType<typeof startAudit>> | Error | undefined;
      try {
        outcome = await startAudit(second, dataDir, audit, silent).catch((e: Error) => e);
        // Whatever the start said, the store's next append must not be sealed over the forged event.
        await second.store.append('a', [newEvent()], 'any');
      } finally {
        if (outcome && !(outcome instanceof Error)) await outcome.checkpointer?.stop();
        await second.close();
      }
      expect(await forging).toBe(2);
      expect(await sealedUpTo()).toBe(1);
      expect(outcome).toBeInstanceOf(BrokenLogError);
      expect((outcome as Error).message).toMatch(
        /^the event log fails verification at the last checkpoint \(position 2\) does not verify: signed by key \w+, which is not a trusted key\. Refusing/,
      );
    } finally {
      await other.close();
      await db.drop();
    }
  });
});
