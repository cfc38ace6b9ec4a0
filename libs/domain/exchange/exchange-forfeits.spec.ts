import { describe, expect, it } from '@jest/globals';
import type { TournamentCommand } from '../tournament/tournament.commands.js';
import { roundKey, type OpenTournament } from '../tournament/tournament.state.js';
import { create, ctx, extend, game, pairManual, publish, record, register, run, scrabble, stateOf } from '../tournament/testing/tournament.test-support.js';
import { divisionGrid } from './grid.js';
import { ExchangeExportError } from './imported.js';
import { importCommands } from './import-commands.js';
import { parseTou, writeTou } from './tou.js';
import { parseTsh, writeTsh } from './tsh.js';

/**
 * Issue 30: forfeits and double forfeits in the Scrabble exchange files, and the names each file can hold.
 * Round 1: Ann beats Bo 420–380; Cy is absent against Di (Di wins by forfeit). Round 2: Ann and Di both absent
 * (double forfeit); Bo beats Cy 400–350.
 */
function forfeits(names: Record<string, string> = {}): OpenTournament {
  const r = (id: string, name: string) => register(id, { name: names[id] ?? name });
  return stateOf(
    run(
      create(),
      r('a', 'Ann Ames'),
      r('b', 'Bo Brown'),
      r('c', 'Cy Chan'),
      r('d', 'Di Diaz'),
      pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]),
      publish(1),
      record(1, 1, scrabble(420, 380)),
      record(1, 2, { kind: 'forfeit', absent: 'first' }),
      pairManual(2, [game(1, 'a', 'd'), game(2, 'b', 'c')]),
      publish(2),
      record(2, 1, { kind: 'double-forfeit' }),
      record(2, 2, scrabble(400, 350)),
    ),
  );
}

const recorded = (plan: ReturnType<typeof importCommands>): OpenTournament =>
  stateOf(extend([], ...plan.commands.map((c) => ({ ...c, context: ctx('admin') }) as TournamentCommand)));

describe('TSH .t forfeits', () => {
  it('writes a forfeit as TSH does (opponent 0, the signed spread, p12 0), keeps the table in board and the opponent in a forfeit field', () => {
    const lines = writeTsh(divisionGrid(forfeits(), 'main')).split('\n');
    // Cy, absent in round 1: 0 against opponent 0, -100; round 2 a played game against Bo.
    expect(lines[2]).toBe('Cy Chan                    0 0 2; -100 350; board 2 2; p12 0 2; forfeit 4 0');
    expect(lines[3]).toBe('Di Diaz                    0 0 0; 100 -100; board 2 1; p12 0 0; forfeit 3 1');
    expect(lines[0]).toBe('Ann Ames                   0 2 0; 420 -100; board 1 1; p12 1 0; forfeit 0 4');
  });

  it('reads them back as a forfeit and a double forfeit at their tables, never as a played game', () => {
    const t = recorded(importCommands(parseTsh(writeTsh(divisionGrid(forfeits(), 'main')), 'main'), { id: 'x', name: 'X', format: 'TSH' }));
    const results = (round: number) => Object.values(t.rounds[roundKey('main', round)].results).map((r) => r.kind);
    expect(results(1).sort()).toEqual(['forfeit', 'played']);
    expect(results(2).sort()).toEqual(['double-forfeit', 'played']);
    expect(t.rounds[roundKey('main', 1)].results.t2).toMatchObject({ kind: 'forfeit', absent: 'first', first: 'cy-chan', second: 'di-diaz' });
  });

  it('a file’s ±50 forfeit is recorded with the profile’s spread and the file’s is listed as not kept', () => {
    const t = 'Ann 1500 0; 50; board 3; p12 0; forfeit 2\nBo 1400 0; -50; board 3; p12 0; forfeit 1\n';
    const file = parseTsh(t, 'A');
    expect(file.divisions[0].players[0].rounds[0]).toEqual({ kind: 'forfeit', opponent: 2, won: true, double: false, spread: 50, table: 3 });
    expect(importCommands(file, { id: 'x', name: 'X', format: 'TSH' }).notKept).toEqual([
      { line: 1, text: 'round 1: forfeit spread 50', why: expect.stringContaining('profile’s (100)') },
      { line: 2, text: 'round 1: forfeit spread 50', why: expect.stringContaining('profile’s (100)') },
    ]);
  });

  it('refuses a forfeit one side does not name back, or both sides winning, naming the line', () => {
    expect(() => parseTsh('Ann 1500 0; 100; forfeit 2\nBo 1400 0; -100\n', 'A')).toThrow(
      /line 1: round 1: Ann forfeits against Bo, who does not name Ann back/,
    );
    expect(() => parseTsh('Ann 1500 0; 100; forfeit 2\nBo 1400 0; 100; forfeit 1\n', 'A')).toThrow(/line 1: round 1: Ann and Bo both have a forfeit win/);
    expect(() => parseTsh('Ann 1500 2; 100; forfeit 2\nBo 1400 1; 100\n', 'A')).toThrow(/line 1: round 1: a game against 2 cannot also be a forfeit/);
  });
});

describe('TSH .t names', () => {
  it('a name holding numbers ("Player 3", "12 Monkeys") is written and read back whole (the p12 field counts the rounds)', () => {
    const grid = divisionGrid(forfeits({ a: 'Player 3', c: '12 Monkeys' }), 'main');
    const file = parseTsh(writeTsh(grid), 'main');
    expect(file.divisions[0].players.map((p) => p.name)).toEqual(['Player 3', 'Bo Brown', '12 Monkeys', 'Di Diaz']);
  });

  it('refuses to write a name holding the field separator ;, naming the player and the rule', () => {
    const grid = divisionGrid(forfeits({ b: 'Bo; Brown' }), 'main');
    expect(() => writeTsh(grid)).toThrow(ExchangeExportError);
    expect(() => writeTsh(grid)).toThrow('player 2 (Bo; Brown) cannot be written in a .t line');
  });
});

describe('.TOU forfeits and names', () => {
  it('writes a forfeit against oneself (never a rated game between the two): the winner 2000 + spread, an absent player 0000', () => {
    const lines = writeTou('Club', '2026-11-29', [divisionGrid(forfeits(), 'main')]).split('\r\n');
    expect(lines[4]).toBe('Cy Chan              0000    3  350    2');
    expect(lines[5]).toBe('Di Diaz              2100    4 0000    4');
    expect(lines[2]).toBe('Ann Ames             2420   +2 0000    1');
  });

  it('reads a win against oneself as no game and lists it as not kept: .TOU does not say against whom', () => {
    const file = parseTou(writeTou('Club', '2026-11-29', [divisionGrid(forfeits(), 'main')]));
    expect(file.notKept).toContainEqual({ line: 6, text: 'round 1: 2100 4', why: expect.stringContaining('does not say against whom') });
    expect(file.divisions[0].players[3].rounds).toEqual([{ kind: 'absent' }, { kind: 'absent' }]);
  });

  it('refuses a name over the 20-column field or holding a number, naming the player and the rule', () => {
    expect(() => writeTou('Club', '2026-11-29', [divisionGrid(forfeits({ b: 'Wolfeschlegelsteinhausen, Hubert' }), 'main')])).toThrow(
      'player 2 (Wolfeschlegelsteinhausen, Hubert) cannot be written in a .TOU file: the name is 32 characters, over the 20-column name field',
    );
    expect(() => writeTou('Club', '2026-11-29', [divisionGrid(forfeits({ c: 'Player 3' }), 'main')])).toThrow(
      'player 3 (Player 3) cannot be written in a .TOU file: the name holds a word that is a number',
    );
  });
});

describe('TSH .t: several byes in one round (RULES.byesAsRecorded)', () => {
  /** Round 1: Ann beats Bo; Cy and Di both have a bye (an even field: TSH writes each against opponent 0). */
  const twoByes = (): OpenTournament =>
    stateOf(
      run(
        create(),
        register('a', { name: 'Ann Ames' }),
        register('b', { name: 'Bo Brown' }),
        register('c', { name: 'Cy Chan' }),
        register('d', { name: 'Di Diaz' }),
        pairManual(1, [game(1, 'a', 'b')], 'c', [], undefined, ['c', 'd']),
        publish(1),
        record(1, 1, scrabble(420, 380)),
      ),
    );

  it('byesAsRecorded: two byes in a round go out as two opponent-0 rounds and come back as two byes; the file is the same', () => {
    const first = writeTsh(divisionGrid(twoByes(), 'main'));
    expect(first.split('\n').slice(2, 4)).toEqual(['Cy Chan                    0 0; 50; board 0; p12 0', 'Di Diaz                    0 0; 50; board 0; p12 0']);
    const file = parseTsh(first, 'main');
    expect(file.divisions[0].players.map((p) => p.rounds[0].kind)).toEqual(['game', 'game', 'bye', 'bye']);
    const again = recorded(importCommands(file, { id: 'x', name: 'X', format: 'TSH' }));
    const r1 = again.rounds[roundKey('main', 1)];
    expect([r1.bye, r1.byes]).toEqual(['cy-chan', ['cy-chan', 'di-diaz']]);
    expect(Object.values(r1.results).filter((x) => x.kind === 'bye').length).toBe(2);
    expect(writeTsh(divisionGrid(again, 'main'))).toBe(first);
  });

  it('byesAsRecorded: the .TOU file writes both byes (1350 against oneself) and reads both back', () => {
    const first = writeTou('Club', '2026-11-29', [divisionGrid(twoByes(), 'main')]);
    const file = parseTou(first);
    expect(file.divisions[0].players.map((p) => p.rounds[0].kind)).toEqual(['game', 'game', 'bye', 'bye']);
    const again = recorded(importCommands(file, { id: 'x', name: 'Club', format: 'TOU' }));
    expect(writeTou('Club', '2026-11-29', [divisionGrid(again, 'main')])).toBe(first);
  });
});

describe('TSH .t: a game whose file does not say who went first', () => {
  it('issue 30: p12 3 on both lines is recorded with the lower-numbered player first, and listed as not kept with its line', () => {
    const plan = importCommands(parseTsh('Ann 1500 2; 400; board 1; p12 3\nBo 1400 1; 350; board 1; p12 3\n', 'A'), { id: 'x', name: 'X', format: 'TSH' });
    expect(plan.notKept).toEqual([
      {
        line: 1,
        text: 'round 1: who went first against Bo',
        why: 'the file does not say who went first: the game is recorded with the lower-numbered player first',
      },
    ]);
    expect(recorded(plan).rounds[roundKey('A', 1)].results.t1).toMatchObject({ first: 'ann', second: 'bo' });
  });
});
