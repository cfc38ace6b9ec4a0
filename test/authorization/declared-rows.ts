/**
 * The matrix rows of the declared game commands (libs/api/games/game-commands.ts), generated from the served
 * declarations rather than kept by hand: method and path as registered, who may send each (a seat's player and the
 * game's officials, or its officials only), scope `game` on the game the spec's setup creates, and the declaration's
 * note; a seat's commands before the officials'. Their bodies are the OpenAPI document's examples (the declaration's `example`, else its fields').
 */
import type { Type } from '@nestjs/common';
import { DECLARED_COMMAND, SENDERS, type ServedCommand } from '../../libs/api/games/game-commands.js';
import type { MatrixRow, Who } from './rows.js';

/** Every declared command the controllers serve, in the order the controllers and their declarations list them. */
export function servedCommands(controllers: readonly Type[]): ServedCommand[] {
  const served: ServedCommand[] = [];
  for (const controller of controllers)
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name];
      const mark = typeof handler === 'function' ? (Reflect.getMetadata(DECLARED_COMMAND, handler) as ServedCommand | undefined) : undefined;
      if (mark) served.push(mark);
    }
  return served;
}

/** The rows of the declared commands a discipline's controllers serve, acting on `game` (linked by the spec's setup to its own tournament). */
export function declaredRows(controllers: readonly Type[], game: string): MatrixRow[] {
  // A seat's commands first: the spec's player sits at seat 0 until an official's command (a substitute) changes that.
  const own = servedCommands(controllers);
  return [...own.filter((s) => s.command.by === 'seat'), ...own.filter((s) => s.command.by === 'officials')].map(({ path, command }): MatrixRow => ({
    method: 'POST',
    path,
    allow: ['admin', ...SENDERS[command.by]] as Who[],
    scope: 'game',
    params: { id: game },
    ...(command.note && { note: command.note }),
  }));
}
