/** The request fields of Scrabble's endpoints that the command names otherwise (games/request-fields.ts). */
import type { RequestFields } from '../games/request-fields.js';

/** POST …/moves: a play by tiles is sent as `move.placements`. */
export function moveFields(body: { move?: { kind?: string } }): RequestFields {
  return body.move?.kind === 'play' ? { 'move.tiles': 'move.placements' } : {};
}

/** POST …/overdraw: `shown` and `returned` may be sent as counts (`shownCount`, `returnedCount`). */
export function overdrawFields(body: { shown?: unknown; returned?: unknown }): RequestFields {
  return { ...(body.shown === undefined && { shown: 'shownCount' }), ...(body.returned === undefined && { returned: 'returnedCount' }) };
}

/** POST /v1/scrabble/games/import: every command is read from the body's `gcg` (its #player lines, its move lines). */
export const IMPORT_FIELDS: RequestFields = { '*': 'gcg' };
