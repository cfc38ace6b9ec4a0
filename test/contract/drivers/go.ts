import type { Driver } from '../driver.js';

/** How the contract suite plays a short linked game of Go (test/discipline-contract.e2e.spec.ts). */
export const DRIVER: Driver = {
  discipline: 'go',
  route: 'go',
  seats: 2,
  async play({ h, arbiter, id, players, link }) {
    await h.post('/v1/go/games', { id, players, boardSize: 9, link }, arbiter);
    await h.post(`/v1/go/games/${id}/moves`, { seat: 0, point: 'E5' }, arbiter);
    await h.post(`/v1/go/games/${id}/resignation`, { seat: 1 }, arbiter);
  },
};
