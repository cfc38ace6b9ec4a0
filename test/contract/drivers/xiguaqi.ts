import type { Driver } from '../driver.js';

/** How the contract suite plays a short linked game of xiguaqi (test/discipline-contract.e2e.spec.ts). */
export const DRIVER: Driver = {
  discipline: 'xiguaqi',
  route: 'xiguaqi',
  seats: 2,
  start: ({ id, players, link }) => ({ id, players, bestOf: 3, first: 0, ...(link && { link }) }),
  imported: ({ id, players }) => ({ id, record: '[BestOf "3"]\n[MinutesPerGame "20"]\nGame 1 black=0 @0\n1. B 4-7 @1\n', players }),
  async play({ h, arbiter, id }) {
    await h.post(`/v1/xiguaqi/games/${id}/resignation`, { seat: 0 }, arbiter);
    await h.post(`/v1/xiguaqi/games/${id}/next-games`, {}, arbiter);
    await h.post(`/v1/xiguaqi/games/${id}/resignation`, { seat: 0 }, arbiter);
  },
};
