import { afterEach, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { Checkpointer } from '../../checkpointer.js';
import { publicKeyId, publicKeyOf, signCheckpoint, type CheckpointStore, type SigningKey } from '../../checkpoints.js';
import type { EventStore } from '../../event-store.port.js';
import { auditLog } from '../../log-audit.js';
import { newEvent } from '../../testing/event-store.contract.js';
import type { LooseEvent } from '../../testing/tamper.js';

/** A new, empty event log and the checkpoint store beside it. */
export interface CheckpointLog {
  readonly store: EventStore;
  readonly checkpoints: CheckpointStore;
  /** Runs one SQL statement on the database directly, behind both stores (as someone with file or database access). */
  sql(statement: string): Promise<unknown>;
  /**
   * Rewrites the log behind the store, re-hashing every stream and global link (so the chains alone
   * look intact), and leaves the checkpoints as stored. Returns the log to use afterwards (reopened if needed).
   */
  rewrite(change: (events: LooseEvent[]) => LooseEvent[]): Promise<CheckpointLog>;
  close(): Promise<void>;
}

export interface CheckpointStoreHarness {
  open(): Promise<CheckpointLog>;
}

export function newSigningKey(): SigningKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  const publicKey = publicKeyOf(privateKey);
  return { privateKey, publicKey, keyId: publicKeyId(publicKey) };
}

/**
 * The contract every CheckpointStore meets (SQLite's and PostgreSQL's): what it keeps and in which
 * order, that the database itself refuses to change or delete a stored checkpoint, gapless sequence
 * numbers under concurrent appends, and, with the checkpointer and the audit, that its checkpoints
 * catch a log rewritten under them.
 */
export function checkpointStoreContract(name: string, harness: CheckpointStoreHarness): void {
  describe(`CheckpointStore contract: ${name}`, () => {
    let log: CheckpointLog | undefined;
    const open = async () => (log = await harness.open());
    afterEach(async () => {
      await log?.close();
      log = undefined;
    });
    const key = newSigningKey();
    const checkpointAt = (position: number, signedAt = `2026-12-01T10:00:0${position % 10}.000Z`) =>
      signCheckpoint(key, position, `hash-of-${position}`, signedAt);

    it('an empty store lists nothing and has no last checkpoint', async () => {
      const { checkpoints } = await open();
      expect(await checkpoints.list()).toEqual([]);
      expect(await checkpoints.last()).toBeNull();
    });

    it('keeps each checkpoint as given, numbered 1..n in signing order; last is the newest; list pages by seq', async () => {
      const { checkpoints } = await open();
      const signed = [checkpointAt(3), checkpointAt(7), checkpointAt(5), checkpointAt(9)];
      for (const c of signed) await checkpoints.append(c);
      expect(await checkpoints.list()).toEqual(signed.map((c, i) => ({ ...c, seq: i + 1 })));
      expect(await checkpoints.last()).toEqual({ ...signed[3], seq: 4 });
      expect((await checkpoints.list(1, 2)).map((c) => [c.seq, c.position])).toEqual([
        [2, 7],
        [3, 5],
      ]);
      expect(await checkpoints.list(4)).toEqual([]);
    });

    it('the database refuses to change or delete a stored checkpoint (append-only)', async () => {
      const { checkpoints, sql } = await open();
      const c = checkpointAt(4);
      await checkpoints.append(c);
      // Matched by message: better-sqlite3's native code throws its error class from the first test file that loaded
      // it in this Jest worker (another VM context), which `toThrow` does not take for an Error.
      const refused = { message: expect.stringMatching(/checkpoints are append-only/) };
      await expect(sql("UPDATE checkpoints SET hash = 'forged' WHERE seq = 1")).rejects.toMatchObject(refused);
      await expect(sql('DELETE FROM checkpoints')).rejects.toMatchObject(refused);
      expect(await checkpoints.list()).toEqual([{ ...c, seq: 1 }]);
    });

    it('appends issued at once each get one sequence number, with no gap', async () => {
      const { checkpoints } = await open();
      const signed = Array.from({ length: 24 }, (_, i) => checkpointAt(i + 1));
      await Promise.all(signed.map((c) => checkpoints.append(c)));
      const stored = await checkpoints.list();
      expect(stored.map((c) => c.seq)).toEqual(signed.map((_, i) => i + 1));
      expect(stored.map((c) => c.signature).sort()).toEqual(signed.map((c) => c.signature).sort());
    });

    it('signed by the checkpointer, its checkpoints catch a log rewritten under them, naming the position', async () => {
      let { store, checkpoints } = await open();
      const refused: string[] = [];
      const checkpointer = () => new Checkpointer(store, checkpoints, key, { everyEvents: 1, everyMs: 0, onRefused: (r) => refused.push(r) });
      await store.append('tournament-t1', [newEvent('tournament.Created', { id: 't1' }), newEvent('tournament.PlayerAdded', { id: 'p1' })], 'no-stream');
      await store.append('game-g1', [newEvent('game.Started', { g: 1 })], 'no-stream');
      expect(await checkpointer().signNow()).toMatchObject({ position: 3 });
      await store.append('game-g1', [newEvent('game.Finished', { winner: 'p1' })], 0);
      expect(await checkpointer().afterAppend()).toMatchObject({ position: 4 });
      const untouched = await auditLog(store, await checkpoints.list(), { trustedKeys: new Set([key.publicKey]) });
      expect(untouched).toMatchObject({ ok: true, checkpoints: { checked: 2, matched: 2, problems: [] } });

      // The second event's data changed, every hash from there on recomputed: the chains hold, the checkpoints do not.
      log = await log!.rewrite((events) => events.map((e, i) => (i === 1 ? { ...e, data: { id: 'p1', name: 'someone else' } } : e)));
      ({ store, checkpoints } = log);
      const report = await auditLog(store, await checkpoints.list(), { trustedKeys: new Set([key.publicKey]) });
      expect(report.log.firstBreak).toBeNull();
      expect(report.ok).toBe(false);
      expect(report.firstProblem).toMatch(/^checkpoint at position 3 \(signed [^)]+\): hash-mismatch; the event at position 3 \(stream game-g1 revision 0\)/);
      expect(report.checkpoints.problems.map((p) => [p.position, p.problem])).toEqual([
        [3, 'hash-mismatch'],
        [4, 'hash-mismatch'],
      ]);
      // …and the checkpointer signs nothing more over it.
      await store.append('game-g2', [newEvent('game.Started', { g: 2 })], 'no-stream');
      expect(await checkpointer().signNow()).toBeNull();
      expect(refused.join('\n')).toMatch(/the event at position 4 is missing or no longer has the hash the last checkpoint signed/);
    });
  });
}
