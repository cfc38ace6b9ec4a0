import { answerFromRow, PruneSchedule, type AnswerRow, type EarlierAnswer, type EarlierAnswerStore } from '../earlier-answers.port.js';
import { rethrowStoreError } from './pg-errors.js';
import type { PostgresEventStore } from './postgres-event-store.js';

/**
 * Earlier answers in the PostgreSQL database the log is in (table `earlier_answers`, schema migration 3 of
 * postgres-schema.ts), shared by every server on that database: a retry that reaches another server gets the
 * answer the first one gave. Two servers answering the same key at once: the first row written wins, and both
 * answer with it (`put` returns it).
 */
export class PostgresEarlierAnswerStore implements EarlierAnswerStore {
  private readonly schedule: PruneSchedule;

  /** Uses the event store's connections; every call waits for its migrations (`ready`). */
  constructor(
    private readonly store: Pick<PostgresEventStore, 'pool' | 'ready'>,
    now?: () => number,
  ) {
    this.schedule = new PruneSchedule(now);
  }

  async put(a: EarlierAnswer): Promise<EarlierAnswer> {
    await this.store.ready;
    const before = this.schedule.due();
    if (before !== null) await this.store.pool.query('DELETE FROM earlier_answers WHERE recorded_at < $1', [before]).catch(rethrowStoreError);
    const { rows } = await this.store.pool
      .query<AnswerRow>(
        `INSERT INTO earlier_answers (command_id, stream, actor, fingerprint, answer, recorded_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (command_id) DO NOTHING RETURNING *`,
        [a.commandId, a.stream, JSON.stringify(a.actor), a.fingerprint, a.answer, a.recordedAt],
      )
      .catch(rethrowStoreError);
    if (rows.length > 0) return answerFromRow(rows[0]);
    // Another server kept one first: a new statement's snapshot sees its committed row.
    return (await this.get(a.commandId)) ?? a;
  }

  async get(commandId: string): Promise<EarlierAnswer | null> {
    await this.store.ready;
    const { rows } = await this.store.pool.query<AnswerRow>('SELECT * FROM earlier_answers WHERE command_id = $1', [commandId]).catch(rethrowStoreError);
    return rows.length > 0 ? answerFromRow(rows[0]) : null;
  }
}
