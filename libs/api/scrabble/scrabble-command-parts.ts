/** What Scrabble's command declarations share: the seat, tiles and words, reasons, and who may send a command. */
import type { ScrabbleCommandBody } from '../../runtime/features/scrabble/index.js';
import { list, oneOf, pattern, text, type Schema } from '../body-schema.js';
import type { CheckedBody, DeclaredCommand } from '../games/game-commands.js';

export type B = ScrabbleCommandBody;
type Doc = { example?: unknown; description?: string };

export const SEAT = oneOf([0, 1], { example: 1, description: 'The seat acting (a player token may act only for its own seat)' });
export const seatOf = (doc: Doc = {}) => oneOf([0, 1], doc);
const TILE = /^[A-Za-z?]$/;
export const tiles = (doc: Doc, max: number): Schema => list(pattern(TILE), { max }, doc);
export const WORD = /^[A-Za-z]{2,15}$/;
export const reason = (max: number, example: string, description?: string) => text(1, max, { example, ...(description && { description }) });
export const AGREED = (description: string) => list(oneOf([0, 1]), { max: 2 }, { example: [0, 1], description });

export const upper = (xs: unknown) => (xs as readonly string[] | undefined)?.map((x) => x.toUpperCase());
export const seatOnly = { name: 'SeatCommandDto', fields: { seat: SEAT } };
export const emptyBody = { name: 'GameCommandDto', fields: {} };

/** A command of the player of the body's seat (and officials), or of officials only, each a step from the checked body. */
const cmd = (
  by: 'seat' | 'officials',
  route: string,
  name: string,
  type: string,
  summary: string,
  body: DeclaredCommand<B>['body'],
  step?: (b: CheckedBody) => unknown,
  more: Partial<DeclaredCommand<B>> = {},
): DeclaredCommand<B> => ({ route, name, by, type, summary, body, ...(step && { step: step as (b: CheckedBody) => B }), ...more });
export const own = (...a: Parameters<typeof cmd> extends [unknown, ...infer R] ? R : never) => cmd('seat', ...a);
export const officials = (...a: Parameters<typeof cmd> extends [unknown, ...infer R] ? R : never) => cmd('officials', ...a);
