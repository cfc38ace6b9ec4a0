import { defineDiscipline } from '../../libs/domain/discipline-kit/descriptor.js';

declare module '../../libs/domain/standings/results.js' {
  /** Registers the name (Discipline) in the test build. */
  interface DisciplineNames {
    fixture: true;
  }
}

/** The fixture discipline's descriptor: everything not written here is Arbitra's default (defineDiscipline). */
export const FIXTURE_DESCRIPTOR = defineDiscipline({
  id: 'fixture',
  game: { aggregate: 'fixture-game', startEvent: 'fixture.GameStarted', sessionEnds: ['fixture.GameEnded'] },
  appeals: {
    decisions: [
      { type: 'fixture.GameEnded', kind: 'result' },
      { type: 'fixture.PenaltyRecorded', kind: 'penalty' },
    ],
  },
  penalties: {
    // FIXTURE §2: points off the seat's score, already applied in the game.
    inGame: {
      'fixture.PenaltyRecorded': (e) => {
        const d = e.data as { seat: number; points: number; reason: string; rule: string };
        return { seat: d.seat, kind: 'points', amount: d.points, offence: 'fixture-penalty', section: d.rule, reason: d.reason, by: e.meta.actor };
      },
    },
  },
});
