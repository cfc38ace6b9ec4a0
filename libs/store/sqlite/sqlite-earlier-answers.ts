import type Database from 'better-sqlite3';
import { answerFromRow, PruneSchedule, type AnswerRow, type EarlierAnswer, type EarlierAnswerStore } from '../earlier-answers.port.js';

/**
 * Earlier answers in the event log's own file (table `earlier_answers`, schema migration 3), so a restart
 * remembers them. Synchronous (better-sqlite3): each promise is settled when the method returns.
 */
export class SqliteEarlierAnswerStore implements EarlierAnswerStore {
  private readonly schedule: PruneSchedule;
  private readonly stmt;

  constructor(db: Database.Database, now?: () => number) {
    this.schedule = new PruneSchedule(now);
    this.stmt = {
      insert: db.prepare(
        `INSERT INTO earlier_answers (command_id, stream, actor, fingerprint, answer, recorded_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (command_id) DO NOTHING`,
      ),
      get: db.prepare('SELECT * FROM earlier_answers WHERE command_id = ?'),
      prune: db.prepare('DELETE FROM earlier_answers WHERE recorded_at < ?'),
    };
  }

  async put(a: EarlierAnswer): Promise<EarlierAnswer> {
    const before = this.schedule.due();
    if (before !== null) this.stmt.prune.run(before);
    this.stmt.insert.run(a.commandId, a.stream, JSON.stringify(a.actor), a.fingerprint, a.answer, a.recordedAt);
    return (await this.get(a.commandId)) ?? a;
  }

  async get(commandId: string): Promise<EarlierAnswer | null> {
    const row = this.stmt.get.get(commandId) as AnswerRow | undefined;
    return row ? answerFromRow(row) : null;
  }
}
