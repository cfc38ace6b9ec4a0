import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { GameResult } from './results.js';
import { computeStandings, standingsFromTally } from './standings.js';
import { addResults, emptyTally } from './tally.js';
import { chessProfile, players, scrabbleProfile } from './testing/standings.test-support.js';

/**
 * A random Swiss-like event: N players, R rounds; each round a random order pairs neighbours, an
 * odd player out gets a bye, and each game is played (with Scrabble scores), forfeited or double-forfeited.
 */
const ids = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
const eventArb = fc
  .record({ n: fc.integer({ min: 2, max: 7 }), rounds: fc.integer({ min: 1, max: 5 }) })
  .chain(({ n, rounds }) =>
    fc.tuple(
      fc.constant(ids.slice(0, n)),
      fc.array(
        fc.tuple(
          fc.shuffledSubarray(ids.slice(0, n), { minLength: n, maxLength: n }),
          fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 200, max: 600 }), fc.integer({ min: 200, max: 600 })), {
            minLength: 4,
            maxLength: 4,
          }),
        ),
        { minLength: rounds, maxLength: rounds },
      ),
    ),
  )
  .map(([field, rounds]) => {
    const byRound: GameResult[][] = rounds.map(([order, games], i) => {
      const round = i + 1;
      const out: GameResult[] = [];
      for (let t = 0; t + 1 < order.length; t += 2) {
        const [kind, a, b] = games[t / 2];
        const first = order[t];
        const second = order[t + 1];
        const table = t / 2 + 1;
        if (kind === 0) out.push({ kind: 'forfeit', round, table, first, second, absent: a % 2 === 0 ? 'first' : 'second' });
        else if (kind === 1) out.push({ kind: 'double-forfeit', round, table, first, second });
        else out.push({ kind: 'played', round, table, first, second, outcome: a > b ? 'first' : a < b ? 'second' : 'draw', score: { first: a, second: b } });
      }
      if (order.length % 2 === 1) out.push({ kind: 'bye', round, player: order[order.length - 1] });
      return out;
    });
    return { field, byRound };
  });

const profiles = [
  chessProfile(['BH-C1', 'BH', 'SB', 'DE', 'WON', 'WIN', 'PS']),
  scrabbleProfile,
  { ...chessProfile(['SOS', 'SODOS', 'SOSOS', 'DE']), discipline: 'go' as const },
];

describe('standings properties', () => {
  it('one pass over all results equals round-by-round incremental standings, at every round', () => {
    fc.assert(
      fc.property(eventArb, fc.constantFrom(...profiles), ({ field, byRound }, profile) => {
        const all = byRound.flat();
        let tally = emptyTally;
        byRound.forEach((roundResults, i) => {
          tally = addResults(tally, roundResults, profile);
          const incremental = standingsFromTally(tally, players(...field), profile);
          const onePass = computeStandings({ players: players(...field), results: all, profile, asOfRound: i + 1 });
          expect(incremental).toEqual(onePass);
        });
        expect(standingsFromTally(tally, players(...field), profile)).toEqual(computeStandings({ players: players(...field), results: all, profile }));
      }),
      { numRuns: 150 },
    );
  });

  it('standings do not depend on the order results were recorded in within a round (nor on player order)', () => {
    fc.assert(
      fc.property(eventArb, fc.constantFrom(...profiles), fc.integer(), ({ field, byRound }, profile, salt) => {
        const reference = computeStandings({ players: players(...field), results: byRound.flat(), profile });
        // deterministic permutation of each round's results and of the player list
        const permute = <T>(xs: readonly T[], k: number): T[] =>
          xs
            .map((x, i) => ({ x, key: ((i + 1) * 2654435761 + k) % 1009 }))
            .sort((a, b) => a.key - b.key)
            .map((p) => p.x);
        const shuffled = byRound.flatMap((r, i) => permute(r, salt + i));
        expect(computeStandings({ players: permute(players(...field), salt), results: shuffled, profile })).toEqual(reference);
      }),
      { numRuns: 150 },
    );
  });

  it('ranks are shared exactly by rows equal on score and every tie-break', () => {
    fc.assert(
      fc.property(eventArb, fc.constantFrom(...profiles), ({ field, byRound }, profile) => {
        const rows = computeStandings({ players: players(...field), results: byRound.flat(), profile });
        rows.forEach((r, i) => {
          expect(r.rank).toBeLessThanOrEqual(i + 1);
          if (i > 0 && r.rank === rows[i - 1].rank) expect(r.score).toBe(rows[i - 1].score);
          if (i > 0 && r.rank !== rows[i - 1].rank) expect(r.rank).toBe(i + 1);
        });
      }),
    );
  });

  it('Arbitra reading of FIDE TB 2023 §16: with the last round in progress, a player without a result in it keeps the tie-breaks of the standings through the last complete round', () => {
    fc.assert(
      fc.property(eventArb, fc.constantFrom(...profiles), fc.integer({ min: 0, max: 15 }), ({ field, byRound }, profile, keepMask) => {
        const last = byRound.length;
        const partial = byRound[last - 1].filter((_, i) => (keepMask >> i) & 1);
        const results = [...byRound.slice(0, -1).flat(), ...partial];
        const live = computeStandings({ players: players(...field), results, profile, completeThrough: last - 1 });
        const before = computeStandings({ players: players(...field), results, profile, asOfRound: last - 1 });
        const inLast = new Set(
          partial.flatMap((r) =>
            r.kind === 'bye' || r.kind === 'requested-bye' ? [r.player] : r.kind === 'mahjong-table' ? r.seats.map((x) => x.player) : [r.first, r.second],
          ),
        );
        for (const row of live) {
          if (inLast.has(row.player)) continue;
          const was = before.find((r) => r.player === row.player);
          expect(row.tieBreaks.filter((t) => t.code !== 'DE')).toEqual(was?.tieBreaks.filter((t) => t.code !== 'DE'));
        }
      }),
      { numRuns: 150 },
    );
  });
});
