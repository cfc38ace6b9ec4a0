import type Database from 'better-sqlite3';

/** The immutability triggers the schema creates (sqlite-schema.ts): without them the database no longer refuses edits. */
const TRIGGERS = ['events_no_update', 'events_no_delete', 'checkpoints_no_update', 'checkpoints_no_delete', 'seals_no_update', 'seals_no_delete'] as const;

/**
 * What the hash chains cannot see in a SQLite log (issue 32): a dropped UPDATE/DELETE trigger, and a `command_id`
 * column that no longer says the event's `meta.commandId` (the column is what a retry is looked up by: edited, a
 * client's retry would be recorded twice). Each problem in words; none when the log is as the schema made it.
 */
export function sqliteLogProblems(db: Database.Database): string[] {
  const problems: string[] = [];
  const present = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all() as Array<{ name: string }>).map((t) => t.name));
  const missing = TRIGGERS.filter((t) => !present.has(t));
  if (missing.length) problems.push(`the immutability triggers ${missing.join(', ')} were dropped: the database no longer refuses edits and deletes`);
  const row = db
    .prepare(
      "SELECT position, command_id AS col, json_extract(meta, '$.commandId') AS meta FROM events WHERE command_id IS NOT json_extract(meta, '$.commandId') ORDER BY position LIMIT 1",
    )
    .get() as { position: number; col: string; meta: string | null } | undefined;
  if (row)
    problems.push(
      `position ${row.position}: the command_id column says ${row.col}, the event's meta.commandId ${String(row.meta)} (a retry would not be found)`,
    );
  return problems;
}
