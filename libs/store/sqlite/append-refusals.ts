import { canonicalJson } from '../../domain/kernel/index.js';
import {
  EventIdConflictError,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '../event-store.port.js';
import { toEvent, type Row } from './stored-event.js';

/** The stored row with this event id, if any. */
export type RowById = (id: string) => Row | undefined;

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The append's first event id is stored already (`first`): a retry, answered with what was stored.
 * Every id must match what was stored (same stream, type and data), or the append is refused.
 */
export function storedRetry(stream: string, events: readonly NewEvent[], first: Row, byId: RowById): AppendResult {
  const stored: RecordedEvent[] = [];
  for (const e of events) {
    const row = e.id === first.id ? first : byId(e.id);
    if (!row || row.stream !== stream || row.type !== e.type || canonicalJson(JSON.parse(row.data)) !== canonicalJson(e.data)) {
      throw new EventIdConflictError(e.id);
    }
    stored.push(toEvent(row));
  }
  const last = stored[stored.length - 1];
  return { events: stored, revision: last.revision, position: last.position, duplicate: true };
}

/**
 * An append's failure as the caller should see it. A UNIQUE violation is a reused event id, or
 * (another process won the race) a revision conflict; anything else is passed on as it is.
 */
export function refusal(
  error: unknown,
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
  byId: RowById,
  headRevision: (stream: string) => number,
): unknown {
  if (!isUniqueViolation(error)) return error;
  if (String((error as Error).message ?? '').includes('events.id')) {
    const seen = new Set<string>();
    const clash = events.find((e) => seen.has(e.id) || (seen.add(e.id), byId(e.id) !== undefined));
    return new EventIdConflictError(clash?.id ?? events[0].id);
  }
  return new WrongExpectedRevisionError(stream, expected, headRevision(stream));
}
