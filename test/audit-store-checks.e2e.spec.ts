import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrokenLogError } from '../apps/records/audit-wiring.js';
import type { EventMeta } from '../libs/store/event-store.port.js';
import { rewriteLog } from '../libs/store/testing/tamper.js';
import { RecordsHarness } from './support/records-harness.js';

/** Issue 32's low items on the stored log: what the hash chains cannot see is checked at start and by verify. */
describe('store checks beside the chains (issue 32)', () => {
  async function recorded(): Promise<{ h: RecordsHarness; dataDir: string }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-store-checks-'));
    const h = await RecordsHarness.start(dataDir);
    const admin = h.token('admin');
    await h.post('/v1/tournaments', { id: 'sc-open', name: 'SC Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin, 201, {
      'idempotency-key': 'create-sc-open',
    });
    await h.post('/v1/tournaments/sc-open/players', { id: 'ann', name: 'Ann' }, admin);
    await h.stop();
    return { h, dataDir };
  }

  it('the command_id column edited away from meta.commandId (a retry would be recorded twice): start refused naming the position', async () => {
    const { h, dataDir } = await recorded();
    const db = new Database(join(dataDir, 'events.db'));
    const { position } = db.prepare("SELECT position FROM events WHERE command_id LIKE '%create-sc-open'").get() as { position: number };
    db.exec('DROP TRIGGER events_no_update');
    db.prepare("UPDATE events SET command_id = 'something-else' WHERE position = ?").run(position);
    db.exec("CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'events are immutable: append a correction instead'); END");
    db.close();
    await expect(h.boot()).rejects.toThrow(BrokenLogError);
    await expect(h.boot()).rejects.toThrow(new RegExp(`position ${position}: the command_id column says something-else`));
  });

  it('the UPDATE/DELETE triggers dropped (nothing else changed): start refused naming them', async () => {
    const { h, dataDir } = await recorded();
    rewriteLog(join(dataDir, 'events.db'), (events) => events, { rehash: 'none', keepTriggersDropped: true });
    await expect(h.boot()).rejects.toThrow(/the immutability triggers events_no_update, events_no_delete were dropped/);
  });

  it('a log stripped of its global chain (every stream re-hashed) fails, not a note', async () => {
    const { h, dataDir } = await recorded();
    rewriteLog(
      join(dataDir, 'events.db'),
      (events) =>
        events.map((e) => {
          const { globalPrevHash: _dropped, ...meta } = e.meta;
          return { ...e, meta: meta as EventMeta };
        }),
      { rehash: 'streams' },
    );
    await expect(h.boot()).rejects.toThrow(/no event carries a global link: the global chain was stripped/);
  });
});
