import type { Actor } from '../domain/kernel/index.js';

/**
 * The answer to a keyed command that recorded nothing: the domain refused it, or it decided nothing (a no-op). Kept
 * beside the log, never in it (a refusal is not a fact of the tournament: no export, verify or webhook sees it), so
 * that a retry with the same command id gets the same answer after a restart and on another server of the same
 * database. What a command appended is found in the log by its command id instead.
 */
export interface EarlierAnswer {
  readonly commandId: string;
  readonly stream: string;
  readonly actor: Actor;
  /** The command's fingerprint (NewEventMeta.commandFingerprint): a retry must repeat the same command. */
  readonly fingerprint: string;
  /** The answer as JSON (libs/runtime/earlier-answers.ts writes and reads it). */
  readonly answer: string;
  /** The command's time (ISO-8601 UTC, as toISOString writes it). */
  readonly recordedAt: string;
}

export interface EarlierAnswerStore {
  /** Keeps the answer unless one is kept for its command id already; returns the kept one (the first wins). */
  put(answer: EarlierAnswer): Promise<EarlierAnswer>;
  get(commandId: string): Promise<EarlierAnswer | null>;
}

/** A row of the `earlier_answers` table (SQLite and PostgreSQL alike). */
export interface AnswerRow {
  command_id: string;
  stream: string;
  actor: string;
  fingerprint: string;
  answer: string;
  recorded_at: string;
}

export function answerFromRow(r: AnswerRow): EarlierAnswer {
  return { commandId: r.command_id, stream: r.stream, actor: JSON.parse(r.actor), fingerprint: r.fingerprint, answer: r.answer, recordedAt: r.recorded_at };
}

/** An answer is kept at least this long after its command's time; older ones are deleted by a later `put`. */
export const EARLIER_ANSWER_RETENTION_DAYS = 7;
const DAY_MS = 86_400_000;
/** A store deletes old answers at most this often (a `put` does it when due). */
export const PRUNE_EVERY_MS = 3_600_000;

/**
 * When a store deletes answers kept longer than the retention, measured on the server's clock (not the command's
 * time, which a clock reading may set): at the first `put` and then at most once per PRUNE_EVERY_MS.
 */
export class PruneSchedule {
  private last = Number.NEGATIVE_INFINITY;
  constructor(private readonly now: () => number = Date.now) {}

  /** The ISO time before which answers are deleted, when a prune is due; null otherwise. */
  due(): string | null {
    const now = this.now();
    if (now - this.last < PRUNE_EVERY_MS) return null;
    this.last = now;
    return new Date(now - EARLIER_ANSWER_RETENTION_DAYS * DAY_MS).toISOString();
  }
}

/** The time a store keeps: the command's time as toISOString writes it (so times compare as text), or now if unreadable. */
export function storedTime(at: string): string {
  const ms = Date.parse(at);
  return new Date(Number.isNaN(ms) ? Date.now() : ms).toISOString();
}

/**
 * Answers in process memory: for a store without a table for them (KurrentDB) and for tests. A restart forgets
 * them, and other processes do not see them. Bounded: the retention, and the last `limit` answers.
 */
export class MemoryEarlierAnswerStore implements EarlierAnswerStore {
  private readonly answers = new Map<string, EarlierAnswer>();
  private readonly schedule: PruneSchedule;

  constructor(
    private readonly limit = 10_000,
    now?: () => number,
  ) {
    this.schedule = new PruneSchedule(now);
  }

  async put(answer: EarlierAnswer): Promise<EarlierAnswer> {
    const kept = this.answers.get(answer.commandId);
    if (kept) return kept;
    const before = this.schedule.due();
    if (before !== null) for (const [id, a] of this.answers) if (a.recordedAt < before) this.answers.delete(id);
    this.answers.set(answer.commandId, answer);
    if (this.answers.size > this.limit) this.answers.delete(this.answers.keys().next().value as string);
    return answer;
  }

  async get(commandId: string): Promise<EarlierAnswer | null> {
    return this.answers.get(commandId) ?? null;
  }
}
