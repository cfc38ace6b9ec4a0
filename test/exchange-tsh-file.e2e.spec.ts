import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { divisionGrid, importCommands, parseTsh, writeTsh } from '../libs/domain/exchange/index.js';
import type { TournamentCommand } from '../libs/domain/tournament/index.js';
import { ctx, extend, stateOf } from '../libs/domain/tournament/testing/tournament.test-support.js';

/** Issue 15: a real public TSH `.t` file (test/fixtures/tsh/README.md) through the pure import and export, without a server. */
describe('TSH .t: a real public division file', () => {
  const real = readFileSync(new URL('./fixtures/tsh/cop-2023-a.t', import.meta.url), 'utf8');
  const recorded = (plan: ReturnType<typeof importCommands>) =>
    stateOf(extend([], ...plan.commands.map((c) => ({ ...c, context: ctx('admin') }) as TournamentCommand)));

  it('a real public TSH division (26 players, 23 rounds, a withdrawal) is recorded and written back with the same games', () => {
    const file = parseTsh(real, 'A');
    expect(file.divisions[0].players).toHaveLength(26);
    const plan = importCommands(file, { id: 'cop', name: 'COP test division', format: 'TSH' });
    const t = recorded(plan);
    expect(Object.keys(t.rounds)).toHaveLength(23);
    const again = parseTsh(writeTsh(divisionGrid(t, 'A')), 'A').divisions[0].players;
    file.divisions[0].players.forEach((p, i) => {
      expect(again[i].name).toBe(p.name);
      expect(again[i].rating).toBe(p.rating);
      // Every game with both scores, every bye; a withdrawn player's rounds stay without a game.
      expect(again[i].rounds).toEqual(p.rounds);
    });
    // Keras withdrew after round 19: 0 / -50 in the file, absent in Arbitra.
    expect(file.divisions[0].players[15].rounds.slice(19)).toEqual(Array(4).fill({ kind: 'absent' }));
    expect(file.notKept.some((n) => n.text.startsWith('newr'))).toBe(true);
    // Issue 30: TSH's -50 against no one is a forfeit loss (TSH data entry: "-50 for a forfeit"); Arbitra records forfeits
    // at a paired table, so each such round is listed as not kept, with its line, never silently dropped.
    const lost = file.notKept.filter((k) => k.why.startsWith('a forfeit loss against no one'));
    expect(lost.map((k) => `${k.line} ${k.text}`)).toEqual(['16 round 20: 0 -50', '16 round 21: 0 -50', '16 round 22: 0 -50', '16 round 23: 0 -50']);
  });
});
