import type Database from 'better-sqlite3';
import { canonicalJson } from '../../domain/kernel/index.js';
import type { EventMeta } from '../event-store.port.js';
import { ANCHOR_STREAM, ANCHOR_TYPE, LegacyDigest, type AnchorData } from '../global-chain.js';
import { hashCanonical } from '../hash-chain.js';

/**
 * Runs once, in the migration that introduces the global chain: when the log already holds events
 * (none of which carries a global link), appends one anchor event whose data is their count and
 * digest, linked to the last of them. The chain starts there; earlier events are pinned by it.
 */
export function anchorLegacyEvents(db: Database.Database): void {
  const rows = db.prepare("SELECT position, json_extract(meta, '$.hash') AS hash FROM events ORDER BY position").iterate() as Iterable<{
    position: number;
    hash: string;
  }>;
  const digest = new LegacyDigest();
  let last: string | null = null;
  for (const r of rows) {
    digest.add(r.position, r.hash);
    last = r.hash;
  }
  if (digest.count === 0) return;
  const data: AnchorData = { legacyEvents: digest.count, legacyDigest: digest.digest() };
  const id = `global-chain-anchor-${data.legacyDigest.slice(0, 16)}`;
  const metaNoHash: Omit<EventMeta, 'hash'> = {
    actor: { id: 'arbitra', role: 'system' },
    commandId: id,
    correlationId: id,
    causationId: null,
    recordedAt: new Date().toISOString(),
    schemaVersion: 1,
    prevHash: null,
    globalPrevHash: last,
  };
  const dataJson = canonicalJson(data);
  const hash = hashCanonical(id, ANCHOR_STREAM, 0, ANCHOR_TYPE, dataJson, canonicalJson(metaNoHash));
  db.prepare('INSERT INTO events (id, stream, revision, type, data, meta, command_id) VALUES (?, ?, 0, ?, ?, ?, ?)').run(
    id,
    ANCHOR_STREAM,
    ANCHOR_TYPE,
    dataJson,
    JSON.stringify({ ...metaNoHash, hash }),
    id,
  );
}
