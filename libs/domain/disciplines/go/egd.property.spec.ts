import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { egdName, exportEgd, type EgdPlayer, type EgdRound, type EgdTournament } from './egd.js';
import { gradeOfRating } from './egd-grade.js';
import { readEgd } from './egd-read.js';

/**
 * Issue 30: the EGD results table round trip on generated tournaments — export → read → export is byte-identical and
 * the reader gets back what was written (names with digits and several words, split or not, byes, forfeits, jigo,
 * handicaps, McMahon scores or not, tie-breaks, the header lines present or absent). Arbitra does not import EGD
 * files; the reader is `readEgd`, the parser-level check of the layout.
 */
const word = fc.stringMatching(/^[A-Za-z0-9éøł][A-Za-z0-9éøł'.-]{0,9}$/);
const words = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const registered = fc.oneof(
  fc.tuple(words, words).map(([family, given]) => `${family}, ${given}`),
  words, // no comma: not split
);
const round = (players: number): fc.Arbitrary<EgdRound> =>
  fc.oneof(
    fc.record({
      opponentPlace: fc.integer({ min: 1, max: players }),
      result: fc.constantFrom('+' as const, '-' as const, '=' as const),
      colour: fc.constantFrom('b' as const, 'w' as const),
      handicap: fc.integer({ min: 0, max: 9 }),
      byDefault: fc.boolean(),
    }),
    fc.record({
      opponentPlace: fc.constant(null),
      result: fc.constantFrom('+' as const, '-' as const),
      colour: fc.constant(null),
      handicap: fc.constant(0),
      byDefault: fc.constant(false),
    }),
  );

const table: fc.Arbitrary<EgdTournament> = fc
  .record({
    players: fc.integer({ min: 1, max: 12 }),
    rounds: fc.integer({ min: 0, max: 6 }),
    mms: fc.boolean(),
    tieBreaks: fc.subarray(['SOS', 'SODOS', 'SOSOS']),
  })
  .chain(({ players, rounds, mms, tieBreaks }) =>
    fc.record({
      class: fc.option(fc.constantFrom('A' as const, 'B' as const, 'C' as const, 'D' as const), { nil: undefined }),
      name: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 #,.-]{0,30}$/),
      place: fc.option(fc.constantFrom('CZ, Prague', 'HK, Hong Kong', 'DE, Frankfurt am Main'), { nil: undefined }),
      dates: fc.option(fc.constantFrom('2026-11-20,2026-11-21', '1996-05-25,1996-05-27'), { nil: undefined }),
      handicapReduction: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }),
      compensation: fc.option(fc.constantFrom(0, 5.5, 6.5, 7, 8), { nil: undefined }),
      basicTimeMinutes: fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }),
      tieBreaks: fc.constant(tieBreaks),
      mms: fc.constant(mms),
      players: fc.array(
        fc.record({
          name: registered,
          rating: fc.integer({ min: -900, max: 3299 }),
          country: fc.constantFrom('', 'CZ', 'HK', 'NL'),
          club: fc.constantFrom('', 'Praha', 'Go Club 7', 'Hilv'),
          points: fc.integer({ min: 0, max: rounds }),
          mcmahon: fc.integer({ min: 0, max: 40 }),
          tieBreaks: fc.array(fc.integer({ min: 0, max: 999 }), { minLength: tieBreaks.length, maxLength: tieBreaks.length }),
          rounds: fc.array(round(players), { minLength: rounds, maxLength: rounds }),
        }),
        { minLength: players, maxLength: players },
      ),
    }),
  )
  .map(({ mms, ...t }) => ({
    ...Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)),
    players: t.players.map((p, i): EgdPlayer => ({
      place: i + 1,
      ...egdName(p.name),
      rank: gradeOfRating(p.rating),
      country: p.country,
      club: p.club,
      points: p.points,
      ...(mms && { mcmahon: p.mcmahon }),
      tieBreaks: p.tieBreaks,
      rounds: p.rounds,
    })),
  })) as unknown as fc.Arbitrary<EgdTournament>;

/** What the file can say of a tournament: each name word joined by "_". */
const written = (t: EgdTournament): EgdTournament => ({
  ...t,
  players: t.players.map((p) => ({
    ...p,
    surname: p.surname.replace(/\s+/g, '_'),
    firstName: p.firstName?.replace(/\s+/g, '_') ?? null,
    club: p.club.replace(/\s+/g, '_'),
  })),
});

describe('EGD results table round trip (property)', () => {
  it('export → read → export is byte-identical, and the reader gets back what was written', () => {
    fc.assert(
      fc.property(table, (t) => {
        const text = exportEgd(t);
        const read = readEgd(text);
        expect(read.notKept).toEqual([]);
        expect(exportEgd(read.tournament)).toBe(text);
        expect(read.tournament).toEqual(written(t));
      }),
      { numRuns: 200 },
    );
  });
});
