import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PROFILES } from './profiles.js';

/** Issue 8: chess, Go and xiguaqi share one win/draw/loss part; the defaults a tournament records stay what they were. */
describe('default rules profiles', () => {
  const shared = {
    format: 'two-player',
    points: { win: 1, draw: 0.5, loss: 0 },
    bye: { outcome: 'win', spread: 0 },
    forfeitSpread: 0,
    doubleForfeitSpread: 0,
    penaltiesApplyTo: 'score',
  };

  it('records the same chess, Go and xiguaqi defaults, field for field', () => {
    expect(DEFAULT_PROFILES['chess-rapid']).toEqual({
      name: 'fide-rapid',
      discipline: 'chess-rapid',
      scores: 'none',
      tieBreaks: ['BH-C1', 'BH', 'SB', 'DE', 'WON', 'PS'],
      ...shared,
      // Requested byes worth points (TRF-16 H, F): chess only (issue 29).
      requestedByes: ['half', 'full'],
    });
    expect(DEFAULT_PROFILES.go).toEqual({ name: 'ing', discipline: 'go', scores: 'optional', tieBreaks: ['SOS', 'SODOS', 'SOSOS'], ...shared });
    expect(DEFAULT_PROFILES.xiguaqi).toEqual({
      name: 'xiguaqi-cn',
      discipline: 'xiguaqi',
      scores: 'none',
      tieBreaks: ['GAME-WINS', 'CAPTURED-DIFF'],
      ...shared,
    });
  });

  it('keeps the stored field order of a created tournament (name, discipline, format, scores, points, bye, …)', () => {
    expect(Object.keys(DEFAULT_PROFILES.go)).toEqual(Object.keys(DEFAULT_PROFILES.scrabble));
  });

  it('does not let one profile change another (no shared mutable bye)', () => {
    expect(DEFAULT_PROFILES.go.bye).not.toBe(DEFAULT_PROFILES.xiguaqi.bye);
  });
});
