import type { Driver } from '../driver.js';

/** How the contract suite plays a short linked game of rapid chess (test/discipline-contract.e2e.spec.ts). */
export const DRIVER: Driver = {
  discipline: 'chess-rapid',
  route: 'chess',
  seats: 2,
  async play({ h, arbiter, id, players, link }) {
    await h.post('/v1/chess/games', { id, players, timeControl: { minutes: 30 }, link }, arbiter);
    // Rapid rules 24: two minutes to the opponent's clock.
    const penalty = { seat: 1, penalty: { kind: 'time-to-opponent', ms: 120_000 }, rule: 'rapid rules 24', reason: 'phone rang' };
    await h.post(`/v1/chess/games/${id}/penalties`, penalty, arbiter);
    await h.post(`/v1/chess/games/${id}/resignation`, { seat: 0 }, arbiter);
  },
};
