import { describe, expect, it } from '@jest/globals';
import { exportTrf, playerRecord } from './trf-write.js';

/** FIDE TRF-16 fixed columns (1-based): 001 1–3, start rank 5–8, name 15–47, rating 49–52, federation 54–56, FIDE id 58–68, points 81–84, rank 86–89, round 1 at 92–95 / 97 / 99. */
const col = (line: string, from: number, to: number) => line.slice(from - 1, to);

describe('FIDE TRF-16 export', () => {
  it('TRF-16 001 record: every field in its columns, each round as opponent, colour, result', () => {
    const line = playerRecord({
      startRank: 1,
      name: 'Lee, Ann',
      rating: 2105,
      federation: 'HKG',
      fideId: '5800001',
      points: 1.5,
      rank: 1,
      rounds: [
        { opponent: 2, colour: 'w', result: '1' },
        { opponent: null, colour: '-', result: 'U' },
        { opponent: 2, colour: 'b', result: '=' },
      ],
    });
    expect(col(line, 1, 3)).toBe('001');
    expect(col(line, 5, 8)).toBe('   1');
    expect(col(line, 15, 47).trim()).toBe('Lee, Ann');
    expect(col(line, 49, 52)).toBe('2105');
    expect(col(line, 54, 56)).toBe('HKG');
    expect(col(line, 58, 68)).toBe('    5800001');
    expect(col(line, 81, 84)).toBe(' 1.5');
    expect(col(line, 86, 89)).toBe('   1');
    expect(col(line, 92, 99)).toBe('   2 w 1');
    expect(col(line, 102, 109)).toBe('0000 - U');
    expect(col(line, 112, 119)).toBe('   2 b =');
  });

  it('TRF-16 header: 012 name, 042 start date, 062 players, 072 rated players, 132 round dates in the round columns', () => {
    const trf = exportTrf({
      name: 'Rapid Open',
      startDate: '2026-12-05',
      timeControl: "60'",
      roundDates: ['2026-12-05', '2026-12-06'],
      players: [
        { startRank: 2, name: 'Chan, Bob', points: 0, rank: 2, rounds: [] },
        { startRank: 1, name: 'Lee, Ann', rating: 2105, points: 1, rank: 1, rounds: [] },
      ],
    }).split('\n');
    expect(trf.slice(0, 5)).toEqual(['012 Rapid Open', '042 2026/12/05', '062 2', '072 1', "122 60'"]);
    expect(col(trf[5], 1, 3)).toBe('132');
    expect(col(trf[5], 92, 99)).toBe('26/12/05');
    expect(col(trf[5], 102, 109)).toBe('26/12/06');
    expect(trf.slice(6, 8).map((l) => col(l, 5, 8))).toEqual(['   1', '   2']);
  });
});

describe('TRF-16 FIDE ID columns (issue 30)', () => {
  it('columns 58–68 hold a numeric FIDE ID or blanks, never a federation id such as HK-0042', () => {
    const base = { startRank: 1, name: 'Lee, Ann', points: 0, rank: 1, rounds: [] };
    expect(col(playerRecord({ ...base, fideId: '5800001' }), 58, 68)).toBe('    5800001');
    expect(col(playerRecord({ ...base, fideId: 'HK-0042', points: 1 }).padEnd(91), 58, 68)).toBe(' '.repeat(11));
  });
});
