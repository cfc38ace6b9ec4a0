import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { PairedGame } from '../pairing/types.js';
import type { ResultInput, TournamentCommand } from '../tournament/tournament.commands.js';
import type { OpenTournament } from '../tournament/tournament.state.js';
import { create, ctx, extend, pairManual, publish, record, register, stateOf } from '../tournament/testing/tournament.test-support.js';
import { divisionGrid, type DivisionGrid } from './grid.js';
import { ExchangeExportError } from './imported.js';
import { importCommands } from './import-commands.js';
import { parseTou, writeTou } from './tou.js';
import { parseTsh, writeTsh } from './tsh.js';

/**
 * Issue 30: .TOU and TSH .t export → import → export on generated tournaments (fast-check): played games, draws,
 * forfeits, double forfeits, byes (several in a round too), absences, withdrawals, games without a result yet (last
 * round), names with digits and names over the .TOU column.
 */
type Outcome = 'win' | 'loss' | 'draw' | 'forfeit-first' | 'forfeit-second' | 'double' | 'open';

interface Plan {
  readonly names: string[];
  readonly ratings: Array<number | null>;
  readonly rounds: Array<{ order: number[]; absent: boolean[]; outcomes: Outcome[]; scores: Array<[number, number]>; twoMoreByes: boolean }>;
  readonly withdraw: Array<number | null>;
}

const NAMES = ['Ames, Ann', 'Player 3', 'Bo Brown', 'Chan 2 Cy', 'Di Diaz', 'Egan, Ed', 'Wolfeschlegelsteinhausen, Hubert', '12 Monkeys', 'Łukasz Ż'];

const plan: fc.Arbitrary<Plan> = fc.integer({ min: 2, max: 7 }).chain((n) =>
  fc.record({
    names: fc.shuffledSubarray(NAMES, { minLength: n, maxLength: n }),
    ratings: fc.array(fc.option(fc.integer({ min: 1, max: 2400 })), { minLength: n, maxLength: n }),
    rounds: fc.array(
      fc.record({
        order: fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => i),
          { minLength: n, maxLength: n },
        ),
        absent: fc.array(
          fc.nat(5).map((x) => x === 0),
          { minLength: n, maxLength: n },
        ),
        outcomes: fc.array(fc.constantFrom<Outcome>('win', 'loss', 'draw', 'forfeit-first', 'forfeit-second', 'double', 'open'), {
          minLength: 4,
          maxLength: 4,
        }),
        scores: fc.array(fc.tuple(fc.integer({ min: 0, max: 998 }), fc.integer({ min: 0, max: 998 })), { minLength: 4, maxLength: 4 }),
        // Two byes more in the round (a manual pairing as TSH records it: RULES.byesAsRecorded).
        twoMoreByes: fc.nat(4).map((x) => x === 0),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    withdraw: fc.array(fc.option(fc.integer({ min: 2, max: 4 }), { freq: 4 }), { minLength: n, maxLength: n }),
  }),
);

function result(o: Outcome, [a, b]: [number, number]): ResultInput | null {
  switch (o) {
    case 'win':
      return { kind: 'played', outcome: 'first', score: { first: Math.max(a, b) + 1, second: Math.min(a, b) } };
    case 'loss':
      return { kind: 'played', outcome: 'second', score: { first: Math.min(a, b), second: Math.max(a, b) + 1 } };
    case 'draw':
      return { kind: 'played', outcome: 'draw', score: { first: a, second: a } };
    case 'forfeit-first':
      return { kind: 'forfeit', absent: 'first' };
    case 'forfeit-second':
      return { kind: 'forfeit', absent: 'second' };
    case 'double':
      return { kind: 'double-forfeit' };
    case 'open':
      return null;
  }
}

/** The tournament the plan describes, run through the tournament decider. */
function tournament(p: Plan): OpenTournament {
  const id = (i: number) => `p${i + 1}`;
  const commands: TournamentCommand[] = [create({ pairingSystems: ['australian-draw'] })];
  p.names.forEach((name, i) => commands.push(register(id(i), { name, ...(p.ratings[i] !== null && { rating: p.ratings[i] }) })));
  p.rounds.forEach((r, k) => {
    const round = k + 1;
    const last = k === p.rounds.length - 1;
    const out = (i: number) => p.withdraw[i] !== null && (p.withdraw[i] as number) <= round;
    p.withdraw.forEach((w, i) => {
      if (w === round) commands.push({ type: 'tournament.withdraw-player', context: ctx(), data: { playerId: id(i), fromRound: round, reason: 'left' } });
    });
    const playing = r.order.filter((i) => !out(i) && !r.absent[i]);
    r.order
      .filter((i) => !out(i) && r.absent[i])
      .forEach((i) => commands.push({ type: 'tournament.mark-absent', context: ctx(), data: { playerId: id(i), round } }));
    const byes = playing.length % 2 === 1 ? [playing.pop() as number] : [];
    if (r.twoMoreByes && playing.length >= 2) byes.push(playing.pop() as number, playing.pop() as number);
    const games: PairedGame[] = [];
    for (let g = 0; g + 1 < playing.length; g += 2) games.push({ table: g / 2 + 1, first: id(playing[g]), second: id(playing[g + 1]) });
    const bye = byes.length === 0 ? null : id(byes[0]);
    commands.push(pairManual(round, games, bye, [], undefined, byes.length > 1 ? byes.map(id) : undefined), publish(round));
    games.forEach((g, t) => {
      // A round's scores are written in order: only the last round may hold a game without its result yet.
      const outcome = r.outcomes[t % 4] === 'open' && !last ? 'win' : r.outcomes[t % 4];
      const res = result(outcome, r.scores[t % 4]);
      if (res) commands.push(record(round, g.table, res));
    });
  });
  return stateOf(extend([], ...commands));
}

function recorded(plan: ReturnType<typeof importCommands>): OpenTournament {
  return stateOf(extend([], ...plan.commands.map((c) => ({ ...c, context: ctx('admin') }) as TournamentCommand)));
}

const forfeitWins = (g: DivisionGrid) => g.players.flatMap((p) => p.cells.filter((c) => c.kind === 'forfeit' && c.won && !c.double).map(() => p.number));

describe('exchange round trip (property)', () => {
  it('TSH .t: export → import → export is byte-identical, forfeits and double forfeits come back as forfeits, never as games', () => {
    let severalByes = 0;
    fc.assert(
      fc.property(plan, (p) => {
        const grid = divisionGrid(tournament(p), 'main');
        if (Array.from({ length: grid.rounds }, (_, k) => grid.players.filter((x) => x.cells[k]?.kind === 'bye').length).some((n) => n > 1)) severalByes++;
        const first = writeTsh(grid);
        const file = parseTsh(first, 'main');
        const plan2 = importCommands(file, { id: 'again', name: 'Again', format: 'TSH' });
        // Nothing the file says is left unrecorded: a forfeit's spread is the profile's, as written.
        expect([...file.notKept, ...plan2.notKept]).toEqual([]);
        const again = divisionGrid(recorded(plan2), 'main');
        expect(writeTsh(again)).toBe(first);
        // A forfeit is recorded as a forfeit, not as a played (rated) game.
        const kinds = (g: DivisionGrid) =>
          g.players.map((x) => x.cells.map((c) => (c.kind === 'forfeit' ? `f${c.won ? 'w' : 'l'}${c.double ? 'd' : ''}` : c.kind)));
        expect(kinds(again)).toEqual(kinds(grid));
      }),
      { numRuns: 200 },
    );
    // RULES.byesAsRecorded: rounds with two or three byes are among the generated ones and come back as byes.
    expect(severalByes).toBeGreaterThan(0);
  });

  it('.TOU: export → import → export is byte-identical; a forfeit win (against oneself) is listed as not kept; names the column cannot hold are refused', () => {
    fc.assert(
      fc.property(plan, (p) => {
        const misfits = (g: DivisionGrid) => g.players.filter((x) => x.name.length > 20 || x.name.split(' ').some((w) => /^\d+$/.test(w)));
        const given = divisionGrid(tournament(p), 'main');
        for (const misfit of misfits(given).slice(0, 1)) {
          expect(() => writeTou('Club', '2026-11-29', [given])).toThrow(ExchangeExportError);
          expect(() => writeTou('Club', '2026-11-29', [given])).toThrow(`player ${misfit.number} (${misfit.name})`);
        }
        // The same tournament with names the column holds goes round.
        const grid = divisionGrid(
          tournament({ ...p, names: p.names.map((n, i) => (n.length > 20 || /(^| )\d+( |$)/.test(n) ? `Fit ${'ABCDEFG'[i]}` : n)) }),
          'main',
        );
        expect(misfits(grid)).toEqual([]);
        const first = writeTou('Club', '2026-11-29', [grid]);
        const file = parseTou(first);
        // The date and each forfeit win: what .TOU says and Arbitra does not record, each with its line.
        expect(file.notKept.map((k) => k.line)).toEqual([1, ...forfeitWins(grid).map((n) => n + 2)].sort((a, b) => a - b));
        const again = divisionGrid(recorded(importCommands(file, { id: 'again', name: 'Club', format: 'TOU' })), 'main');
        // No game is invented between a forfeit's players: the forfeit win comes back as no game (0000 against oneself).
        const lines = first.split('\r\n');
        const expected = lines
          .map((line, i) =>
            file.notKept.some((k) => k.line === i + 1 && i > 0)
              ? line.replace(/ 2\d{3} +(\d+)/g, (m, self: string) => (Number(self) === i - 1 ? ` 0000 ${self.padStart(4, ' ')}` : m))
              : line,
          )
          .join('\r\n');
        expect(writeTou('Club', '2026-11-29', [again])).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});
