import type { Driver } from '../contract/driver.js';

/** The fixture discipline of the test build (test/fixture-discipline): FIXTURE §1–§3. */
export const FIXTURE_DRIVER: Driver = {
  discipline: 'fixture',
  route: 'fixture',
  seats: 2,
  start: ({ id, players, link }) => ({ id, players, ...(link && { link }) }),
  async play({ h, arbiter, id }) {
    await h.post(`/v1/fixture/games/${id}/points`, { seat: 0 }, arbiter);
    await h.post(`/v1/fixture/games/${id}/penalties`, { seat: 1, points: 1, reason: 'slow' }, arbiter);
    await h.post(`/v1/fixture/games/${id}/end`, {}, arbiter);
  },
};
