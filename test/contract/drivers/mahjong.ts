import type { Driver } from '../driver.js';

/** How the contract suite plays a short linked game of mahjong (test/discipline-contract.e2e.spec.ts). */
export const DRIVER: Driver = {
  discipline: 'mahjong',
  route: 'mahjong',
  seats: 4,
  async play({ h, arbiter, id, players, link }) {
    const g = `/v1/mahjong/games/${id}`;
    const post = (path: string, body: object) => h.post(path, body, arbiter);
    await post('/v1/mahjong/games', { id, players, link });
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
};
