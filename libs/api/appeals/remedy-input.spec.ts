import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../domain/kernel/index.js';
import { penaltiesDecider, type LedgerState } from '../../domain/penalties/index.js';
import { issued } from '../../domain/penalties/penalties.fixtures.js';
import type { OpenTournament } from '../../domain/tournament/index.js';
import { ProblemException } from '../problem.js';
import type { RemedyDto } from './appeals.dto.js';
import { remedyOf } from './remedy-input.js';

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a refusal');
};

/** Round 2 of division A is played (a result at table 1); division B has no round 2 yet. */
const twoDivisions = {
  id: 'open',
  divisions: ['A', 'B'],
  rounds: { 'A/2': { status: 'published', results: { '1': { kind: 'win' } } } },
} as unknown as OpenTournament;

const ledger = {
  discipline: 'mahjong',
  penalties: { 'P-1': { penaltyId: 'P-1', kind: 'points', amount: 10 } },
  order: ['P-1'],
} as unknown as LedgerState;

describe('issue 10 review: remedies checked at decision time', () => {
  it('re-pair remedy skips the already-played check when division is omitted in a multi-division tournament: refused naming remedies[i].division', () => {
    const e = thrown(() => remedyOf({ kind: 're-pair-next-round', round: 1 } as RemedyDto, 2, twoDivisions, null));
    expect(e).toBeInstanceOf(DomainError);
    expect([(e as DomainError).type, (e as DomainError).field]).toEqual(['tournament/division-required', 'remedies[2].division']);
    expect(remedyOf({ kind: 're-pair-next-round', round: 1, division: 'A' } as RemedyDto, 0, twoDivisions, null)).toEqual({
      kind: 're-pair-next-round',
      division: 'A',
      round: 1,
      found: 'played',
    });
  });

  it('a penalty remedy naming an unknown penalty, or a reduction that is none, is refused naming remedies[i].penaltyId / amount', () => {
    const unknown = thrown(() => remedyOf({ kind: 'cancel-penalty', penaltyId: 'P-404' } as RemedyDto, 1, twoDivisions, ledger));
    expect(unknown).toBeInstanceOf(ProblemException);
    expect([(unknown as ProblemException).status, (unknown as ProblemException).extras.field]).toEqual([422, 'remedies[1].penaltyId']);
    for (const amount of [0, 10, 12]) {
      const e = thrown(() => remedyOf({ kind: 'reduce-penalty', penaltyId: 'P-1', amount } as RemedyDto, 0, twoDivisions, ledger));
      expect([(e as ProblemException).status, (e as ProblemException).extras.field]).toEqual([422, 'remedies[0].amount']);
    }
    expect(remedyOf({ kind: 'reduce-penalty', penaltyId: 'P-1', amount: 5 } as RemedyDto, 0, twoDivisions, ledger)).toEqual({
      kind: 'reduce-penalty',
      penaltyId: 'P-1',
      amount: 5,
    });
  });
});

const ledgerOf = (...events: ReturnType<typeof issued>[]) => events.reduce(penaltiesDecider.evolve, penaltiesDecider.initialState());
const tournament = {} as OpenTournament;
const refusal = (f: () => unknown) => {
  const e = thrown(f);
  return e instanceof ProblemException ? { status: e.status, type: e.code, field: e.extras.field, rule: e.extras.rule } : e;
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
