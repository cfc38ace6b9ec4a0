import { get, PUBLIC } from '../../authorization/rows.js';
import type { Driver } from '../driver.js';

/** How the contract suite plays a short linked game of mahjong (test/discipline-contract.e2e.spec.ts). */
export const DRIVER: Driver = {
  discipline: 'mahjong',
  route: 'mahjong',
  seats: 4,
  start: ({ id, players, link }) => ({ id, players, ...(link && { link }) }),
  async play({ h, arbiter, id }) {
    const g = `/v1/mahjong/games/${id}`;
    const post = (path: string, body: object) => h.post(path, body, arbiter);
    await post(`${g}/seat-draws`, { round: 1, winds: ['E', 'S', 'W', 'N'] });
    // WMC 打牌時限: a 40 s turn costs 10 points.
    await post(`${g}/turn-times`, { seat: 2, turns: [{ ms: 40_000 }] });
    for (let hand = 1; hand <= 8; hand++) {
      if (hand === 5) await post(`${g}/seat-draws`, { round: 2, winds: ['W', 'N', 'E', 'S'] });
      await post(`${g}/hands`, { hand, outcome: { kind: 'drawn' } });
      for (let seat = 0; seat < 4; seat++) await post(`${g}/confirmations`, { seat, hand });
    }
    for (let seat = 0; seat < 4; seat++) await post(`${g}/signatures`, { seat });
  },
  // The table session's public record under its own path, and its tournaments' table results (libs/api/mahjong).
  ownRoutes: ({ own, game }) => [
    { ...get('/v1/tables/:id', PUBLIC, 'none', 'the mahjong table session'), params: { id: game } },
    { ...get('/v1/tables/:id/scorecard', PUBLIC, 'none', 'JSON or CSV'), params: { id: game } },
    {
      ...get('/v1/mahjong/tournaments/:id/tables.csv', PUBLIC, 'tournament', 'published rounds only; 422 for a tournament of another discipline'),
      tournament: own,
    },
  ],
};
