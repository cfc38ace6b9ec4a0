import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Checkpointer } from '../checkpointer.js';
import { publicKeyId, publicKeyOf, signCheckpoint, type SigningKey } from '../checkpoints.js';
import { newEvent } from '../testing/event-store.contract.js';
import { rewriteLog } from '../testing/tamper.js';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store.js';
import { SqliteEventStore } from './sqlite-event-store.js';

function newKey(): SigningKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  const publicKey = publicKeyOf(privateKey);
  return { privateKey, publicKey, keyId: publicKeyId(publicKey) };
}

/** A log with a signed checkpoint at its head; returns a way to reopen it with a checkpointer and what it refused. */
async function signedLog(key: SigningKey) {
  const path = join(mkdtempSync(join(tmpdir(), 'arbitra-cpr-')), 'events.db');
  const open = () => {
    const store = new SqliteEventStore({ path, synchronous: 'OFF' });
    const checkpoints = new SqliteCheckpointStore(store.db);
    const refused: string[] = [];
    const checkpointer = new Checkpointer(store, checkpoints, key, { everyEvents: 1, everyMs: 0, onRefused: (r) => refused.push(r) });
    return { store, checkpoints, checkpointer, refused };
  };
  const s = open();
  await s.store.append('tournament-t1', [newEvent('tournament.Created', { id: 't1' })], 'no-stream');
  await s.store.append('game-g1', [newEvent('game.Started', { g: 1 })], 'no-stream');
  expect(await s.checkpointer.signNow()).not.toBeNull();
  return { path, open, first: s };
}

describe('the checkpointer signs only a log that chains from the last checkpoint (issue 10, audit)', () => {
  it('checkpointer refuses a stream missing a revision after the last checkpoint (global links re-hashed)', async () => {
    const { path, open, first } = await signedLog(newKey());
    await first.store.append('game-g1', [newEvent('game.Move', { n: 1 }), newEvent('game.Move', { n: 2 }), newEvent('game.Finished', {})], 0);
    await first.store.close();
    // Revision 2 of game-g1 deleted; every stream and global link after it recomputed: only the revision gap shows.
    rewriteLog(path, (events) => events.filter((e) => !(e.stream === 'game-g1' && e.revision === 2)), { rehash: 'all' });
    const s = open();
    expect(await s.checkpointer.signNow()).toBeNull();
    expect(s.refused.join('\n')).toMatch(/stream game-g1 revision 3\) does not chain from the last checkpoint: revision-gap/);
    await s.store.close();
  });

  it('checkpointer refuses when the last checkpoint was signed by a key it does not trust', async () => {
    const key = newKey();
    const { first } = await signedLog(key);
    const head = (await first.store.readAll(0, 100)).at(-1)!;
    // Someone with file access appends a checkpoint of their own key.
    await first.checkpoints.append(signCheckpoint(newKey(), head.position, head.meta.hash, '2026-12-01T00:00:00.000Z'));
    await first.store.append('game-g1', [newEvent('game.Finished', {})], 0);
    expect(await first.checkpointer.signNow()).toBeNull();
    expect(first.refused.join('\n')).toMatch(/the last checkpoint \(position \d+\) does not verify: signed by key \w+, which is not a trusted key/);
    await first.store.close();
  });
});
