import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Checkpointer } from '../checkpointer.js';
import { publicKeyId, publicKeyOf, signCheckpoint, type SigningKey } from '../checkpoints.js';
import { SealCheck, Sealer } from '../seals.js';
import { newEvent } from '../testing/event-store.contract.js';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store.js';
import { SqliteEventStore } from './sqlite-event-store.js';

const newKey = (): SigningKey => {
  const privateKey = generateKeyPairSync('ed25519').privateKey;
  return { privateKey, publicKey: publicKeyOf(privateKey), keyId: publicKeyId(publicKeyOf(privateKey)) };
};

describe('the checkpointer with append seals takes the last checkpoint as its base only once it verifies (issue 32)', () => {
  it('a checkpoint of an untrusted key at a forged event: refused, besides the unsealed events after it', async () => {
    const key = newKey();
    const sealer = Sealer.of(key);
    const path = join(mkdtempSync(join(tmpdir(), 'arbitra-seal-base-')), 'events.db');
    const store = new SqliteEventStore({ path, synchronous: 'OFF' });
    const checkpoints = new SqliteCheckpointStore(store.db);
    const refused: string[] = [];
    const unsealed: string[] = [];
    const checkpointer = new Checkpointer(store, checkpoints, key, {
      everyEvents: 1,
      everyMs: 0,
      seals: new SealCheck(store, sealer),
      onRefused: (r) => refused.push(r),
      onUnsealed: (r) => unsealed.push(r),
    });
    try {
      store.sealWith(sealer, null);
      await store.append('a', [newEvent()], 'any');
      expect((await checkpointer.signNow())?.position).toBe(1);
      await store.append('a', [newEvent()], 'any'); // sealed at 2
      // A writer without the key (file access) appends position 3 and a checkpoint of its own key there.
      const other = new SqliteEventStore({ path, synchronous: 'OFF' });
      await other.append('a', [newEvent()], 'any');
      await other.close();
      const [forged] = await store.readAll(2, 1);
      await checkpoints.append(signCheckpoint(newKey(), forged.position, forged.meta.hash, '2026-12-07T10:00:00.000Z'));
      await store.append('a', [newEvent()], 'any'); // chains from the forged event: not sealed
      expect(await checkpointer.signNow()).toBeNull();
      expect(refused.join('\n')).toMatch(/the last checkpoint \(position 3\) does not verify: signed by key \w+, which is not a trusted key/);
      expect(unsealed.join('\n')).toMatch(/the events at positions 4 to 4 carry no seal of this key/);
      expect((await checkpoints.last())?.position).toBe(3); // nothing signed over it
    } finally {
      await store.close();
    }
  });
});
