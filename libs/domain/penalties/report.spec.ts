import { describe, expect, it } from '@jest/globals';
import { fold } from '../kernel/decider.js';
import { ledgerEntries, penaltiesDecider } from './penalties.decider.js';
import { AT, CHIEF, issued } from './penalties.fixtures.js';
import { netAmount, totalsByKind } from './report.js';

describe('ledger totals by kind', () => {
  it('sums issued and net amounts per kind: a cancellation takes the whole amount off, a reduction the difference', () => {
    const state = fold(penaltiesDecider, [
      issued({ penaltyId: 'P-1', kind: 'points', amount: 10 }),
      issued({ penaltyId: 'P-2', kind: 'points', amount: 6 }),
      issued({ penaltyId: 'P-3', kind: 'points', amount: 5 }),
      issued({ penaltyId: 'W-1', kind: 'warning' }),
      { type: 'penalties.PenaltyCancelled', data: { penaltyId: 'P-1', reason: 'r', authority: { kind: 'chief-arbiter' }, decidedBy: CHIEF, at: AT } },
      {
        type: 'penalties.PenaltyReduced',
        data: { penaltyId: 'P-2', amount: 2, previousAmount: 6, reason: 'r', authority: { kind: 'chief-arbiter' }, decidedBy: CHIEF, at: AT },
      },
    ]);
    const entries = ledgerEntries(state);
    expect(entries.map(netAmount)).toEqual([0, 2, 5, null]);
    const totals = totalsByKind(entries);
    expect(totals.find((t) => t.kind === 'points')).toEqual({
      kind: 'points',
      unit: 'points',
      issued: 3,
      cancelled: 1,
      reduced: 1,
      inForce: 2,
      amountIssued: 21,
      amountNet: 7,
    });
    expect(totals.find((t) => t.kind === 'warning')).toMatchObject({ issued: 1, inForce: 1, amountIssued: null, amountNet: null });
    expect(totals.find((t) => t.kind === 'blacklist')).toMatchObject({ issued: 0 });
  });
});
