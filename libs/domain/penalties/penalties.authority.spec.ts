import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import { penaltiesDecider } from './penalties.decider.js';
import { APPEALS_PM, ARBITER, AT, cancel, CHIEF, COMMITTEE, issued, OTHER_ARBITER, PLAYER, reduce } from './penalties.fixtures.js';

const spec = deciderSpec(penaltiesDecider);
const points = issued({ kind: 'points', amount: 10 });

describe('penalty ledger: cancel and reduce only by a new event naming the penalty, the reason and the authority', () => {
  it('the issuing arbiter corrects their own penalty: cancelled, naming the reason, the authority and who decided', () => {
    spec
      .given([points])
      .when(cancel('P-1', { kind: 'correction' }, ARBITER))
      .then([
        {
          type: 'penalties.PenaltyCancelled',
          data: { penaltyId: 'P-1', reason: 'wrong player', authority: { kind: 'correction' }, decidedBy: ARBITER, at: AT },
        },
      ]);
  });

  it('another arbiter may not correct it (only their own); the chief arbiter may', () => {
    spec
      .given([points])
      .when(cancel('P-1', { kind: 'correction' }, OTHER_ARBITER))
      .thenRefuses('penalties/not-the-issuer', { field: 'authority', rule: 'only a penalty they issued' });
    spec
      .given([points])
      .when(cancel('P-1', { kind: 'chief-arbiter' }, OTHER_ARBITER))
      .thenRefuses('penalties/not-chief-arbiter', { field: 'authority' });
    spec
      .given([points])
      .when(cancel('P-1', { kind: 'chief-arbiter' }, CHIEF))
      .then([{ type: 'penalties.PenaltyCancelled', data: { authority: { kind: 'chief-arbiter' }, decidedBy: CHIEF } }]);
  });

  it('an appeal authority is exercised only by the appeals remedies process, naming the appeal', () => {
    const appeal = { kind: 'appeal' as const, appealId: 'A-7' };
    spec
      .given([points])
      .when(cancel('P-1', appeal, CHIEF))
      .thenRefuses('penalties/not-appeals', { field: 'authority.kind', rule: 'appeals process' });
    spec
      .given([points])
      .when(cancel('P-1', appeal, { id: 'someone', role: 'system' }))
      .thenRefuses('penalties/not-appeals', { field: 'authority.kind' });
    spec
      .given([points])
      .when(cancel('P-1', appeal, APPEALS_PM))
      .then([{ data: { authority: appeal, decidedBy: APPEALS_PM } }]);
    spec
      .given([points])
      .when(cancel('P-1', { kind: 'appeal', appealId: ' ' }, APPEALS_PM))
      .thenRefuses('penalties/authority', { field: 'authority.appealId' });
  });

  it('refuses a player, an unknown penalty, no reason, an unknown authority, and a second cancellation', () => {
    spec
      .given([points])
      .when(cancel('P-1', { kind: 'correction' }, PLAYER))
      .thenRefuses('penalties/not-the-issuer');
    spec
      .given([points])
      .when(cancel('P-9', { kind: 'chief-arbiter' }, CHIEF))
      .thenRefuses('penalties/unknown-penalty', { kind: 'not-found', field: 'penaltyId' });
    spec
      .given([points])
      .when(cancel('P-1', { kind: 'chief-arbiter' }, CHIEF, ' '))
      .thenRefuses('penalties/reason', { field: 'reason' });
    spec
      .given([points])
      .when(cancel('P-1', { kind: 'mercy' } as never, CHIEF))
      .thenRefuses('penalties/authority', { field: 'authority.kind' });
    const cancelled = spec
      .given([points])
      .when(cancel('P-1', { kind: 'chief-arbiter' }, CHIEF))
      .then([{ type: 'penalties.PenaltyCancelled' }]);
    spec
      .given([points, ...cancelled])
      .when(cancel('P-1', { kind: 'chief-arbiter' }, CHIEF))
      .thenRefuses('penalties/already-cancelled', { field: 'penaltyId' });
    spec
      .given([points, ...cancelled])
      .when(reduce('P-1', 5, { kind: 'chief-arbiter' }, CHIEF))
      .thenRefuses('penalties/already-cancelled');
  });

  it('a reduction lowers the amount (recording the previous one) under the same authorities; the net amount folds', () => {
    const [reduced] = spec
      .given([points])
      .when(reduce('P-1', 4, { kind: 'correction' }, ARBITER))
      .then([
        { type: 'penalties.PenaltyReduced', data: { penaltyId: 'P-1', amount: 4, previousAmount: 10, authority: { kind: 'correction' }, decidedBy: ARBITER } },
      ]);
    const state = spec
      .given([points, reduced])
      .when(reduce('P-1', 2, { kind: 'chief-arbiter' }, CHIEF))
      .thenState();
    expect(state.penalties['P-1']).toMatchObject({ amount: 2, issuedAmount: 10, status: 'active', reductions: [{ amount: 4 }, { amount: 2 }] });
    spec
      .given([points])
      .when(reduce('P-1', 4, { kind: 'correction' }, OTHER_ARBITER))
      .thenRefuses('penalties/not-the-issuer');
  });

  it('refuses a reduction that is no reduction, or of a penalty without an amount', () => {
    spec
      .given([points])
      .when(reduce('P-1', 10, { kind: 'chief-arbiter' }, CHIEF))
      .thenRefuses('penalties/not-a-reduction', { kind: 'invalid', field: 'amount' });
    spec
      .given([points])
      .when(reduce('P-1', 0, { kind: 'chief-arbiter' }, CHIEF))
      .thenRefuses('penalties/amount-required', { field: 'amount' });
    spec
      .given([issued({ kind: 'warning' })])
      .when(reduce('P-1', 1, { kind: 'chief-arbiter' }, CHIEF))
      .thenRefuses('penalties/no-amount', { rule: 'cancel to remove it' });
  });
});

describe('issue 10 review: a penalty cancelled or reduced "by appeal" with no appeal decision', () => {
  it('an appeals-committee member cannot cancel or reduce a penalty by naming any appeal: refused naming authority.kind', () => {
    const appeal = { kind: 'appeal' as const, appealId: 'anything' };
    spec
      .given([points])
      .when(cancel('P-1', appeal, COMMITTEE))
      .thenRefuses('penalties/not-appeals', { field: 'authority.kind', rule: 'recorded appeal decision' });
    spec
      .given([points])
      .when(reduce('P-1', 5, appeal, COMMITTEE))
      .thenRefuses('penalties/not-appeals', { field: 'authority.kind', rule: 'recorded appeal decision' });
  });
});
