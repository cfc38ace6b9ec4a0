import { describe, expect, it } from '@jest/globals';
import { tournamentsProjection } from '../features/tournament/tournament.projection.js';
import { withDeadLetters } from './dead-letters.js';

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
