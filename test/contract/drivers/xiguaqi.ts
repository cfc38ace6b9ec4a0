import type { Driver } from '../driver.js';

/** How the contract suite plays a short linked game of xiguaqi (test/discipline-contract.e2e.spec.ts). */
export const DRIVER: Driver = {
  discipline: 'xiguaqi',
  route: 'xiguaqi',
  seats: 2,
  async play({ h, arbiter, id, players, link }) {
    await h.post('/v1/xiguaqi/games', { id, players, bestOf: 3, first: 0, link }, arbiter);
    await h.post(`/v1/xiguaqi/games/${id}/resignation`, { seat: 0 }, arbiter);
    await h.post(`/v1/xiguaqi/games/${id}/next-games`, {}, arbiter);
    await h.post(`/v1/xiguaqi/games/${id}/resignation`, { seat: 0 }, arbiter);
  },
};
