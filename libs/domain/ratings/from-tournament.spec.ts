import { describe, expect, it } from '@jest/globals';
import { create, mjTable, pairManual, publish, record, register, run, stateOf } from '../tournament/testing/tournament.test-support.js';
import { ratedTournaments } from './from-tournament.js';
import { EMA_RANKING_V2 } from './mahjong-ema.js';
import { mahjongPeriod } from './mahjong-ranking.js';

const seats = (players: string[], points: number[]) => ({
  kind: 'mahjong-table' as const,
  seats: players.map((player, i) => ({ player, points: points[i] })),
});

describe('a mahjong tournament as ranking input (issue 31)', () => {
  it('N counts every player of the standings: with two unidentified players the 7th of 8 gets 1000 × 1/7, not below 0', () => {
    const players = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const history = run(
      create({ discipline: 'mahjong', roundsPlanned: 1 }),
      // b and e have no federation id: placed, not identified.
      ...players.map((id) => register(id, { country: id < 'e' ? 'HKG' : 'MAC', ...(id !== 'b' && id !== 'e' && { federationId: `F-${id}` }) })),
      pairManual(1, [], null, [mjTable(1, ['a', 'b', 'c', 'd']), mjTable(2, ['e', 'f', 'g', 'h'])]),
      publish(1),
      record(1, 1, seats(['a', 'b', 'c', 'd'], [80, 40, -50, -70])),
      record(1, 2, seats(['e', 'f', 'g', 'h'], [60, 20, -30, -50])),
    );
    const t = stateOf(history);
    const { tournaments, unmatched } = ratedTournaments(t, (p) => (p.federationId ? { id: p.federationId } : null), '2026-06-30');
    expect(unmatched.map((u) => u.player)).toEqual(['b', 'e']);
    const [rated] = tournaments;
    expect(rated.field).toBe(8);
    expect(rated.countries).toBe(2);
    const out = mahjongPeriod(new Map(), { period: 'p', closesOn: '2026-06-30', tournaments: [rated] }, EMA_RANKING_V2, 1095);
    const points = Object.fromEntries([...out].map(([id, r]) => [id, r.results?.[0].points]));
    const place = Object.fromEntries((rated.placings ?? []).map((x) => [x.player, x.place]));
    for (const [id, p] of Object.entries(points)) expect(p).toBeCloseTo((1000 * (8 - place[id])) / 7, 9);
    expect(Math.min(...Object.values(points).map(Number))).toBeGreaterThanOrEqual(0);
    // Places run to 8 (the field), so the last identified player scores exactly 0, never less.
    expect(Math.max(...Object.values(place))).toBe(8);
  });
});
