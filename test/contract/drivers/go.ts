import { get, PUBLIC } from '../../authorization/rows.js';
import type { Driver } from '../driver.js';

/** How the contract suite plays a short linked game of Go (test/discipline-contract.e2e.spec.ts). */
export const DRIVER: Driver = {
  discipline: 'go',
  route: 'go',
  seats: 2,
  start: ({ id, players, link }) => ({ id, players, boardSize: 9, ...(link && { link }) }),
  imported: ({ id, players }) => ({ id, sgf: '(;GM[1]FF[4]SZ[19];B[pd];W[dp])', players }),
  async play({ h, arbiter, id }) {
    await h.post(`/v1/go/games/${id}/moves`, { seat: 0, point: 'E5' }, arbiter);
    await h.post(`/v1/go/games/${id}/resignation`, { seat: 1 }, arbiter);
  },
  // Its tournament export (libs/api/go): the EGD results table.
  ownRoutes: ({ own }) => [
    {
      ...get(
        '/v1/go/tournaments/:id/egd',
        PUBLIC,
        'tournament',
        'published rounds only; 422 for a tournament of another discipline, or a name the EGD table cannot carry (a semicolon or a vertical bar)',
      ),
      tournament: own,
    },
  ],
};
