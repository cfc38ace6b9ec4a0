import { describe, expect, it } from '@jest/globals';
import { exportEgd, type EgdPlayer } from './egd.js';

const player = (place: number, name: string, points: number, mcmahon?: number): EgdPlayer => ({
  place,
  name,
  rank: '1k',
  country: 'HK',
  club: '-',
  points,
  ...(mcmahon !== undefined && { mcmahon }),
  tieBreaks: [],
  rounds: [],
});

describe('EGD results table: the points column and the order (issue 30)', () => {
  it('a McMahon tournament writes the McMahon score (MMS) its places follow beside the wins', () => {
    // Place 1 has fewer wins than place 2 but the higher McMahon score: the order is explained by the MMS column.
    const text = exportEgd({ name: 'Open', tieBreaks: ['SOS'], players: [player(1, 'Ann Lee', 1, 21), player(2, 'Bo Chan', 2, 20)] });
    const lines = text.split('\n');
    expect(lines[1]).toBe('; Pl Name Rk Co Club Pts MMS SOS rounds');
    expect(lines[2]).toMatch(/^\s+1 Ann_Lee\s+1k\s+HK\s+-\s+1\s+21$/);
    expect(lines[3]).toMatch(/^\s+2 Bo_Chan\s+1k\s+HK\s+-\s+2\s+20$/);
  });
  it('a tournament ordered by points writes no MMS column', () => {
    expect(exportEgd({ name: 'Open', tieBreaks: [], players: [player(1, 'Ann Lee', 2)] }).split('\n')[1]).toBe('; Pl Name Rk Co Club Pts  rounds');
  });
});
