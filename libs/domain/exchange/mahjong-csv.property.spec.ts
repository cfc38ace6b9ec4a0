import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { TournamentCommand } from '../tournament/tournament.commands.js';
import { create, mjTable, pairManual, publish, record, register, run, stateOf } from '../tournament/testing/tournament.test-support.js';
import { mahjongTableCsv, parseMahjongCsv, writeMahjongCsv } from './mahjong-csv.js';

/**
 * Issue 30: the mahjong table CSV (RFC 4180) round trip on generated tournaments — export → read → write is
 * byte-identical, and what is read is what the tournament recorded (names with commas, quotes and digits, two
 * divisions, several rounds, negative and fractional table points).
 */
const SEATS = 8; // two tables a round in each division
const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,"'.é王-]{0,24}$/);
const points = fc.array(fc.integer({ min: -2000, max: 2000 }), { minLength: 3, maxLength: 3 }).map((p) => {
  const quarters = p.map((x) => x / 4); // WMC table points may be fractional: quarters stay exact in binary and in text
  return [...quarters, -quarters.reduce((a, b) => a + b, 0)];
});
const division = fc.record({
  names: fc.array(name, { minLength: SEATS, maxLength: SEATS }),
  rounds: fc.array(
    fc.record({ order: fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7], { minLength: SEATS, maxLength: SEATS }), points: fc.tuple(points, points) }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
});

function tournament(divisions: ReadonlyArray<{ names: string[]; rounds: Array<{ order: number[]; points: [number[], number[]] }> }>) {
  const labels = divisions.map((_, d) => `D${d + 1}, "open"`);
  const commands: TournamentCommand[] = [create({ discipline: 'mahjong', pairingSystems: ['mahjong-swiss'], divisions: labels })];
  divisions.forEach((div, d) => {
    const id = (i: number) => `p${d}-${i}`;
    div.names.forEach((n, i) => commands.push(register(id(i), { name: n, division: labels[d] })));
    div.rounds.forEach((r, k) => {
      const round = k + 1;
      const seat = (t: number) => r.order.slice(t * 4, t * 4 + 4).map(id) as [string, string, string, string];
      commands.push(pairManual(round, [], null, [mjTable(1, seat(0)), mjTable(2, seat(1))], labels[d]));
      commands.push({ ...publish(round), data: { round, division: labels[d] } } as TournamentCommand);
      for (const t of [0, 1]) {
        const seats = seat(t).map((player, s) => ({ player, points: r.points[t][s] }));
        const recorded = record(round, t + 1, { kind: 'mahjong-table', seats });
        commands.push({ ...recorded, data: { ...recorded.data, division: labels[d] } } as TournamentCommand);
      }
    });
  });
  return stateOf(run(...commands));
}

describe('mahjong table CSV round trip (property)', () => {
  it('export → read → write is byte-identical, and reads back the names and table points recorded', () => {
    fc.assert(
      fc.property(fc.array(division, { minLength: 1, maxLength: 2 }), (divisions) => {
        const t = tournament(divisions);
        const csv = mahjongTableCsv(t);
        const rows = parseMahjongCsv(csv);
        expect(writeMahjongCsv(rows)).toBe(csv);
        expect(rows).toHaveLength(divisions.reduce((n, d) => n + d.rounds.length * SEATS, 0));
        for (const row of rows) {
          const player = t.players.find((p) => p.id === row.player);
          expect(row.name).toBe(player?.name);
          expect(row.division).toBe(player?.division);
        }
        // Each table's points sum to zero as recorded (WMC).
        const sums = new Map<string, number>();
        for (const r of rows) sums.set(`${r.division}/${r.round}/${r.table}`, (sums.get(`${r.division}/${r.round}/${r.table}`) ?? 0) + Number(r.points));
        expect([...sums.values()].every((v) => v === 0)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
