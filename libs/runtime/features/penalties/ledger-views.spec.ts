import { describe, expect, it } from '@jest/globals';
import { evolveLedger, initialLedgerState, type LedgerState, type PenaltyEvent } from '../../../domain/penalties/index.js';
import { CHIEF, issued } from '../../../domain/penalties/penalties.fixtures.js';
import type { LedgerDocument } from './ledger.projection.js';
import { ledgerView, playerLedgerView } from './ledger-views.js';

const at = (minute: number) => `2026-12-06T10:${String(minute).padStart(2, '0')}:00.000Z`;
const authority = { kind: 'chief-arbiter' } as const;

/** The ledger document after `events`, as the projection stores it (its asOf: the last event's revision and position). */
function ledger(events: readonly PenaltyEvent[]): LedgerDocument {
  const state = events.reduce<LedgerState>((s, e) => evolveLedger(s, e), initialLedgerState());
  return { tournament: 't', state, asOf: { revision: events.length - 1, position: 100 + events.length, at: at(59) } };
}

const annsWarning = issued({ penaltyId: 'A-1', kind: 'warning', target: { player: 'ann', round: 1 }, at: at(1) });
const annsPoints = issued({ penaltyId: 'A-2', kind: 'points', amount: 5, target: { player: 'ann', round: 2 }, at: at(2) });
const reduced: PenaltyEvent = {
  type: 'penalties.PenaltyReduced',
  data: { penaltyId: 'A-2', amount: 3, previousAmount: 5, reason: 'too harsh', authority, decidedBy: CHIEF, at: at(4) },
};
const bobsPoints = issued({ penaltyId: 'B-1', kind: 'points', amount: 3, target: { player: 'bob', round: 2 }, at: at(3) });
const bobsCancelled: PenaltyEvent = {
  type: 'penalties.PenaltyCancelled',
  data: { penaltyId: 'B-1', reason: 'wrong player', authority, decidedBy: CHIEF, at: at(5) },
};

describe('a player’s own ledger (issue 32)', () => {
  it('counts the events of his entries only: issued and reduced move his asOf, another player’s entries do not', () => {
    const withBob = ledger([annsWarning, annsPoints, bobsPoints, reduced, bobsCancelled]);
    const withoutBob = ledger([annsWarning, annsPoints, reduced]);
    const seen = playerLedgerView('t', 'mahjong', withBob, 'ann');
    expect(seen.asOf).toEqual({ revision: 2, position: 2, at: at(4) });
    expect(seen.penalties.map((e) => [e.penaltyId, e.netAmount])).toEqual([
      ['A-1', null],
      ['A-2', 3],
    ]);
    expect(seen).toEqual(playerLedgerView('t', 'mahjong', withoutBob, 'ann'));
    // The officials read the ledger stream's revision and the log's position.
    expect(ledgerView('t', withBob, 'ann').asOf).toEqual(withBob.asOf);
  });

  it('reads the tournament’s discipline and no asOf while he has no entry, whether or not others have', () => {
    const none = playerLedgerView('t', 'mahjong', undefined, 'ann');
    expect(none).toEqual({ tournament: 't', discipline: 'mahjong', player: 'ann', penalties: [], totals: none.totals, asOf: null });
    expect(playerLedgerView('t', 'mahjong', ledger([bobsPoints, bobsCancelled]), 'ann')).toEqual(none);
  });
});
