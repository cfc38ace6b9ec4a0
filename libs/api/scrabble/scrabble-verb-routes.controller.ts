import { applyDecorators, Controller, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { GameParams } from '../games/game.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;
const SELF = ['arbiter', 'chief-arbiter', 'player'] as const;

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
 * same roles as the noun route reach the redirect; the noun route decides everything else.
 */
@ApiTags('games')
@ApiBearerAuth()
@Controller('v1/scrabble/games/:id')
export class GameVerbRoutesController {
  private redirect(from: VerbRoute, p: GameParams, request: AuthedRequest, reply: FastifyReply): void {
    const query = request.url.indexOf('?');
    const location = `/v1/scrabble/games/${encodeURIComponent(p.id)}/${SCRABBLE_VERB_ROUTES[from]}${query < 0 ? '' : request.url.slice(query)}`;
    void reply.code(308).header('location', location).header('deprecation', DEPRECATED_AT).header('link', `<${location}>; rel="successor-version"`).send();
  }

  @Post('clock/press')
  @Allow(...SELF)
  @moved('clock/press')
  press(@Param() p: GameParams, @Req() r: AuthedRequest, @Res() reply: FastifyReply) {
    this.redirect('clock/press', p, r, reply);
  }

  @Post('accept')
  @Allow(...SELF)
  @moved('accept')
  accept(@Param() p: GameParams, @Req() r: AuthedRequest, @Res() reply: FastifyReply) {
    this.redirect('accept', p, r, reply);
  }

  @Post('reannounce')
  @Allow(...SELF)
  @moved('reannounce')
  reannounce(@Param() p: GameParams, @Req() r: AuthedRequest, @Res() reply: FastifyReply) {
    this.redirect('reannounce', p, r, reply);
  }

  @Post('clock/pause')
  @Allow(...OFFICIALS)
  @moved('clock/pause')
  pause(@Param() p: GameParams, @Req() r: AuthedRequest, @Res() reply: FastifyReply) {
    this.redirect('clock/pause', p, r, reply);
  }

  @Post('clock/resume')
  @Allow(...OFFICIALS)
  @moved('clock/resume')
  resume(@Param() p: GameParams, @Req() r: AuthedRequest, @Res() reply: FastifyReply) {
    this.redirect('clock/resume', p, r, reply);
  }

  @Post('clock/switch')
  @Allow(...OFFICIALS)
  @moved('clock/switch')
  switchClock(@Param() p: GameParams, @Req() r: AuthedRequest, @Res() reply: FastifyReply) {
    this.redirect('clock/switch', p, r, reply);
  }
}
