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
      // Issue 28: xiguaqi's game and match ends are results (西瓜棋规则 第十五条 四: 如有疑义…提出申诉); they counted as "other".
      'xiguaqi.GameEnded': 'result',
      'xiguaqi.MatchEnded': 'result',
      'mahjong.PenaltyRecorded': 'penalty',
      'mahjong.ScorecardLocked': 'result',
      'mahjong.ScoreFlagRuled': 'ruling',
      'tournament.RoundPaired': 'pairing',
      'appeals.AppealDecided': 'appeal-decision',
      'scrabble.TilesDrawn': 'other',
      'scrabble.GameEnded': 'other',
      'chess.MoveMade': 'other',
      // Only what a registered descriptor lists is a decision: a name that merely looks like one is not.
      'fixture.GameEnded': 'other',
      'xiguaqi.PieceMoved': 'other',
    };
    expect(Object.fromEntries(Object.keys(cases).map((t) => [t, classify(t)]))).toEqual(cases);
  });
});
