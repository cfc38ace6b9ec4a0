import type pg from 'pg';

/**
 * The immutability triggers as migrations 1, 2 and 4 of postgres-schema.ts create them: table, `tgtype` bits (1 row, 2
 * before, 8 delete, 16 update, 32 truncate) and the body of the function, which only raises.
 */
const TRIGGERS = [
  { name: 'events_no_update', table: 'events', type: 27, fn: 'arbitra_events_immutable', body: "BEGIN RAISE EXCEPTION 'events are immutable'; END" },
  { name: 'events_no_truncate', table: 'events', type: 34, fn: 'arbitra_events_immutable', body: "BEGIN RAISE EXCEPTION 'events are immutable'; END" },
  {
    name: 'checkpoints_no_update',
    table: 'checkpoints',
    type: 27,
    fn: 'arbitra_checkpoints_append_only',
    body: "BEGIN RAISE EXCEPTION 'checkpoints are append-only'; END",
  },
  {
    name: 'checkpoints_no_truncate',
    table: 'checkpoints',
    type: 34,
    fn: 'arbitra_checkpoints_append_only',
    body: "BEGIN RAISE EXCEPTION 'checkpoints are append-only'; END",
  },
  { name: 'seals_no_update', table: 'seals', type: 27, fn: 'arbitra_seals_append_only', body: "BEGIN RAISE EXCEPTION 'seals are append-only'; END" },
  { name: 'seals_no_truncate', table: 'seals', type: 34, fn: 'arbitra_seals_append_only', body: "BEGIN RAISE EXCEPTION 'seals are append-only'; END" },
] as const;

interface TriggerRow {
  name: string;
  table: string;
  type: number;
  enabled: string;
  conditional: boolean;
  fn: string;
  body: string;
}

/**
 * What the hash chains cannot see in a PostgreSQL log (issue 32, the twin of sqlite-integrity.ts): an immutability
 * trigger dropped, disabled or changed (its function no longer raising); a `command_id` column that no longer says the
 * event's `meta.commandId` (retries are looked up by it: edited, a client's retry would be recorded twice); a `hash`
 * column that no longer says `meta.hash`, or a position allocator (`log_head`) that is not the last event (the next
 * append chains from those). Each problem in words; none when the log is as the store wrote it.
 */
export async function postgresLogProblems(db: Pick<pg.Pool, 'query'>): Promise<string[]> {
  const problems: string[] = [];
  const triggers = (
    await db.query<TriggerRow>(
      `SELECT t.tgname AS name, c.relname AS "table", t.tgtype AS type, t.tgenabled AS enabled, t.tgqual IS NOT NULL AS conditional,
              p.proname AS fn, p.prosrc AS body
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE NOT t.tgisinternal AND t.tgrelid IN ('events'::regclass, 'checkpoints'::regclass, 'seals'::regclass)`,
    )
  ).rows;
  const found = new Map(triggers.map((t) => [`${t.table}.${t.name}`, t]));
  const missing = TRIGGERS.filter((t) => !found.has(`${t.table}.${t.name}`)).map((t) => t.name);
  if (missing.length) problems.push(`the immutability triggers ${missing.join(', ')} were dropped: the database no longer refuses edits and deletes`);
  // 'D' disabled; 'R' fires only in sessions replicating: both let an ordinary session edit.
  const disabled = TRIGGERS.filter((t) => ['D', 'R'].includes(found.get(`${t.table}.${t.name}`)?.enabled ?? 'O')).map((t) => t.name);
  if (disabled.length) problems.push(`the immutability triggers ${disabled.join(', ')} are disabled: the database no longer refuses edits and deletes`);
  const changed = TRIGGERS.filter((t) => {
    const f = found.get(`${t.table}.${t.name}`);
    return f && (f.type !== t.type || f.conditional || f.fn !== t.fn || f.body.replace(/\s+/g, ' ').trim() !== t.body);
  }).map((t) => t.name);
  if (changed.length)
    problems.push(`the immutability triggers ${changed.join(', ')} were changed (their events, condition or function): they may no longer refuse edits`);

  try {
    const row = (
      await db.query<{ position: string; col: string; meta: string | null; hash: string; metaHash: string | null }>(
        `SELECT position, command_id AS col, m->>'commandId' AS meta, hash, m->>'hash' AS "metaHash"
           FROM (SELECT position, command_id, hash, meta::json AS m FROM events) e
          WHERE command_id IS DISTINCT FROM m->>'commandId' OR hash IS DISTINCT FROM m->>'hash'
          ORDER BY position LIMIT 1`,
      )
    ).rows[0];
    if (row && row.col !== row.meta)
      problems.push(
        `position ${row.position}: the command_id column says ${row.col}, the event's meta.commandId ${String(row.meta)} (a retry would not be found)`,
      );
    else if (row)
      problems.push(
        `position ${row.position}: the hash column says ${row.hash}, the event's meta.hash ${String(row.metaHash)} (the next event of its stream would chain from it)`,
      );
  } catch (e) {
    problems.push(`the command_id and hash columns could not be compared with the events' meta: ${(e as Error).message}`);
  }

  const head = (
    await db.query<{ position: string; hash: string | null; last: string | null; lastHash: string | null }>(
      `SELECT h.position, h.hash, e.position AS last, e.hash AS "lastHash"
         FROM log_head h LEFT JOIN LATERAL (SELECT position, hash FROM events ORDER BY position DESC LIMIT 1) e ON TRUE`,
    )
  ).rows[0];
  if (head && (Number(head.position) !== Number(head.last ?? 0) || head.hash !== head.lastHash))
    problems.push(
      `the position allocator (log_head) says position ${head.position} hash ${String(head.hash)}, the log's last event is at ${String(head.last ?? 0)} ` +
        `with hash ${String(head.lastHash)} (the next append would not chain from the log)`,
    );
  return problems;
}
