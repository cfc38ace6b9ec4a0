import { describe, expect, it } from '@jest/globals';
import { issued } from '../../domain/penalties/penalties.fixtures.js';
import { penaltiesDecider } from '../../domain/penalties/index.js';
import type { OpenTournament } from '../../domain/tournament/index.js';
import { ProblemException } from '../problem.js';
import type { RemedyDto } from './appeals.dto.js';
import { remedyOf } from './remedy-input.js';

const ledgerOf = (...events: ReturnType<typeof issued>[]) => events.reduce(penaltiesDecider.evolve, penaltiesDecider.initialState());
const tournament = {} as OpenTournament;
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof ProblemException ? { status: e.status, type: e.code, field: e.extras.field, rule: e.extras.rule } : e;
  }
  return undefined;
};

describe('an appeal decision’s penalty remedy, checked when the decision is recorded', () => {
  const appliedIn = { game: 'g-1', event: 'ev-7', by: { id: 'td', role: 'arbiter' as const } };

  it('Arbitra penalty ledger: a penalty applied in a game is not cancelled or reduced by a remedy either; the decision is refused naming the remedy', () => {
    const ledger = ledgerOf(issued({ discipline: 'scrabble', kind: 'points', amount: 10, appliedIn }));
    for (const r of [
      { kind: 'cancel-penalty', penaltyId: 'P-1' },
      { kind: 'reduce-penalty', penaltyId: 'P-1', amount: 5 },
    ] as RemedyDto[]) {
      expect(refusal(() => remedyOf(r, 0, tournament, ledger))).toMatchObject({
        status: 422,
        type: 'appeals/penalty-applied-in-game',
        field: 'remedies[0].penaltyId',
        rule: expect.stringContaining('correct the result'),
      });
    }
  });

  it('a penalty issued in the ledger alone is cancelled or reduced by a remedy as before', () => {
    const ledger = ledgerOf(issued({ discipline: 'scrabble', kind: 'points', amount: 10 }));
    expect(remedyOf({ kind: 'reduce-penalty', penaltyId: 'P-1', amount: 5 } as RemedyDto, 0, tournament, ledger)).toEqual({
      kind: 'reduce-penalty',
      penaltyId: 'P-1',
      amount: 5,
    });
  });
});
