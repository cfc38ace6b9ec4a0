import { applyDecorators, Controller, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { SENDERS } from '../games/game-commands.js';
import { GameParams } from '../games/game.dto.js';
import { SCRABBLE_TABLE_COMMANDS, SCRABBLE_TURN_COMMANDS } from './scrabble-commands.js';

/** The verb routes replaced by nouns on 2026-12-02 (issue 28), each with its successor. */
export const SCRABBLE_VERB_ROUTES = {
  'clock/press': 'clock/presses',
  accept: 'acceptances',
  reannounce: 'reannouncements',
  'clock/pause': 'clock/pauses',
  'clock/resume': 'clock/resumptions',
  'clock/switch': 'clock/switches',
} as const;
type VerbRoute = keyof typeof SCRABBLE_VERB_ROUTES;

/** RFC 9745 §2.1: when the routes were deprecated, as a Structured Field Date (2026-12-02T00:00:00Z). */
const DEPRECATED_AT = '@1796169600';

const moved = (from: VerbRoute) => {
  const to = SCRABBLE_VERB_ROUTES[from];
  return applyDecorators(
    ApiOperation({
      deprecated: true,
      summary: `Deprecated: answers 308 Permanent Redirect to POST …/${to} (method and body kept); use that route`,
    }),
    ApiResponse({
      status: 308,
      description: `Moved to …/${to}: send the same request there (RFC 9110 §15.4.9 keeps the method and body)`,
      headers: {
        Location: { description: `/v1/scrabble/games/{id}/${to} (the query string kept)`, schema: { type: 'string' } },
        Deprecation: { description: 'RFC 9745: when this route was deprecated', schema: { type: 'string', example: DEPRECATED_AT } },
        Link: { description: 'RFC 8288: the successor route, rel="successor-version" (RFC 5829)', schema: { type: 'string' } },
      },
    }),
  );
};

/**
 * Scrabble's verb routes of before issue 28, kept so that existing clients do not break silently: each
 * answers 308 to its noun route with `Deprecation` and `Link: <…>; rel="successor-version"`. The
 * noun route's declaration gives the handler's name and who reaches the redirect; the noun route decides the rest.
 */
@ApiTags('games')
@ApiBearerAuth()
@Controller('v1/scrabble/games/:id')
export class GameVerbRoutesController {}

const NOUNS = [...SCRABBLE_TURN_COMMANDS.commands, ...SCRABBLE_TABLE_COMMANDS.commands];
for (const from of Object.keys(SCRABBLE_VERB_ROUTES) as VerbRoute[]) {
  const noun = NOUNS.find((c) => c.route === SCRABBLE_VERB_ROUTES[from])!;
  const proto = GameVerbRoutesController.prototype as unknown as Record<string, unknown>;
  const handler = function (p: GameParams, request: AuthedRequest, reply: FastifyReply): void {
    const query = request.url.indexOf('?');
    const location = `/v1/scrabble/games/${encodeURIComponent(p.id)}/${SCRABBLE_VERB_ROUTES[from]}${query < 0 ? '' : request.url.slice(query)}`;
    void reply.code(308).header('location', location).header('deprecation', DEPRECATED_AT).header('link', `<${location}>; rel="successor-version"`).send();
  };
  Object.defineProperty(handler, 'name', { value: noun.name });
  Object.defineProperty(proto, noun.name, { value: handler, writable: true, configurable: true });
  const descriptor = Object.getOwnPropertyDescriptor(proto, noun.name)!;
  for (const decorate of [Post(from), Allow(...SENDERS[noun.by]), moved(from)]) decorate(proto, noun.name, descriptor);
  Param()(proto, noun.name, 0);
  Req()(proto, noun.name, 1);
  Res()(proto, noun.name, 2);
  Reflect.defineMetadata('design:paramtypes', [GameParams, Object, Object], proto, noun.name);
}
