import { describe, expect, it } from '@jest/globals';
import { EGD_UNSPLIT_NOTE, egdFieldProblem, egdName, exportEgd, type EgdPlayer, type EgdTournament } from './egd.js';
import { gradeOfRating } from './egd-grade.js';
import { readEgd } from './egd-read.js';

const player = (place: number, name: string, points: number, mcmahon?: number, rounds: EgdPlayer['rounds'] = []): EgdPlayer => ({
  place,
  ...egdName(name),
  rank: '1k',
  country: 'HK',
  club: '',
  points,
  ...(mcmahon !== undefined && { mcmahon }),
  tieBreaks: [],
  rounds,
});
const lines = (t: EgdTournament) => exportEgd(t).split('\n');

describe('EGD results table: the points column and the order (issue 30)', () => {
  it('a McMahon tournament writes the McMahon score (MMS) its places follow beside the wins', () => {
    // Place 1 has fewer wins than place 2 but the higher McMahon score: the order is explained by the MMS column.
    const t: EgdTournament = { name: 'Open', tieBreaks: ['SOS'], players: [player(1, 'Lee, Ann', 1, 21), player(2, 'Chan, Bo', 2, 20)] };
    const text = lines(t);
    expect(text[1]).toBe('; Pl Surname First_name Grd Co Club Pts MMS SOS rounds');
    expect(text[2]).toMatch(/^\s+1 Lee\s+Ann\s+1k\s+HK\s+-\s+1\s+21$/);
    // Parser level: the places are in McMahon order, not in points order.
    const read = readEgd(exportEgd(t)).tournament.players;
    expect(read.map((p) => [p.place, p.points, p.mcmahon])).toEqual([
      [1, 1, 21],
      [2, 2, 20],
    ]);
  });
  it('a tournament ordered by points writes no MMS column', () => {
    expect(lines({ name: 'Open', tieBreaks: [], players: [player(1, 'Lee, Ann', 2)] })[1]).toBe('; Pl Surname First_name Grd Co Club Pts rounds');
  });
});

describe('EGD results table: surname and first name as two fields (issue 30; EGD tournament table format)', () => {
  it('"Family, Given" is split at the comma; each part keeps its words joined by "_" (the EGD files\' convention)', () => {
    expect(egdName('Berg, Anna')).toEqual({ surname: 'Berg', firstName: 'Anna' });
    expect(egdName('van der Berg, Anna Maria')).toEqual({ surname: 'van der Berg', firstName: 'Anna Maria' });
    const t = { name: 'Open', tieBreaks: [], players: [player(1, 'van der Berg, Anna Maria', 1)] };
    expect(lines(t)[2]).toMatch(/^\s+1 van_der_Berg\s+Anna_Maria\s+1k /);
    expect(readEgd(exportEgd(t)).tournament.players[0]).toMatchObject({ surname: 'van_der_Berg', firstName: 'Anna_Maria', rank: '1k' });
  });
  it('a name that does not say its parts is not split: the whole name is the surname, the first name "-", and the file says so', () => {
    // "Chan Hok Hei" writes the family name first: splitting off the last word would invent a wrong first name.
    expect(egdName('Chan Hok Hei')).toEqual({ surname: 'Chan Hok Hei', firstName: null });
    expect(egdName('a, b, c')).toEqual({ surname: 'a, b, c', firstName: null });
    const t = { name: 'Open', tieBreaks: [], players: [player(1, 'Chan Hok Hei', 1)] };
    const text = lines(t);
    expect(text).toContain(EGD_UNSPLIT_NOTE);
    expect(text[text.length - 2]).toMatch(/^\s+1 Chan_Hok_Hei\s+-\s+1k /);
    // Parser level: every line still has its two name fields, so the grade is the fourth field.
    expect(readEgd(exportEgd(t)).tournament.players[0]).toMatchObject({ surname: 'Chan_Hok_Hei', firstName: null, rank: '1k', country: 'HK' });
  });
  it('a name with ";" or "|" (a comment or a PIN to the EGD reader) is reported, not written', () => {
    expect(egdFieldProblem({ name: 'Open', tieBreaks: [], players: [player(1, 'Berg; 1+, Anna', 1)] })).toEqual({
      place: 1,
      field: 'surname',
      value: 'Berg; 1+',
    });
    expect(egdFieldProblem({ name: 'Open', tieBreaks: [], players: [player(1, 'Berg, Anna', 1)] })).toBeNull();
  });
});

describe('EGD grade from a GoR rating (EGD GoR scale: 1d = 2100, 1k = 2000, 100 a grade, ±50)', () => {
  it('each rating stands for the grade whose nominal rating is nearest, a half rounded up; 30k to 9d', () => {
    const cases: Array<[number, string]> = [
      [2100, '1d'],
      [2050, '1d'],
      [2149, '1d'],
      [2150, '2d'],
      [2049, '1k'],
      [2000, '1k'],
      [1950, '1k'],
      [1949, '2k'],
      [100, '20k'],
      [-900, '30k'],
      [-1000, '30k'],
      [2700, '7d'],
      [3200, '9d'],
    ];
    expect(cases.map(([r]) => [r, gradeOfRating(r)])).toEqual(cases);
  });
});

describe('EGD results table: class, place and handicap header lines (EGD tournament table format)', () => {
  it('writes CL, EV, PC, DT, HA, KM, TM in the order of the public EGD files, and a reader reads them back', () => {
    const t: EgdTournament = {
      class: 'B',
      name: 'Prague Open',
      place: 'CZ, Prague',
      dates: '2026-11-20,2026-11-21',
      handicapReduction: 9,
      compensation: 8,
      basicTimeMinutes: 60,
      tieBreaks: ['SOS', 'SODOS'],
      players: [
        {
          ...player(1, 'Lee, Ann', 2, undefined, [
            { opponentPlace: 2, result: '+', colour: 'b', handicap: 0, byDefault: false },
            { opponentPlace: null, result: '+', colour: null, handicap: 0, byDefault: false },
          ]),
          tieBreaks: [0, 0],
        },
        {
          ...player(2, 'Chan, Bo', 0, undefined, [
            { opponentPlace: 1, result: '-', colour: 'w', handicap: 0, byDefault: false },
            { opponentPlace: 3, result: '-', colour: 'b', handicap: 2, byDefault: true },
          ]),
          tieBreaks: [2, 0],
        },
      ],
    };
    const text = exportEgd(t);
    expect(text.split('\n').slice(0, 7)).toEqual([
      '; CL[B]',
      '; EV[Prague Open]',
      '; PC[CZ, Prague]',
      '; DT[2026-11-20,2026-11-21]',
      '; HA[h9]',
      '; KM[8]',
      '; TM[60]',
    ]);
    // A forfeit ends in "!" after the colour and handicap, as the public EGD files write it (3-/b2!).
    expect(text).toMatch(/ 3-\/b2!\n$/);
    const read = readEgd(text);
    expect(read.notKept).toEqual([]);
    expect(read.tournament).toEqual(t);
  });
  it('writes no class or place line when the tournament states none (the EGD reader then weighs it by the class it is given)', () => {
    const text = lines({ name: 'Open', tieBreaks: [], players: [player(1, 'Lee, Ann', 1)] });
    expect(text.some((l) => l.startsWith('; CL[') || l.startsWith('; PC['))).toBe(false);
  });
});
