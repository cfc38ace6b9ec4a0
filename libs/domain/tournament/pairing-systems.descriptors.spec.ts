import { describe, expect, it } from '@jest/globals';
import { defineDiscipline } from '../discipline-kit/descriptor.js';
import { DESCRIPTORS, registerDiscipline } from '../discipline-kit/registry.js';
import { PAIRING_SYSTEMS, type PairingSystem } from '../pairing/types.js';
import type { Discipline } from '../standings/results.js';
import { create, given } from './testing/tournament.test-support.js';
import type { TournamentCreated } from './tournament.events.js';

// A discipline that claims fide-dutch too and defaults to round-robin: what its tournaments get and what others are
// refused must come from this descriptor alone (decide-setup.ts reads nothing else).
const FIXTURE = 'pairing-descriptor-fixture' as Discipline;
registerDiscipline(
  defineDiscipline({
    id: FIXTURE,
    game: { aggregate: 'pairing-descriptor-fixture-game', startEvent: 'pdf.Started', sessionEnds: ['pdf.Ended'] },
    pairing: { systems: ['fide-dutch'], default: ['round-robin'] },
  }),
);

const owners = (s: PairingSystem) => DESCRIPTORS.filter((d) => d.pairing.systems.includes(s)).map((d) => d.id);

describe('tournament creation reads each descriptor’s pairing systems (issue 28)', () => {
  it.each(DESCRIPTORS.map((d) => [d.id, d] as const))('%s: declares known systems, and a default it may use', (_id, d) => {
    for (const s of [...d.pairing.systems, ...(d.pairing.default ?? [])]) expect(PAIRING_SYSTEMS).toContain(s);
    for (const s of d.pairing.default ?? []) expect(owners(s).length === 0 || owners(s).includes(d.id)).toBe(true);
  });

  it.each(DESCRIPTORS.map((d) => [d.id, d] as const))('%s: a creation naming no system gets its descriptor’s default, or is refused', (id, d) => {
    const command = create({ discipline: id, pairingSystems: undefined });
    if (d.pairing.default === null) {
      const e = given([]).refuses(command);
      expect([e.type, e.field]).toEqual(['tournament/no-pairing-system', 'pairingSystems']);
    } else {
      const [e] = given([]).when(command) as [TournamentCreated];
      expect(e.data.pairingSystems).toEqual(d.pairing.default);
    }
  });

  it.each(DESCRIPTORS.flatMap((d) => d.pairing.systems.map((s) => [s, d.id] as const)))(
    '%s (claimed by %s): another discipline naming it is refused on pairingSystems, listing every descriptor that claims it',
    (system) => {
      const other = DESCRIPTORS.find((d) => !owners(system).includes(d.id));
      if (!other) throw new Error(`every discipline claims ${system}`);
      const e = given([]).refuses(create({ discipline: other.id, pairingSystems: [system] }));
      expect([e.type, e.field]).toEqual(['tournament/pairing-system-discipline', 'pairingSystems']);
      expect(e.message).toBe(`${system} pairs ${owners(system).join(', ')} only, not ${other.id}`);
    },
  );

  it('the fixture’s descriptor alone: its default applies, its claim joins chess’s, and Go’s McMahon stays refused to it', () => {
    const [created] = given([]).when(create({ discipline: FIXTURE, pairingSystems: undefined })) as [TournamentCreated];
    expect(created.data.pairingSystems).toEqual(['round-robin']);
    const dutch = given([]).refuses(create({ discipline: 'xiguaqi', pairingSystems: ['fide-dutch'] }));
    expect(dutch.message).toBe(`fide-dutch pairs chess-rapid, ${FIXTURE} only, not xiguaqi`);
    const mcmahon = given([]).refuses(create({ discipline: FIXTURE, pairingSystems: ['mcmahon'] }));
    expect([mcmahon.type, mcmahon.field, mcmahon.message]).toEqual([
      'tournament/pairing-system-discipline',
      'pairingSystems',
      `mcmahon pairs go only, not ${FIXTURE}`,
    ]);
  });
});
