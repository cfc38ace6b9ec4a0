/**
 * What a row of the authorization matrix is, and the roles and row builders the matrix and the disciplines' contract
 * drivers share (a leaf module: test/authorization/matrix.ts and test/contract/drivers/*.ts both import it).
 */
import type { TokenRole } from '../../libs/api/auth/principal.js';

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
 *  - game: the `:id` path parameter (given in `params`) is a game linked to the tournament (the token's sub sits at seat 0).
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
   * Path parameter values, over the spec's defaults (`:id` from the scope, `:n` 1, `:playerId` ann, `:table` 1): e.g. the
   * game a discipline's row acts on, which the spec's setup creates linked to the discipline's own tournament.
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

export const PUBLIC: readonly Who[] = WHO;
export const ADMIN: readonly Who[] = ['admin'];
/** libs/api/games: officials start and record anything in their tournament's games. */
export const GAME_OFFICIALS: readonly Who[] = ['admin', 'chief-arbiter', 'arbiter'];
/** libs/api/games: players record their own seat's turn commands; officials anything. */
export const GAME_SELF: readonly Who[] = ['admin', 'chief-arbiter', 'arbiter', 'player'];

export const get = (path: string, allow: readonly Who[], scope: Scope = 'none', note?: string): MatrixRow => ({ method: 'GET', path, allow, scope, note });
export const post = (path: string, allow: readonly Who[], scope: Scope, extra: Partial<MatrixRow> = {}): MatrixRow => ({
  method: 'POST',
  path,
  allow,
  scope,
  ...extra,
});

/**
 * The ids the matrix spec's setup creates for one discipline (by its folder): a tournament of the discipline the tokens
 * name as own, its "other" pair, and a game linked to the own one's round 1 table 1, the player token's sub at seat 0.
 */
export interface AuthzIds {
  readonly own: string;
  readonly other: string;
  readonly game: string;
}
export const authzIds = (folder: string): AuthzIds => ({ own: `authz-${folder}-own`, other: `authz-${folder}-other`, game: `authz-${folder}-game` });
