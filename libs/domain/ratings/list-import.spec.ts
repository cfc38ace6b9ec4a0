import { describe, expect, it } from '@jest/globals';
import { computeList } from './list.js';
import { checkImport, headerProblems, importedList, type ImportLine } from './list-import.js';
import { initialRegistry } from './players.js';
import { resolveProfile } from './profiles.js';
import type { RatedTournament } from './types.js';

const line = (n: number, cells: ImportLine['cells']): ImportLine => ({ line: n, cells: { country: 'HKG', date: '2026-10-31', ...cells } });
const ids = { a: { name: 'A', country: 'HKG' }, b: { name: 'B', country: 'HKG' } };
const game: RatedTournament = {
  id: 't',
  endsOn: '2026-11-10',
  players: [{ id: 'a' }, { id: 'b' }],
  games: [{ round: 1, a: 'a', b: 'b', score: 1 }],
  sessions: 1,
  countries: 1,
};

describe('rating-list import lines (issue 31)', () => {
  it('each engine names what it needs: games for WESPA and FIDE, deviation for Glicko-2', () => {
    const cols = ['federationId', 'name', 'country', 'rating', 'date'];
    expect(headerProblems(cols, resolveProfile('scrabble', { name: 'wespa-elo', version: 1 }).engine)).toEqual(['column games is required for wespa-elo']);
    expect(headerProblems(cols, resolveProfile('xiguaqi', { name: 'glicko2', version: 1 }).engine)).toEqual(['column deviation is required for glicko2']);
    expect(headerProblems([...cols, 'elo'], resolveProfile('go', { name: 'egd-gor', version: 2021 }).engine)).toEqual([
      'unknown column elo; columns: federationId, name, country, rating, games, deviation, volatility, birthYear, date, id',
    ]);
  });

  it('refuses a GoR of 3300 and below −900, naming the lines; a registered federation id keeps its player id', () => {
    const egd = resolveProfile('go', { name: 'egd-gor', version: 2021 }).engine;
    const registry = {
      ...initialRegistry(),
      players: { k: { id: 'k', federationId: 'EGD-1', name: 'K', country: 'HKG', mergedInto: null } },
      byFederationId: { 'EGD-1': 'k' },
    };
    const { problems, checked } = checkImport(
      [
        line(2, { federationId: 'EGD-1', name: 'K', rating: '2100' }),
        line(3, { federationId: 'EGD-2', name: 'L', rating: '3300' }),
        line(4, { federationId: 'EGD-3', name: 'M', rating: '-901' }),
        line(5, { federationId: 'EGD-4', name: 'N', rating: '3299.5' }),
      ],
      egd,
      registry,
    );
    expect(problems.map((p) => `${p.line}:${p.column}`)).toEqual(['3:rating', '4:rating']);
    expect(checked.entries.map((e) => e.player)).toEqual(['k', 'EGD-4']);
    expect(checked.identities.map((p) => p.id)).toEqual(['EGD-4']);
  });

  it.each([
    ['scrabble', 'wespa-elo', 1, { games: '120' }],
    ['go', 'egd-gor', 2021, {}],
    ['chess-rapid', 'fide-rapid', 2024, { games: '120' }],
    ['xiguaqi', 'glicko2', 1, { deviation: '60' }],
  ] as const)('%s (%s): the first period starts from the imported ratings', (discipline, name, version, extra) => {
    const profile = resolveProfile(discipline, { name, version });
    const { problems, checked } = checkImport(
      [line(2, { federationId: 'a', name: 'A', rating: '2000', ...extra }), line(3, { federationId: 'b', name: 'B', rating: '1900', ...extra })],
      profile.engine,
      initialRegistry(),
    );
    expect(problems).toEqual([]);
    const start = importedList(checked.entries, checked.listDate, profile, ids);
    expect(start.entries.map((e) => [e.player, e.rating, e.rank])).toEqual([
      ['a', 2000, null],
      ['b', 1900, null],
    ]);
    const next = computeList(start.entries, { period: '2026-11', closesOn: '2026-11-30', tournaments: [game] }, profile, ids);
    const a = next.entries.find((e) => e.player === 'a');
    // A change against the imported rating (not a first rating from nothing), and a gain for the win.
    expect(a?.change).not.toBeNull();
    expect(a?.rating).toBe(2000 + (a?.change ?? 0));
    expect(a?.change).toBeGreaterThan(0);
  });
});
