import { describe, expect, it } from '@jest/globals';
import { tournamentsProjection } from '../features/tournament/tournament.projection.js';
import Database from 'better-sqlite3';
import { clearDeadLetters, DeadLetterTable, withDeadLetters } from './dead-letters.js';

describe('withDeadLetters', () => {
  it('keeps what the read-model store reads from a projection besides its reducer: name, version, transient and recovery-only collections', () => {
    const wrapped = withDeadLetters(tournamentsProjection, 2, () => undefined);
    const { name, version, transient, recoveryOnly } = tournamentsProjection;
    // The tournament projection declares them all: a wrapper that dropped one would keep the fold's journal in memory
    // in the projector (recoveryOnly) or store its folded state on disk (transient).
    expect(transient?.length).toBeGreaterThan(0);
    expect(recoveryOnly?.length).toBeGreaterThan(0);
    expect(wrapped).toMatchObject({ name, version, transient, recoveryOnly });
    expect(typeof wrapped.materialize).toBe('function');
  });
});

describe('clearDeadLetters', () => {
  const letter = (projection: string) => ({ event: null, projection, error: new Error('x'), attempts: 1, body: '{}' });

  it('forgets the dead letters of the rebuilt projections only, or every one after a full rebuild', () => {
    const db = new Database(':memory:');
    const table = new DeadLetterTable(db);
    for (const p of ['tournaments', 'standings', '(foreign)']) table.record(letter(p));
    expect(clearDeadLetters(db, ['tournaments'])).toBe(1);
    expect(table.count()).toBe(2);
    expect(clearDeadLetters(db)).toBe(2);
    expect(table.count()).toBe(0);
  });

  it('leaves a read-model database without dead letters (not a projector) as it is', () => {
    const db = new Database(':memory:');
    expect(clearDeadLetters(db)).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'dead_letters'").get()).toEqual({ n: 0 });
  });
});
