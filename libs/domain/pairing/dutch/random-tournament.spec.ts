import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../kernel/errors.js';
import { checkTrf } from './check.js';
import { randomTournament } from './random-tournament.js';
import { readTrf } from './trf-read.js';

/** Issue 29: the random tournament generator FIDE Handbook C.04.A asks of an endorsed program. */
const codes = (trf: string): string[] => readTrf(trf).players.flatMap((p) => p.blocks.map((b) => (b ? b.result : ' ')));

describe('random tournament generator (FIDE Handbook C.04.A)', () => {
  it('the same seed gives the same file byte for byte; another seed another file', () => {
    const a = randomTournament({ players: 20, rounds: 5, seed: 11, forfeitRate: 0.05, byeRate: 0.05, withdrawRate: 0.03 });
    const b = randomTournament({ players: 20, rounds: 5, seed: 11, forfeitRate: 0.05, byeRate: 0.05, withdrawRate: 0.03 });
    const c = randomTournament({ players: 20, rounds: 5, seed: 12, forfeitRate: 0.05, byeRate: 0.05, withdrawRate: 0.03 });
    expect(b.trf).toBe(a.trf);
    expect(c.trf).not.toBe(a.trf);
  });

  it.each([
    { players: 9, rounds: 5, seed: 1 },
    { players: 16, rounds: 7, seed: 2, drawRate: 0.5 },
    { players: 23, rounds: 6, seed: 3, forfeitRate: 0.08, byeRate: 0.05, withdrawRate: 0.04 },
    { players: 40, rounds: 8, seed: 4, forfeitRate: 0.03, byeRate: 0.02, withdrawRate: 0.02 },
  ])('C.04.A: the pairings checker finds every round as the Dutch rules pair it (C.04.3): $players players, $rounds rounds, seed $seed', (config) => {
    const t = randomTournament(config);
    const checks = checkTrf(t.trf);
    expect(checks).toHaveLength(config.rounds);
    expect(checks.filter((c) => !c.identical).map((c) => [c.round, c.details])).toEqual([]);
  });

  it('writes the players, XXR, XXC white1, ratings within the bounds, starting ranks by rating and the points column as the results give', () => {
    const t = randomTournament({ players: 31, rounds: 6, seed: 5, lowestRating: 1800, highestRating: 2200, forfeitRate: 0.05, byeRate: 0.05 });
    const file = readTrf(t.trf);
    expect(file.players).toHaveLength(31);
    expect(file.plannedRounds).toBe(6);
    expect(file.initialColour).toBe('W');
    expect(file.roundsInFile).toBe(6);
    const ratings = file.players.map((p) => p.rating as number);
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(1800);
    expect(Math.max(...ratings)).toBeLessThanOrEqual(2200);
    expect(ratings).toEqual(ratings.slice().sort((x, y) => y - x));
    const value: Record<string, number> = { '1': 1, '=': 0.5, '0': 0, '+': 1, '-': 0, U: 1, H: 0.5, Z: 0 };
    for (const line of t.trf.split('\n').filter((l) => l.startsWith('001'))) {
      const p = file.players.find((x) => x.tpn === Number(line.slice(4, 8)))!;
      expect(Number(line.slice(80, 84))).toBe(p.blocks.reduce((s, b) => s + value[b!.result]!, 0));
    }
    // Every game is written from both sides, with opposite colours and matching results.
    const mirror: Record<string, string> = { '1': '0', '0': '1', '=': '=', '+': '-', '-': '+' };
    for (const p of file.players)
      p.blocks.forEach((b, r) => {
        if (!b || b.opponent === 0) return;
        const o = file.players.find((x) => x.tpn === b.opponent)!.blocks[r]!;
        expect([o.opponent, o.colour, o.result]).toEqual([p.tpn, b.colour === 'W' ? 'B' : 'W', mirror[b.result]]);
      });
  });

  it('XXR tells the truth: a round where fewer than two players take part is written without games, and the file keeps XXR rounds', () => {
    // Seed 2: withdrawals and half-point byes leave fewer than two players to pair in a late round.
    const t = randomTournament({ players: 8, rounds: 6, seed: 2, withdrawRate: 0.3, byeRate: 0.2 });
    const file = readTrf(t.trf);
    expect([t.rounds, file.plannedRounds, file.roundsInFile]).toEqual([6, 6, 6]);
    const gamesIn = (r: number) => file.players.filter((p) => (p.blocks[r - 1]?.opponent ?? 0) > 0).length / 2;
    expect([1, 2, 3, 4, 5, 6].filter((r) => gamesIn(r) === 0).length).toBeGreaterThan(0);
    expect(file.players.every((p) => p.blocks.length === 6 && p.blocks.every((b) => b !== null))).toBe(true);
    const checks = checkTrf(t.trf);
    expect(checks.map((c) => [c.round, c.identical])).toEqual([1, 2, 3, 4, 5, 6].map((r) => [r, true]));
  });

  it('rates of 0 write no forfeits, half-point byes, withdrawals or draws; rates of 1 make every game a forfeit', () => {
    const none = codes(randomTournament({ players: 30, rounds: 6, seed: 6, drawRate: 0, forfeitRate: 0, byeRate: 0, withdrawRate: 0 }).trf);
    expect(none.filter((c) => ['+', '-', 'H', 'Z', '='].includes(c))).toEqual([]);
    expect(none.filter((c) => c === '1')).toHaveLength(90);
    const forfeited = randomTournament({ players: 10, rounds: 3, seed: 6, forfeitRate: 1 });
    expect(forfeited.forfeits).toBe(forfeited.games);
    expect(codes(forfeited.trf).filter((c) => ['1', '0', '='].includes(c))).toEqual([]);
  });

  it('results follow the rating difference: draws near the draw rate between equals, the far stronger player nearly always wins', () => {
    const equals = randomTournament({ players: 100, rounds: 5, seed: 7, drawRate: 0.3, lowestRating: 2000, highestRating: 2000 });
    expect(equals.draws / equals.games).toBeGreaterThan(0.22);
    expect(equals.draws / equals.games).toBeLessThan(0.38);
    // Round 1 pairs the top half against the bottom half: with ratings 1000–3000 the rating gap is large.
    const file = readTrf(randomTournament({ players: 100, rounds: 1, seed: 8, drawRate: 0.2, lowestRating: 1000, highestRating: 3000 }).trf);
    const rating = new Map(file.players.map((p) => [p.tpn, p.rating as number]));
    const stronger = file.players.filter((p) => p.blocks[0]!.opponent !== 0 && rating.get(p.tpn)! > rating.get(p.blocks[0]!.opponent)! + 600);
    expect(stronger.length).toBeGreaterThan(20);
    expect(stronger.filter((p) => p.blocks[0]!.result === '1').length / stronger.length).toBeGreaterThan(0.8);
  });

  it('refuses sizes and rates out of range, naming the field; a field too small for its rounds names the rounds', () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof DomainError ? { type: e.type, field: e.field, kind: e.kind } : e;
      }
      return null;
    };
    expect(refusal(() => randomTournament({ players: 1001, rounds: 5, seed: 1 }))).toEqual({
      type: 'random-tournament/out-of-range',
      field: 'players',
      kind: 'invalid',
    });
    expect(refusal(() => randomTournament({ players: 10, rounds: 21, seed: 1 }))).toEqual({
      type: 'random-tournament/out-of-range',
      field: 'rounds',
      kind: 'invalid',
    });
    expect(refusal(() => randomTournament({ players: 10, rounds: 3, seed: 1, drawRate: 1.5 }))).toMatchObject({ field: 'drawRate' });
    expect(refusal(() => randomTournament({ players: 10, rounds: 3, seed: 1.5 }))).toMatchObject({ field: 'seed' });
    expect(refusal(() => randomTournament({ players: 10, rounds: 3, seed: 1, lowestRating: 2700 }))).toMatchObject({ field: 'lowestRating' });
    expect(refusal(() => randomTournament({ players: 4, rounds: 5, seed: 1 }))).toEqual({
      type: 'random-tournament/no-pairing',
      field: 'rounds',
      kind: 'invalid',
    });
  });
});
