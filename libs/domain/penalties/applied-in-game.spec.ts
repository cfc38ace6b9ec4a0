import { describe, expect, it } from '@jest/globals';
import type { Actor } from '../kernel/command.js';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import type { OpenTournament } from '../tournament/index.js';
import { penaltiesDecider } from './penalties.decider.js';
import { ARBITER, CHIEF, cancel, issue, issued, reduce } from './penalties.fixtures.js';
import { feedStandings } from './standings-feed.js';

const spec = deciderSpec(penaltiesDecider);
const GAMES_PM: Actor = { id: 'process-manager:game-penalties-to-ledger', role: 'system' };
const TD: Actor = { id: 'td-ho', role: 'arbiter' };
const appliedIn = { game: 'g-1', event: 'ev-7', by: TD };

describe('penalty ledger: a penalty already applied in a game (appliedIn)', () => {
  it('is recorded from the games process with the marker, issued by whoever recorded it in the game', () => {
    spec
      .given([])
      .when(issue({ discipline: 'scrabble', kind: 'points', amount: 10, offence: 'overtime', appliedIn }, GAMES_PM))
      .then([{ type: 'penalties.PenaltyIssued', data: { kind: 'points', amount: 10, issuedBy: TD, appliedIn } }]);
  });

  it('is refused from anyone but the games process: a client cannot keep a deduction out of the standings', () => {
    spec
      .given([])
      .when(issue({ discipline: 'scrabble', kind: 'points', amount: 10, appliedIn }, ARBITER))
      .thenRefuses('penalties/applied-in-game', { field: 'appliedIn', rule: 'games process' });
  });

  it('must name the game, its event and who recorded it', () => {
    spec
      .given([])
      .when(issue({ discipline: 'scrabble', kind: 'points', amount: 10, appliedIn: { game: 'g-1', event: ' ', by: TD } }, GAMES_PM))
      .thenRefuses('penalties/applied-in-game', { kind: 'invalid', field: 'appliedIn' });
  });

  it('an ordinary penalty from the process is still refused (not an official), and carries no marker from an official', () => {
    spec
      .given([])
      .when(issue({ kind: 'warning' }, GAMES_PM))
      .thenRefuses('penalties/not-an-official');
    spec
      .given([])
      .when(issue({ kind: 'warning' }))
      .then([{ type: 'penalties.PenaltyIssued', data: { issuedBy: ARBITER, kind: 'warning' } }]);
  });

  it('the standings feed skips it (no double deduction), but counts the same deduction issued in the ledger alone', () => {
    const t = { status: 'open', players: [{ id: 'a', division: 'main' }], penalties: [] } as unknown as OpenTournament;
    const marked = issued({ discipline: 'scrabble', kind: 'points', amount: 10, appliedIn });
    expect(feedStandings(t, marked)).toBe(t);
    const plain = issued({ discipline: 'scrabble', kind: 'points', amount: 10 });
    expect((feedStandings(t, plain) as OpenTournament).penalties).toEqual([
      { player: 'a', points: 10, round: 1, reason: 'claimed without calling', ref: 'P-1' },
    ]);
  });

  it('Arbitra penalty ledger: a penalty applied in a game is not cancelled or reduced in the ledger alone (its effect is in the game’s result)', () => {
    const applied = issued({ discipline: 'scrabble', kind: 'points', amount: 10, appliedIn });
    spec
      .given([applied])
      .when(cancel('P-1', { kind: 'chief-arbiter' }, CHIEF))
      .thenRefuses('penalties/applied-in-game', { field: 'penaltyId', rule: 'correct the result' });
    spec
      .given([applied])
      .when(reduce('P-1', 5, { kind: 'chief-arbiter' }, CHIEF))
      .thenRefuses('penalties/applied-in-game', { field: 'penaltyId' });
    // A warning changes no result, and a mahjong table's 罰分 reach the standings through the ledger: both may be cancelled.
    const warning = issued({ discipline: 'scrabble', kind: 'warning', amount: null, appliedIn });
    spec
      .given([warning])
      .when(cancel('P-1', { kind: 'chief-arbiter' }, CHIEF))
      .then([{ type: 'penalties.PenaltyCancelled' }]);
    const tableDeduction = issued({ discipline: 'mahjong', kind: 'points', amount: 10, appliedIn: { ...appliedIn, notInResult: true } });
    spec
      .given([tableDeduction])
      .when(reduce('P-1', 5, { kind: 'chief-arbiter' }, CHIEF))
      .then([{ type: 'penalties.PenaltyReduced', data: { amount: 5 } }]);
  });
});
