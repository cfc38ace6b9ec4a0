import { SCRABBLE_VERB_ROUTES } from '../../../libs/api/scrabble/scrabble-verb-routes.controller.js';
import { GAME_OFFICIALS, GAME_SELF, get, post as row, PUBLIC } from '../../authorization/rows.js';
import { at, type Driver } from '../driver.js';

/** The deprecated verb routes that only officials reach (as their nouns). */
const OFFICIAL_ONLY_VERBS = new Set(['clock/pause', 'clock/resume', 'clock/switch']);

/** How the contract suite plays a short linked game of Scrabble (test/discipline-contract.e2e.spec.ts). */
export const DRIVER: Driver = {
  discipline: 'scrabble',
  route: 'scrabble',
  seats: 2,
  start: ({ id, players, link }) => ({
    id,
    players,
    starter: 0,
    clockSide: 'right',
    clockSideChosenBy: 1,
    tilesCounted: 100,
    ...(link && { link }),
    at: at(0),
  }),
  async play({ h, arbiter, id }) {
    const g = `/v1/scrabble/games/${id}`;
    const post = (path: string, body: object) => h.post(path, body, arbiter);
    await post(`${g}/draws`, { seat: 0, count: 7, at: at(1) });
    await post(`${g}/draws`, { seat: 1, count: 7, at: at(2) });
    await post(`${g}/moves`, { seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22, at: at(10) });
    for (let i = 0; i < 6; i++) await post(`${g}/moves`, { seat: i % 2 === 0 ? 1 : 0, move: { kind: 'pass' }, at: at(20 + i) });
    const racks = [
      { seat: 0, rack: 'AEINR' },
      { seat: 1, rack: 'STUVWXY' },
    ];
    await post(`${g}/end-racks`, { racks, at: at(30) });
    // WESPA seed 過時: the TD enters 10 points of overtime.
    await post(`${g}/time-penalties`, { seat: 1, points: 10, at: at(31) });
    await post(`${g}/signatures`, { seat: 0, at: at(32) });
    await post(`${g}/signatures`, { seat: 1, at: at(33) });
  },
  async inProgress({ h, arbiter, id, players }) {
    // Tracked tiles: the racks are recorded, and hidden from all but their seat while the game is in progress.
    const start = { id, players, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, tracking: true, at: at(0) };
    await h.post('/v1/scrabble/games', start, arbiter);
    await h.post(`/v1/scrabble/games/${id}/draws`, { seat: 0, tiles: 'AEIQRST'.split(''), at: at(1) }, arbiter);
    await h.post(`/v1/scrabble/games/${id}/draws`, { seat: 1, tiles: 'AENORXZ'.split(''), at: at(2) }, arbiter);
  },
  ownRoutes: ({ own, game }) => [
    // The verb routes before issue 28, each a 308 to its noun (the noun route then checks the game).
    ...Object.entries(SCRABBLE_VERB_ROUTES).map(([from, to]) =>
      row(`/v1/scrabble/games/:id/${from}`, OFFICIAL_ONLY_VERBS.has(from) ? GAME_OFFICIALS : GAME_SELF, 'none', {
        params: { id: game },
        note: `deprecated: 308 to …/${to}`,
      }),
    ),
    // Its tournaments' exchange files (libs/api/scrabble): published rounds only, to anyone; imports create a tournament
    // like POST /v1/tournaments.
    { ...get('/v1/scrabble/tournaments/:id/tou', PUBLIC, 'tournament', 'WESPA .TOU; published rounds only'), tournament: own },
    { ...get('/v1/scrabble/tournaments/:id/tsh', PUBLIC, 'tournament', 'TSH .t of one division; published rounds only'), tournament: own },
    row('/v1/scrabble/tournaments/import/tou', ['admin', 'chief-arbiter'], 'tournament-in-body', {
      body: { tou: '*M29.11.2026 Authz\r\n*A\r\nAnn 2400 2\r\nBo 300 +1\r\n*** END OF FILE ***\r\n' },
      note: 'a chief arbiter imports only a tournament id their token names',
    }),
    row('/v1/scrabble/tournaments/import/tsh', ['admin', 'chief-arbiter'], 'tournament-in-body', {
      body: { name: 'Authz', divisions: [{ name: 'A', t: 'Ann 1500 2; 400; p12 1\nBo 1400 1; 300; p12 2\n' }] },
      note: 'a chief arbiter imports only a tournament id their token names',
    }),
  ],
};
