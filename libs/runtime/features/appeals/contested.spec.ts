import { describe, expect, it } from '@jest/globals';
import { classify } from './contested.js';

describe('which recorded events are decisions an appeal can contest', () => {
  it('classifies rulings, penalties, results, challenge adjudications, pairings and appeal decisions of every discipline; anything else is not a decision', () => {
    const cases: Record<string, string> = {
      'scrabble.ChallengeResolved': 'challenge-adjudication',
      'scrabble.IncidentRecorded': 'ruling',
      'chess.IllegalMoveRuled': 'ruling',
      'chess.DrawClaimRefused': 'ruling',
      'chess.PenaltyImposed': 'penalty',
      'penalties.PenaltyIssued': 'penalty',
      'tournament.PenaltyApplied': 'penalty',
      'tournament.ResultRecorded': 'result',
      'chess.GameEnded': 'result',
      'go.GameEnded': 'result',
      'tournament.RoundPaired': 'pairing',
      'appeals.AppealDecided': 'appeal-decision',
      'scrabble.TilesDrawn': 'other',
      'scrabble.GameEnded': 'other',
      'chess.MoveMade': 'other',
    };
    expect(Object.fromEntries(Object.keys(cases).map((t) => [t, classify(t)]))).toEqual(cases);
  });
});
