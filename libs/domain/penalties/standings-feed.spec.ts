import { describe, expect, it } from '@jest/globals';
import type { OpenTournament } from '../tournament/index.js';
import { feedStandings, ledgerDivisions } from './standings-feed.js';
import { AT, CHIEF, issued } from './penalties.fixtures.js';
import type { PenaltyEvent } from './penalties.types.js';

const settings = {
  id: 'wmc-open',
  name: 'WMC Open',
  discipline: 'mahjong' as const,
  divisions: ['main'],
};

describe('the ledger feeds the standings', () => {
  it('WMC 罰則 罰分: a points penalty comes off the offender only; reduced, it takes less; cancelled, nothing', () => {
    // The feed reads only the players and the penalties of the tournament's state.
    const t = {
      status: 'open',
      ...settings,
      profile: { name: 'wmc' },
      players: [
        { id: 'a', name: 'A', division: 'main', joinsAtRound: 1, withdrawnFromRound: null, absentRounds: [] },
        { id: 'b', name: 'B', division: 'main', joinsAtRound: 1, withdrawnFromRound: null, absentRounds: [] },
      ],
      forbidden: [],
      rounds: {},
      penalties: [{ player: 'b', points: 3, round: 1, reason: 'before the ledger', ref: 'old-1' }],
    } as unknown as OpenTournament;
    const issue = issued({ kind: 'points', amount: 10 });
    const after = feedStandings(t, issue) as OpenTournament;
    expect(after.penalties).toEqual([t.penalties[0], { player: 'a', points: 10, round: 1, reason: 'claimed without calling', ref: 'P-1' }]);
    expect(ledgerDivisions(t, after)).toEqual(['main']);
    const reduced: PenaltyEvent = {
      type: 'penalties.PenaltyReduced',
      data: { penaltyId: 'P-1', amount: 4, previousAmount: 10, reason: 'r', authority: { kind: 'chief-arbiter' }, decidedBy: CHIEF, at: AT },
    };
    expect((feedStandings(after, reduced) as OpenTournament).penalties[1].points).toBe(4);
    const cancelled: PenaltyEvent = {
      type: 'penalties.PenaltyCancelled',
      data: { penaltyId: 'P-1', reason: 'r', authority: { kind: 'chief-arbiter' }, decidedBy: CHIEF, at: AT },
    };
    expect((feedStandings(after, cancelled) as OpenTournament).penalties).toEqual([t.penalties[0]]);
    // A warning changes no standings.
    const warned = feedStandings(t, issued({ penaltyId: 'W', kind: 'warning' }));
    expect(warned).toBe(t);
    expect(ledgerDivisions(t, warned)).toEqual([]);
  });
});
