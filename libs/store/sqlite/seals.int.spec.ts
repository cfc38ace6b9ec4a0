import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { publicKeyId, publicKeyOf, type SigningKey } from '../checkpoints.js';
import type { NewEvent } from '../event-store.port.js';
import { Sealer, sealState, unsealedProblem } from '../seals.js';
import { SqliteEventStore } from './sqlite-event-store.js';

const newKey = (): SigningKey => {
  const privateKey = generateKeyPairSync('ed25519').privateKey;
  return { privateKey, publicKey: publicKeyOf(privateKey), keyId: publicKeyId(publicKeyOf(privateKey)) };
};

const event = (): NewEvent => {
  const id = randomUUID();
  return {
    id,
    type: 'test.Noted',
    data: { id },
    meta: { actor: { id: 'a', role: 'admin' }, commandId: id, correlationId: id, causationId: null, recordedAt: '2026-12-07T08:00:00.000Z', schemaVersion: 1 },
  };
};

describe('append seals (issue 32, seals.ts)', () => {
  it('a seal holds only with the key that made it, for the position and hash it names', () => {
    const key = newKey();
    const sealer = Sealer.of(key);
    const s = sealer.seal(7, 'ab'.repeat(32));
    expect(Sealer.of(key).holds(s)).toBe(true); // derived again from the same key: the same HMAC key
    expect(Sealer.of(newKey()).holds(s)).toBe(false);
    expect(sealer.holds({ ...s, position: 8 })).toBe(false);
    expect(sealer.holds({ ...s, hash: 'cd'.repeat(32) })).toBe(false);
    expect(sealer.holds({ ...s, mac: s.mac.replace(/^./, (c) => (c === '0' ? '1' : '0')) })).toBe(false);
    expect(sealer.holds({ ...s, mac: 'not hex' })).toBe(false);
  });

  it('a store seals each append transaction (one seal per group-commit batch), passes over forged rows, refuses edits', async () => {
    const store = new SqliteEventStore({ path: ':memory:', synchronous: 'OFF' });
    const sealer = Sealer.of(newKey());
    try {
      await store.append('s', [event()], 'any'); // before sealing: no seal
      store.sealWith(sealer, null);
      let state = await sealState(store, sealer, 0);
      expect(state.anySeal).toBe(false);
      expect(await store.sealHead()).toBeNull(); // the head is neither vouched for nor sealed
      store.sealWith(sealer, state.head);
      await Promise.all([store.append('a', [event(), event()], 'any'), store.append('b', [event()], 'any')]); // one batch
      state = await sealState(store, sealer, 0);
      expect(state.sealed).toEqual(state.head);
      expect(state.head?.position).toBe(4);
      expect((store.db.prepare('SELECT count(*) AS n FROM seals').get() as { n: number }).n).toBe(1);

      // A row written without the key (a made-up MAC, past the head) is passed over, not taken for a cut.
      store.db.prepare('INSERT INTO seals (position, hash, key_id, mac) VALUES (?, ?, ?, ?)').run(99, 'ab'.repeat(32), sealer.keyId, '00'.repeat(32));
      state = await sealState(store, sealer, 0);
      expect(state.problems).toEqual([]);
      expect(state.sealed?.position).toBe(4);
      // Append-only, like the events.
      expect(() => store.db.prepare('DELETE FROM seals').run()).toThrow(/append-only/);
      expect(() => store.db.prepare('UPDATE seals SET position = 1').run()).toThrow(/append-only/);
    } finally {
      await store.close();
    }
  });

  it('events appended without the key are reported past the newest seal', async () => {
    const store = new SqliteEventStore({ path: ':memory:', synchronous: 'OFF' });
    const sealer = Sealer.of(newKey());
    try {
      store.sealWith(sealer, null);
      await store.append('a', [event()], 'any');
      const sealedAt = (await sealState(store, sealer, 0)).sealed!;
      // The same file written by a store without the key (another process, say).
      store.sealWith(Sealer.of(newKey()), null);
      await store.append('a', [event()], 'any');
      store.sealWith(sealer, sealedAt);
      await store.append('a', [event()], 'any'); // chains from the other key's event: not sealed
      const state = await sealState(store, sealer, 0);
      expect(state.sealed).toEqual(sealedAt);
      expect(unsealedProblem(state, 0)).toMatch(/the events at positions 2 to 3 carry no seal of this key/);
      expect(state.problems).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
