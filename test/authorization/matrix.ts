/**
 * The authorization matrix: every route the records server registers, who may call it, and whether
 * the tournament a token names matters. test/authorization-matrix.e2e.spec.ts checks the running
 * server against it (a registered route without a row fails, a row without a route fails) and
 * docs/authorization-matrix.md is rendered from it (`AUTHZ_WRITE_DOC=1` rewrites the file).
 *
 * A new endpoint needs one row here: method and path exactly as registered (Fastify's `:param`
 * form), the roles the README grants it, and its scope. A body is built from the OpenAPI example
 * of the route's request schema; give `body` only when that example does not pass validation.
 * A route whose tournament comes from another resource (an appeal, a chess game) needs that
 * resource created in the spec's setup, linked to the own tournament, and named in `params`
 * (or a new `Scope`): otherwise its "other" cells answer 404, not 403, and the test fails.
 */
import type { TokenRole } from '../../libs/api/auth/principal.js';
import { SCRABBLE_VERB_ROUTES } from '../../libs/api/scrabble/scrabble-verb-routes.controller.js';
import { declaredRows } from './declared-rows.js';

/** A caller: a token of one role, or no token at all. */
export type Who = TokenRole | 'anonymous';
export const WHO: readonly Who[] = ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee', 'player', 'anonymous'];

/**
 * Where the tournament the call acts in comes from. A scoped route is called once on the
 * tournament the token names ("own") and once with a token naming another tournament ("other");
 * every role but admin is refused on the other (docs/api.md, Roles: officials act only in the
 * tournaments their token names; a player of a linked game acts only with a token naming it).
 *  - none: no tournament involved (or the answer is filtered, not refused): own and other alike.
 *  - tournament: the `:id` path parameter is the tournament.
 *  - tournament-in-body: the body's `id` is the tournament (creating one).
 *  - game: the `:id` path parameter is a game linked to the tournament (the token's sub sits at seat 0).
 *  - game-link: the body's `link.tournamentId` (starting or importing a game linked to the tournament).
 *  - appeal: the `:id` path parameter is an appeal in the tournament (lodged by the player token's sub).
 *  - appeal-in-body: the body's `tournamentId` (lodging an appeal).
 */
export type Scope = 'none' | 'tournament' | 'tournament-in-body' | 'game' | 'game-link' | 'appeal' | 'appeal-in-body';

export interface MatrixRow {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** As registered with Fastify: `/v1/tournaments/:id/players`. */
  readonly path: string;
  /** Who may call it (admin always may: the guard lets admin through every route). */
  readonly allow: readonly Who[];
  readonly scope: Scope;
  /**
   * Path parameter values, over the spec's defaults (`:id` from the scope, `:n` 1, `:playerId` ann, `:table` 1): e.g. a
   * game of another discipline, which the spec's setup must then create linked to the own tournament.
   */
  readonly params?: Readonly<Record<string, string>>;
  /**
   * The own tournament, when not the spec's default Scrabble one (a chess route acts in a chess-rapid tournament): the `:id`
   * of scope `tournament`, the `link.tournamentId` of scope `game-link`. The spec's setup creates it and its "other" pair.
   */
  readonly tournament?: string;
  /** A body that passes validation, when the route's OpenAPI example does not. */
  readonly body?: object;
  /** Why, in a few words, when the row is not obvious. */
  readonly note?: string;
}

const PUBLIC: readonly Who[] = WHO;
const ADMIN: readonly Who[] = ['admin'];
/** libs/api/tournaments/tournaments.controller.ts WRITERS. */
const TOURNAMENT_WRITERS: readonly Who[] = ['admin', 'chief-arbiter', 'arbiter'];
/** libs/api/games: officials record anything in their tournament's games. */
const GAME_OFFICIALS: readonly Who[] = ['admin', 'chief-arbiter', 'arbiter'];
/** libs/api/games: players record their own seat's turn commands; officials anything. */
const GAME_SELF: readonly Who[] = ['admin', 'chief-arbiter', 'arbiter', 'player'];

const get = (path: string, allow: readonly Who[], scope: Scope = 'none', note?: string): MatrixRow => ({ method: 'GET', path, allow, scope, note });
const post = (path: string, allow: readonly Who[], scope: Scope, extra: Partial<MatrixRow> = {}): MatrixRow => ({
  method: 'POST',
  path,
  allow,
  scope,
  ...extra,
});

const T = '/v1/tournaments/:id';
const R = `${T}/rounds/:n`;
const G = '/v1/scrabble/games/:id';
/** The deprecated Scrabble verb routes that only officials reach (as their nouns). */
const OFFICIAL_ONLY_VERBS = new Set(['clock/pause', 'clock/resume', 'clock/switch']);
const A = '/v1/appeals/:id';
/** libs/api/appeals: the chief arbiter and the appeals committee run an appeal in their tournament. */
const APPEAL_RUNNERS: readonly Who[] = ['admin', 'chief-arbiter', 'appeals-committee'];

// CHESS_ROWS: rapid chess (libs/api/chess), in chess-rapid tournaments and a chess game the spec's setup creates.
/** Ids the spec's setup creates: a chess-rapid tournament the tokens name as own, its other pair, and a game linked to the own one (ann White). */
export const CHESS = { own: 'authz-chess-own', other: 'authz-chess-other', game: 'authz-chess-game' } as const;
const CG = '/v1/chess/games/:id';
const chessGame = { params: { id: CHESS.game } };
const chessPlayers = [
  { id: 'ann', name: 'Player ann' },
  { id: 'bob', name: 'Player bob' },
];
const chessGet = (path: string): MatrixRow => ({ ...get(path, PUBLIC, 'game'), ...chessGame });

export const CHESS_ROWS: readonly MatrixRow[] = [
  // Chess games: reads (public: open information)
  chessGet(CG),
  chessGet(`${CG}/events`),
  chessGet(`${CG}/pgn`),

  // Chess games: starting one (linked to the own chess tournament)
  post('/v1/chess/games', GAME_OFFICIALS, 'game-link', {
    tournament: CHESS.own,
    body: { id: 'authz-chess-start', players: chessPlayers, timeControl: { minutes: 30 } },
    note: 'an unlinked game: any official',
  }),
  post('/v1/chess/games/import', GAME_OFFICIALS, 'game-link', {
    tournament: CHESS.own,
    body: { id: 'authz-chess-import', pgn: '1. e4 e5 *', players: chessPlayers },
  }),

  // Chess games: the declared commands (libs/api/chess/chess-commands.ts)
  ...declaredRows('chess', CHESS.game),
  { ...get('/v1/chess/tournaments/:id/trf', PUBLIC, 'tournament', 'published rounds only; 422 for a tournament of another discipline'), tournament: CHESS.own },
  {
    ...get('/v1/chess/tournaments/:id/rounds/:n/pgn', PUBLIC, 'tournament', 'the round’s linked games in table order; 404 before publication, to anyone'),
    tournament: CHESS.own,
  },
  {
    ...get(
      '/v1/chess/tournaments/:id/dutch-check',
      PUBLIC,
      'tournament',
      'the FIDE Dutch checker on the TRF-16 export: published rounds only; 422 for a tournament of another discipline',
    ),
    tournament: CHESS.own,
  },
  get(
    '/v1/chess/random-tournament.trf',
    ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee', 'player'],
    'none',
    'the C.04.A random tournament generator: records nothing, but pairs every round on the request, so a token is needed',
  ),
];

// XIGUAQI_ROWS: xiguaqi matches (libs/api/xiguaqi), in xiguaqi tournaments and a match the spec's setup creates.
/** Ids the spec's setup creates: a xiguaqi tournament the tokens name as own, its other pair, and a match linked to the own one (ann seat 0). */
export const XIGUAQI = { own: 'authz-xiguaqi-own', other: 'authz-xiguaqi-other', game: 'authz-xiguaqi-game' } as const;
const XG = '/v1/xiguaqi/games/:id';
const xiguaqiGame = { params: { id: XIGUAQI.game } };
const xiguaqiGet = (path: string): MatrixRow => ({ ...get(path, PUBLIC, 'game'), ...xiguaqiGame });

export const XIGUAQI_ROWS: readonly MatrixRow[] = [
  // Reads (public: open information)
  xiguaqiGet(XG),
  xiguaqiGet(`${XG}/events`),
  xiguaqiGet(`${XG}/record`),
  xiguaqiGet(`${XG}/board.svg`),
  // Starting or importing a match (linked to the own xiguaqi tournament)
  post('/v1/xiguaqi/games', GAME_OFFICIALS, 'game-link', {
    tournament: XIGUAQI.own,
    body: { id: 'authz-xiguaqi-start', players: chessPlayers, bestOf: 3, first: 0 },
    note: 'an unlinked match: any official',
  }),
  post('/v1/xiguaqi/games/import', GAME_OFFICIALS, 'game-link', {
    tournament: XIGUAQI.own,
    body: { id: 'authz-xiguaqi-import', record: '[BestOf "3"]\n[MinutesPerGame "20"]\nGame 1 black=0 @0\n1. B 4-7 @1\n', players: chessPlayers },
  }),
  // The player's own seat (and officials)
  ...declaredRows('xiguaqi', XIGUAQI.game),
];

// GO_ROWS: Go under the Ing rules (libs/api/go), in Go tournaments and a Go game the spec's setup creates.
/** Ids the spec's setup creates: a Go tournament the tokens name as own, its other pair, and a game linked to the own one (ann Black). */
export const GO = { own: 'authz-go-own', other: 'authz-go-other', game: 'authz-go-game' } as const;
const GG = '/v1/go/games/:id';
const goGame = { params: { id: GO.game } };
const goGet = (path: string): MatrixRow => ({ ...get(path, PUBLIC, 'game'), ...goGame });

export const GO_ROWS: readonly MatrixRow[] = [
  goGet(GG),
  goGet(`${GG}/events`),
  goGet(`${GG}/sgf`),
  post('/v1/go/games', GAME_OFFICIALS, 'game-link', {
    tournament: GO.own,
    body: { id: 'authz-go-start', players: chessPlayers },
    note: 'an unlinked game: any official',
  }),
  post('/v1/go/games/import', GAME_OFFICIALS, 'game-link', {
    tournament: GO.own,
    body: { id: 'authz-go-import', sgf: '(;GM[1]FF[4]SZ[19];B[pd];W[dp])', players: chessPlayers },
  }),
  ...declaredRows('go', GO.game),
  {
    ...get(
      '/v1/go/tournaments/:id/egd',
      PUBLIC,
      'tournament',
      'published rounds only; 422 for a tournament of another discipline, or a name the EGD table cannot carry (a semicolon or a vertical bar)',
    ),
    tournament: GO.own,
  },
];

// MAHJONG_ROWS: WMC mahjong tables (libs/api/mahjong), in mahjong tournaments and a table session the spec's setup creates.
/** Ids the spec's setup creates: a mahjong tournament the tokens name as own, its other pair, and a session at its table 1 (ann in seat 0). */
export const MAHJONG = { own: 'authz-mahjong-own', other: 'authz-mahjong-other', game: 'authz-mahjong-game' } as const;
const MG = '/v1/mahjong/games/:id';
const mahjongGame = { params: { id: MAHJONG.game } };

export const MAHJONG_ROWS: readonly MatrixRow[] = [
  // Reads (public: the record a referee vouches for)
  { ...get(MG, PUBLIC, 'game'), ...mahjongGame },
  { ...get(`${MG}/events`, PUBLIC, 'game'), ...mahjongGame },
  { ...get('/v1/tables/:id', PUBLIC, 'none', 'the mahjong table session'), ...mahjongGame },
  { ...get('/v1/tables/:id/scorecard', PUBLIC, 'none', 'JSON or CSV'), ...mahjongGame },
  post('/v1/mahjong/games', GAME_OFFICIALS, 'game-link', {
    tournament: MAHJONG.own,
    body: { id: 'authz-mahjong-start', players: ['ann', 'bob', 'cid', 'dee'].map((id) => ({ id, name: `Player ${id}` })) },
    note: 'an unlinked session: any official',
  }),
  ...declaredRows('mahjong', MAHJONG.game),
];

export const MATRIX: readonly MatrixRow[] = [
  // Operations and documentation
  get('/health', PUBLIC, 'none', 'liveness, a bare Fastify route outside the guard'),
  get('/health/ready', PUBLIC),
  get('/metrics', ADMIN, 'none', 'admin by default; public only with ARBITRA_METRICS_PUBLIC=true; absent with ARBITRA_METRICS_PORT'),
  get('/docs', PUBLIC, 'none', 'OpenAPI UI (Fastify static routes outside the guard)'),
  get('/docs/', PUBLIC),
  get('/docs/*', PUBLIC),
  get('/docs/index.html', PUBLIC),
  get('/docs/LICENSE', PUBLIC),
  get('/docs/swagger-ui-init.js', PUBLIC),
  get('/docs/docs/swagger-ui-init.js', PUBLIC),
  get('/docs-json', PUBLIC),
  get('/docs-yaml', PUBLIC),

  // Audit and tokens
  get('/v1/events', ADMIN),
  get('/v1/streams/:stream', ADMIN),
  get('/v1/audit/verify', ADMIN),
  get('/v1/audit/keys', PUBLIC, 'none', 'the signing public keys: a federation checks its checkpoint copies with them'),
  get('/v1/audit/checkpoints', PUBLIC, 'none', 'signed head positions and hashes only'),
  get('/v1/tournaments/:id/history', ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee'], 'tournament', 'shows unpublished rounds and hidden tiles'),
  get('/v1/audit/refused-reactions', ['admin', 'chief-arbiter'], 'none', "a chief arbiter sees only those aimed at their token's tournaments"),
  get('/v1/auth/revocations', ADMIN),
  post('/v1/auth/revocations', ADMIN, 'none'),

  // Tournaments
  post('/v1/tournaments', ['admin', 'chief-arbiter'], 'tournament-in-body', { note: 'a chief arbiter creates only a tournament id their token names' }),
  get('/v1/tournaments', PUBLIC, 'none', "roundsPaired only for the tournament's officials"),
  get(T, PUBLIC, 'tournament', "unpublished rounds only for the tournament's officials"),
  post(`${T}/players`, TOURNAMENT_WRITERS, 'tournament'),
  post(`${T}/players/:playerId/withdrawal`, TOURNAMENT_WRITERS, 'tournament'),
  post(`${T}/players/:playerId/absences`, TOURNAMENT_WRITERS, 'tournament'),
  post(`${T}/forbidden-pairings`, TOURNAMENT_WRITERS, 'tournament'),
  post(`${T}/penalties`, TOURNAMENT_WRITERS, 'tournament'),
  // Penalty ledger (libs/api/penalties): cancel and reduce are open to the deciders; the authority they name is checked by the decider (409).
  post(`${T}/penalty-ledger`, TOURNAMENT_WRITERS, 'tournament'),
  post(`${T}/penalty-ledger/:penaltyId/cancellation`, ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee'], 'tournament', {
    params: { penaltyId: 'P-1' },
  }),
  post(`${T}/penalty-ledger/:penaltyId/reduction`, ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee'], 'tournament', { params: { penaltyId: 'P-1' } }),
  get(`${T}/penalty-ledger`, ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee'], 'tournament'),
  get(
    `${T}/penalty-ledger/players/:playerId`,
    ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee', 'player'],
    'tournament',
    'a player reads only their own (sub = playerId)',
  ),
  get('/v1/penalty-ledger/report', ADMIN),
  get(`${T}/standings`, PUBLIC, 'tournament', "?asOfPosition= is for the tournament's officials (403 otherwise, checked in the handler)"),
  get(`${T}/crosstable`, PUBLIC, 'tournament'),
  // Exchange formats (libs/api/exchange): published rounds only, to anyone; imports create a tournament like POST /v1/tournaments.
  get('/v1/scrabble/tournaments/:id/tou', PUBLIC, 'tournament', 'WESPA .TOU; published rounds only'),
  get('/v1/scrabble/tournaments/:id/tsh', PUBLIC, 'tournament', 'TSH .t of one division; published rounds only'),
  post('/v1/scrabble/tournaments/import/tou', ['admin', 'chief-arbiter'], 'tournament-in-body', {
    body: { tou: '*M29.11.2026 Authz\r\n*A\r\nAnn 2400 2\r\nBo 300 +1\r\n*** END OF FILE ***\r\n' },
    note: 'a chief arbiter imports only a tournament id their token names',
  }),
  post('/v1/scrabble/tournaments/import/tsh', ['admin', 'chief-arbiter'], 'tournament-in-body', {
    body: { name: 'Authz', divisions: [{ name: 'A', t: 'Ann 1500 2; 400; p12 1\nBo 1400 1; 300; p12 2\n' }] },
    note: 'a chief arbiter imports only a tournament id their token names',
  }),
  post('/v1/chess/tournaments/import/trf', ['admin', 'chief-arbiter'], 'tournament-in-body', {
    body: {
      trf: '012 Authz\n001    1      Ann Ames                          1800                             1.0    1     2 w 1\n001    2      Bo Brown                          1700                             0.0    2     1 b 0\n',
    },
    note: 'a chief arbiter imports only a tournament id their token names',
  }),
  get('/v1/mahjong/tournaments/:id/tables.csv', PUBLIC, 'tournament', 'published rounds only; 422 for a tournament of another discipline'),
  // Live clients (libs/api/live): server-sent events; the public sees published rounds and unhidden tiles only.
  { ...get(`${T}/live`, PUBLIC, 'tournament', 'text/event-stream; unpublished rounds only for the tournament’s officials') },
  { ...get('/v1/games/:discipline/:id/live', PUBLIC, 'game', 'text/event-stream; hidden tiles redacted as GET …/events'), params: { discipline: 'scrabble' } },
  post('/v1/webhooks', ADMIN, 'none', {
    body: { id: 'authz-hook', url: 'http://127.0.0.1:9/hook', secret: 'authz-secret-0123456789', eventTypes: ['authz.none.'] },
    note: 'the federation registers webhooks (this one wants no event type that exists)',
  }),
  get('/v1/webhooks', ADMIN),
  post('/v1/webhooks/:id/deactivation', ADMIN, 'none', { params: { id: 'authz-hook' } }),
  { ...get('/v1/webhooks/:id/deliveries', ADMIN, 'none'), params: { id: 'authz-hook' } },

  // Public pages (libs/api/pages): HTML of the public view, the same whoever asks (a token changes nothing)
  get('/pages/tournaments/:id', PUBLIC, 'tournament', 'text/html; published rounds only, to anyone'),
  get('/pages/tournaments/:id/rounds/:n', PUBLIC, 'tournament', 'an unpublished round: 404 to everyone, officials included'),
  get('/pages/tournaments/:id/standings', PUBLIC, 'tournament'),
  get('/pages/tournaments/:id/crosstable', PUBLIC, 'tournament'),
  get('/pages/tournaments/:id/players/:playerId', PUBLIC, 'tournament'),
  get('/pages', PUBLIC, 'none', "the federation's tournament list (rounds published, never paired)"),
  get('/pages/tournaments', PUBLIC, 'none'),
  {
    ...get('/pages/ratings/:discipline', PUBLIC, 'none', 'the published list in force (never a closed period without one)'),
    params: { discipline: 'scrabble' },
  },
  { ...get('/pages/players/:id', PUBLIC, 'none', 'a rated player: 404 for an unknown one'), params: { id: 'authz-player' } },
  {
    ...get('/pages/appeals/:id', PUBLIC, 'none', 'a final decision, to anyone; before it is final 404 to everyone (the file is the API’s)'),
    params: { id: 'authz-appeal' },
  },
  {
    ...get('/pages/games/:discipline/:id', PUBLIC, 'game', 'a game at any move, public view only (no rack), the same to every token'),
    params: { discipline: 'go', id: GO.game },
  },

  // Rounds
  post(`${R}/pairings`, ['admin', 'chief-arbiter', 'arbiter'], 'tournament'),
  get(`${R}/pairings`, PUBLIC, 'tournament', 'an unpublished round: officials only (404 to others)'),
  get(`${R}/pairings/explain`, PUBLIC, 'tournament'),
  get(`${R}/pairings/provisional`, ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee'], 'tournament'),
  post(`${R}/publish`, ['admin', 'chief-arbiter', 'arbiter'], 'tournament'),
  post(`${R}/lock`, ['admin', 'chief-arbiter'], 'tournament'),
  post(`${R}/results`, ['admin', 'chief-arbiter', 'arbiter'], 'tournament'),
  get(`${R}/results`, PUBLIC, 'tournament'),
  post(`${R}/results/:table/corrections`, ['admin', 'chief-arbiter', 'arbiter', 'appeals-committee'], 'tournament', {
    note: 'a locked round: chief arbiter or appeals committee only (decided by the record, 409)',
  }),

  // Games (every discipline)
  get('/v1/games', PUBLIC),

  // Scrabble games: reads (public; racks of a game in progress only to its officials and each player's own)
  get(G, PUBLIC, 'game'),
  get(`${G}/events`, PUBLIC, 'game'),
  get(`${G}/scoresheet`, PUBLIC, 'game'),
  get(`${G}/gcg`, PUBLIC, 'game'),

  // Scrabble games: starting one
  post('/v1/scrabble/games', GAME_OFFICIALS, 'game-link', { note: 'an unlinked game: any official; its creator then records it' }),
  post('/v1/scrabble/games/import', GAME_OFFICIALS, 'game-link'),

  // Scrabble games: the declared commands (libs/api/scrabble/scrabble-commands.ts), a seat's before the officials'
  ...declaredRows('scrabble', 'authz-game'),

  // Scrabble games: the verb routes before issue 28, each a 308 to its noun (the noun route then checks the game)
  ...Object.entries(SCRABBLE_VERB_ROUTES).map(([from, to]) =>
    post(`${G}/${from}`, OFFICIAL_ONLY_VERBS.has(from) ? GAME_OFFICIALS : GAME_SELF, 'none', {
      params: { id: 'authz-game' },
      note: `deprecated: 308 to …/${to}`,
    }),
  ),

  // Ratings, rankings and player identities (libs/api/ratings): the federation (admin) writes; everyone reads
  post('/v1/ratings/:discipline/periods', ADMIN, 'none', { params: { discipline: 'scrabble' } }),
  post('/v1/ratings/:discipline/list-import', ADMIN, 'none', { params: { discipline: 'scrabble' } }),
  post('/v1/ratings/:discipline/periods/:period/list', ADMIN, 'none', { params: { discipline: 'scrabble', period: '2026-11' } }),
  post('/v1/ratings/:discipline/periods/:period/list/corrections', ADMIN, 'none', { params: { discipline: 'scrabble', period: '2026-11' } }),
  { ...get('/v1/ratings/:discipline/periods', PUBLIC), params: { discipline: 'scrabble' } },
  { ...get('/v1/rankings/:discipline', PUBLIC, 'none', '404 until a list is published'), params: { discipline: 'scrabble' } },
  post('/v1/players', ADMIN, 'none'),
  post('/v1/players/:id/merges', ADMIN, 'none', { params: { id: 'authz-player' } }),
  { ...get('/v1/players/:id', PUBLIC, 'none', '404 for an unknown player'), params: { id: 'authz-player' } },
  { ...get('/v1/players/:id/rating-history', PUBLIC, 'none', '?format=svg: the chart'), params: { id: 'authz-player' } },
  ...CHESS_ROWS,
  ...XIGUAQI_ROWS,
  ...GO_ROWS,
  ...MAHJONG_ROWS,
  // Appeals (libs/api/appeals): players are scoped to the tournaments their token names, like officials
  post('/v1/appeals', ['admin', 'chief-arbiter', 'player'], 'appeal-in-body', { note: 'a player for themself; a chief arbiter may accept a late appeal' }),
  post(`${A}/acknowledgement`, APPEAL_RUNNERS, 'appeal'),
  post(`${A}/committee`, APPEAL_RUNNERS, 'appeal'),
  post(`${A}/statements`, [...APPEAL_RUNNERS, 'player'], 'appeal', {
    note: 'a player: the appellant only (404 to any other player, as for an unknown appeal)',
  }),
  post(`${A}/hearing`, APPEAL_RUNNERS, 'appeal'),
  post(`${A}/hearing/minutes`, APPEAL_RUNNERS, 'appeal'),
  post(`${A}/decision`, APPEAL_RUNNERS, 'appeal', {
    note: 'a committee member (decided by the record, 409)',
    body: { outcome: 'dismissed', reasons: 'r', votes: [], remedies: [] },
  }),
  post(`${A}/finalisation`, APPEAL_RUNNERS, 'appeal'),
  {
    ...get(A, PUBLIC, 'none', 'the file: appellant, committee, officials; the public sees the decision once final (404 before)'),
    params: { id: 'authz-appeal' },
  },
  { ...get(`${A}/timeline`, PUBLIC, 'none', 'the file: appellant, committee, officials (404 to others)'), params: { id: 'authz-appeal' } },
];

/** Whether `who` is let through this row when the tournament is its own, or another one. */
export type Cell = 'any' | 'own' | 'no';

export function cellOf(row: MatrixRow, who: Who): Cell {
  if (!row.allow.includes(who)) return 'no';
  if (who === 'admin' || row.scope === 'none' || row.allow.includes('anonymous')) return 'any';
  return 'own';
}

export function allowed(row: MatrixRow, who: Who, place: 'own' | 'other'): boolean {
  const cell = cellOf(row, who);
  return cell === 'any' || (cell === 'own' && place === 'own');
}
