import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAuditConfig } from '../apps/records/audit-config.js';
import { cliSigning } from '../apps/records/audit-wiring.js';
import { FEATURES } from '../apps/records/registry.js';
import { ArbitraCore } from '../libs/runtime/arbitra-core.js';
import { loadConfig } from '../libs/runtime/config.js';
import { publicKeyId, publicKeyOf, signCheckpoint } from '../libs/store/checkpoints.js';
import { SqliteCheckpointStore } from '../libs/store/sqlite/sqlite-checkpoint-store.js';
import { newEvent } from '../libs/store/testing/event-store.contract.js';
import { appendForged } from '../libs/store/testing/tamper.js';
import { signingKeyFile } from './support/audit-scenario.js';

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

    expect(await revoke()).toMatch(
      new RegExp(
        `^the last checkpoint \\(position ${forged}\\) does not verify: signed by key \\w+, which is not a trusted key: run .npm run arbitra -- verify.$`,
      ),
    );
    expect(sealed()).toBe(1);
  });
});
