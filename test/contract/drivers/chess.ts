import { get, post, PUBLIC } from '../../authorization/rows.js';
import type { Driver } from '../driver.js';

/** How the contract suite plays a short linked game of rapid chess (test/discipline-contract.e2e.spec.ts). */
export const DRIVER: Driver = {
  discipline: 'chess-rapid',
  route: 'chess',
  seats: 2,
  start: ({ id, players, link }) => ({ id, players, timeControl: { minutes: 30 }, ...(link && { link }) }),
  imported: ({ id, players }) => ({ id, pgn: '1. e4 e5 *', players }),
  async play({ h, arbiter, id }) {
    // Rapid rules 24: two minutes to the opponent's clock.
    const penalty = { seat: 1, penalty: { kind: 'time-to-opponent', ms: 120_000 }, rule: 'rapid rules 24', reason: 'phone rang' };
    await h.post(`/v1/chess/games/${id}/penalties`, penalty, arbiter);
    await h.post(`/v1/chess/games/${id}/resignation`, { seat: 0 }, arbiter);
  },
  // Its tournament exports, the TRF-16 import and the C.04.A random tournament generator (libs/api/chess).
  ownRoutes: ({ own }) => [
    { ...get('/v1/chess/tournaments/:id/trf', PUBLIC, 'tournament', 'published rounds only; 422 for a tournament of another discipline'), tournament: own },
    {
      ...get('/v1/chess/tournaments/:id/rounds/:n/pgn', PUBLIC, 'tournament', 'the round’s linked games in table order; 404 before publication, to anyone'),
      tournament: own,
    },
    {
      ...get(
        '/v1/chess/tournaments/:id/dutch-check',
        PUBLIC,
        'tournament',
        'the FIDE Dutch checker on the TRF-16 export: published rounds only; 422 for a tournament of another discipline',
      ),
      tournament: own,
    },
    get(
      '/v1/chess/random-tournament.trf',
      ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee', 'player'],
      'none',
      'the C.04.A random tournament generator: records nothing, but pairs every round on the request, so a token is needed',
    ),
    post('/v1/chess/tournaments/import/trf', ['admin', 'chief-arbiter'], 'tournament-in-body', {
      body: {
        trf: '012 Authz\n001    1      Ann Ames                          1800                             1.0    1     2 w 1\n001    2      Bo Brown                          1700                             0.0    2     1 b 0\n',
      },
      note: 'a chief arbiter imports only a tournament id their token names',
    }),
  ],
};
