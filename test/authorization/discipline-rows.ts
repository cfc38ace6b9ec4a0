/**
 * The authorization matrix's rows of every registered discipline, generated from its bundle (the records app's
 * `libs/api/<folder>/discipline.ts`, or a test build's discipline) and its contract driver, never kept by hand:
 *  - its routes, read from its controllers' Nest metadata, under the kit's policy for game routes: every read of a game
 *    (`GET /v1/<route>/games/:id…`) is public, starting or importing a game is for officials, linked to their tournament;
 *  - its declared commands, from their declarations (declared-rows.ts);
 *  - the driver's `ownRoutes` for the routes beyond the kit's (exports, tools), replacing a generated row of the same route.
 * The bodies of its start and import rows are its driver's; the spec's setup starts the linked game with the driver's
 * start body. A route none of these covers has no row, and the spec names it.
 */
import type { Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { DISCIPLINES } from '../../apps/records/registry.js';
import type { DisciplineDescriptor } from '../../libs/domain/discipline-kit/descriptor.js';
import { DECLARED_COMMAND } from '../../libs/api/games/game-commands.js';
import type { Driver } from '../contract/driver.js';
import { DRIVERS } from '../contract/drivers.js';
import { TEST_DISCIPLINES } from '../support/test-disciplines.js';
import { declaredRows } from './declared-rows.js';
import { authzIds, GAME_OFFICIALS, get, post, PUBLIC, type AuthzIds, type MatrixRow } from './rows.js';

/** One discipline as the matrix spec sets it up: its descriptor, driver, the ids it creates, and its rows. */
export interface DisciplineAuthz {
  readonly descriptor: DisciplineDescriptor;
  readonly driver: Driver;
  readonly ids: AuthzIds;
  /** Served by the records app (its rows are in docs/authorization-matrix.md), or a test build's only. */
  readonly served: boolean;
  readonly rows: readonly MatrixRow[];
}

/** The players of the spec's linked games, seat 0 first (the player token's sub). */
export const SEATED = ['ann', 'bob', 'cid', 'dee'].map((id) => ({ id, name: `Player ${id}` }));

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter((p) => p !== '')
    .join('/')}`;

/** Every route a controller serves that is not a declared command: method and path as Fastify registers them. */
function routesOf(controller: Type): { method: MatrixRow['method']; path: string }[] {
  const base = (Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined) ?? '';
  const routes: { method: MatrixRow['method']; path: string }[] = [];
  for (const name of Object.getOwnPropertyNames(controller.prototype)) {
    const handler = (controller.prototype as Record<string, unknown>)[name];
    if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(DECLARED_COMMAND, handler)) continue;
    const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
    if (path === undefined || method === undefined) continue;
    for (const b of [base].flat()) for (const p of [path].flat()) routes.push({ method: RequestMethod[method] as MatrixRow['method'], path: join(b, p) });
  }
  return routes;
}

/** The kit's row for a discipline's route, or null for a route outside the kit's shape. */
function kitRow(route: { method: string; path: string }, driver: Driver, ids: AuthzIds): MatrixRow | null {
  const games = `/v1/${driver.route}/games`;
  if (route.method === 'GET' && (route.path === `${games}/:id` || route.path.startsWith(`${games}/:id/`)))
    return { ...get(route.path, PUBLIC, 'game'), params: { id: ids.game } };
  if (route.method === 'POST' && route.path === games)
    return post(games, GAME_OFFICIALS, 'game-link', {
      tournament: ids.own,
      body: driver.start({ id: `authz-${driver.route}-start`, players: SEATED.slice(0, driver.seats) }),
      note: 'an unlinked game: any official; its creator then records it',
    });
  if (route.method === 'POST' && route.path === `${games}/import`)
    return post(route.path, GAME_OFFICIALS, 'game-link', {
      tournament: ids.own,
      ...(driver.imported && { body: driver.imported({ id: `authz-${driver.route}-import`, players: SEATED.slice(0, driver.seats) }) }),
    });
  return null;
}

function authzOf(bundle: { descriptor: DisciplineDescriptor; controllers: readonly Type[] }, served: boolean): DisciplineAuthz {
  const driver = DRIVERS.find((d) => d.discipline === bundle.descriptor.id);
  if (!driver) throw new Error(`no contract driver of ${bundle.descriptor.id} (test/contract/drivers.ts)`);
  const ids = authzIds(bundle.descriptor.folder);
  const own = driver.ownRoutes?.(ids) ?? [];
  const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
  const kit = bundle.controllers
    .flatMap(routesOf)
    .map((r) => kitRow(r, driver, ids))
    .filter((r): r is MatrixRow => r !== null && !own.some((o) => key(o) === key(r)));
  // Reads first, then starting and importing, the declared commands, and the discipline's own routes.
  const rows = [...kit.filter((r) => r.method === 'GET'), ...kit.filter((r) => r.method !== 'GET'), ...declaredRows(bundle.controllers, ids.game), ...own];
  return { descriptor: bundle.descriptor, driver, ids, served, rows };
}

/** The records app's disciplines in the registry's order, then the test build's (test/support/test-disciplines.ts). */
export const DISCIPLINE_AUTHZ: readonly DisciplineAuthz[] = [...DISCIPLINES.map((b) => authzOf(b, true)), ...TEST_DISCIPLINES.map((t) => authzOf(t, false))];
