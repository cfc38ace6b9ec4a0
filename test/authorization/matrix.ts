/**
 * The authorization matrix: every route the records server registers, who may call it, and whether
 * the tournament a token names matters. test/authorization-matrix.e2e.spec.ts checks the running
 * server against it (a registered route without a row fails, a row without a route fails) and
 * docs/authorization-matrix.md is rendered from it (`AUTHZ_WRITE_DOC=1` rewrites the file).
 *
 * A discipline's rows are generated from its bundle and contract driver (discipline-rows.ts): a new
 * discipline edits nothing here. A new shared endpoint needs one row here: method and path exactly
 * as registered (Fastify's `:param` form), the roles the README grants it, and its scope. A body is
 * built from the OpenAPI example of the route's request schema; give `body` only when that example
 * does not pass validation. A route whose tournament comes from another resource (an appeal, a game)
 * needs that resource created in the spec's setup, linked to the own tournament, and named in
 * `params` (or a new `Scope`): otherwise its "other" cells answer 404, not 403, and the test fails.
 */
import { DISCIPLINE_AUTHZ } from './discipline-rows.js';
import { ADMIN, authzIds, get, post, PUBLIC, type MatrixRow, type Who } from './rows.js';

export { WHO, type MatrixRow, type Scope, type Who } from './rows.js';

/** libs/api/tournaments/tournaments.controller.ts WRITERS. */
const TOURNAMENT_WRITERS: readonly Who[] = ['admin', 'chief-arbiter', 'arbiter'];

const T = '/v1/tournaments/:id';
const R = `${T}/rounds/:n`;
const A = '/v1/appeals/:id';
/** libs/api/appeals: the chief arbiter and the appeals committee run an appeal in their tournament. */
const APPEAL_RUNNERS: readonly Who[] = ['admin', 'chief-arbiter', 'appeals-committee'];

/** The rows of every served discipline (test/authorization/discipline-rows.ts), in the registry's order. */
const DISCIPLINE_ROWS: readonly MatrixRow[] = DISCIPLINE_AUTHZ.filter((d) => d.served).flatMap((d) => d.rows);
/** The rows of the test build's disciplines: checked by the spec, not in docs/authorization-matrix.md. */
export const TEST_BUILD_ROWS: readonly MatrixRow[] = DISCIPLINE_AUTHZ.filter((d) => !d.served).flatMap((d) => d.rows);

export const MATRIX: readonly MatrixRow[] = [
  // Operations and documentation
  get('/health', PUBLIC, 'none', 'liveness, a bare Fastify route outside the guard'),
  get('/health/ready', PUBLIC),
  get(
    '/metrics',
    ADMIN,
    'none',
    'admin by default; with ARBITRA_METRICS_PUBLIC=true, public but without record metrics (admin: all); absent with ARBITRA_METRICS_PORT',
  ),
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
  // Live clients (libs/api/live): server-sent events; the public sees published rounds and unhidden tiles only.
  { ...get(`${T}/live`, PUBLIC, 'tournament', 'text/event-stream; unpublished rounds only for the tournament’s officials') },
  {
    ...get('/v1/games/:discipline/:id/live', PUBLIC, 'game', 'text/event-stream; hidden tiles redacted as GET …/events'),
    params: { discipline: 'scrabble', id: authzIds('scrabble').game },
  },
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
    params: { discipline: 'go', id: authzIds('go').game },
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
  // Every discipline's games: reads, start and import, its declared commands and its own routes (generated)
  ...DISCIPLINE_ROWS,
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
