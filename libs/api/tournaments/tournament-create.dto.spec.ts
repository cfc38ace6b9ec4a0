import { describe, expect, it } from '@jest/globals';
import { DECORATORS } from '@nestjs/swagger';
import { defineDiscipline } from '../../domain/discipline-kit/descriptor.js';
import { DESCRIPTORS, registerDiscipline } from '../../domain/discipline-kit/registry.js';
import type { Discipline } from '../../domain/standings/results.js';

// Registered before the DTO is loaded (below): the document's description must then name its default too.
const FIXTURE = 'dto-pairing-fixture' as Discipline;
registerDiscipline(
  defineDiscipline({
    id: FIXTURE,
    game: { aggregate: 'dto-pairing-fixture-game', startEvent: 'dpf.Started', sessionEnds: ['dpf.Ended'] },
    pairing: { default: ['round-robin', 'knockout'] },
  }),
);

describe('CreateTournamentDto: pairingSystems as the OpenAPI document describes it (issue 28)', () => {
  it('names each descriptor’s default system, the fixture’s too, and no discipline without one', async () => {
    const { CreateTournamentDto } = await import('./tournament-create.dto.js');
    const property = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, CreateTournamentDto.prototype, 'pairingSystems') as { description: string };
    expect(property.description).toBe(
      `Omitted: the discipline default (chess-rapid: fide-dutch; ${FIXTURE}: round-robin, knockout); other disciplines must name them`,
    );
    for (const d of DESCRIPTORS) if (!d.pairing.default) expect(property.description).not.toContain(`${d.id}:`);
  });
});
