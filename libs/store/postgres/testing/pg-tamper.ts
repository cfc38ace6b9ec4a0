import pg from 'pg';
import { canonicalJson } from '../../../domain/kernel/index.js';
import { tamperWith, type LooseEvent, type RewriteOptions } from '../../testing/tamper.js';

/**
 * Rewrites a PostgreSQL event log the way someone with the database owner's rights could (tests
 * only; the SQLite twin is testing/tamper.ts): in one transaction, switches off the tables'
 * immutability triggers, reads every event, lets `change` edit the list, recomputes the hashes the
 * tamperer chose, writes the events back at positions 1..n, moves the position allocator to the new
 * head (so the server appends after it as if nothing happened) and switches the triggers on again.
 * `checkpoints: 'wipe'` also empties the checkpoints table. Nothing of Arbitra is used to write.
 */
export async function rewritePostgresLog(
  url: string,
  change: (events: LooseEvent[]) => LooseEvent[],
  options: RewriteOptions & { readonly checkpoints?: 'keep' | 'wipe' },
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE events DISABLE TRIGGER USER');
    const { rows } = await client.query<Record<string, string | number>>('SELECT id, stream, revision, type, data, meta FROM events ORDER BY position');
    const events = tamperWith(rows, change, options);
    await client.query('DELETE FROM events');
    for (const [i, e] of events.entries()) {
      await client.query(
        'INSERT INTO events (position, id, stream, revision, type, data, meta, hash, command_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [i + 1, e.id, e.stream, e.revision, e.type, canonicalJson(e.data), JSON.stringify(e.meta), e.meta.hash, e.meta.commandId],
      );
    }
    await client.query('UPDATE log_head SET position = $1, hash = $2', [events.length, events.at(-1)?.meta.hash ?? null]);
    await client.query('ALTER TABLE events ENABLE TRIGGER USER');
    if (options.checkpoints === 'wipe') {
      await client.query('ALTER TABLE checkpoints DISABLE TRIGGER USER');
      await client.query('DELETE FROM checkpoints');
      await client.query('ALTER TABLE checkpoints ENABLE TRIGGER USER');
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end();
  }
}
