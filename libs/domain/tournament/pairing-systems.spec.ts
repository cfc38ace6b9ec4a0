import { describe, expect, it } from '@jest/globals';
import { defineDiscipline } from '../discipline-kit/descriptor.js';
import { registerDiscipline } from '../discipline-kit/registry.js';
import type { Discipline } from '../standings/results.js';
import { DEFAULT_PAIRING_SYSTEMS, SYSTEM_DISCIPLINES } from './pairing-systems.js';

describe('pairing systems per discipline: views of the descriptors (issue 28)', () => {
  it('FIDE C.04.3: a chess tournament gets the Dutch system by default, and only chess may use it; McMahon is Go’s', () => {
    expect({ ...DEFAULT_PAIRING_SYSTEMS }).toEqual({ 'chess-rapid': ['fide-dutch'] });
    expect({ ...SYSTEM_DISCIPLINES }).toEqual({ 'fide-dutch': ['chess-rapid'], mcmahon: ['go'] });
  });

  it('a discipline registered later is seen by both views, from its descriptor alone', () => {
    const id = 'pairing-fixture' as Discipline;
    registerDiscipline(
      defineDiscipline({
        id,
        game: { aggregate: 'pairing-fixture-game', startEvent: 'x.Started', sessionEnds: ['x.Ended'] },
        pairing: { systems: ['mcmahon'], default: ['mcmahon'] },
      }),
    );
    expect(SYSTEM_DISCIPLINES.mcmahon).toEqual(['go', id]);
    expect(DEFAULT_PAIRING_SYSTEMS[id]).toEqual(['mcmahon']);
  });
});
