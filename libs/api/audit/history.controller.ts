import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { IsInstant } from '../instant.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { AllowInTournament } from '../auth/allow.decorator.js';
import { Omittable } from '../omittable.js';
import { ProblemException } from '../problem.js';
import { PageQuery } from '../page-query.js';
import { ARBITRA_CORE } from '../tokens.js';
import { TournamentParams } from '../tournaments/tournament-params.dto.js';
import { auditOf } from './audit-services.js';

export class HistoryQueryDto extends PageQuery {
  @ApiPropertyOptional({ description: 'Only events naming this player (anywhere in their data) or recorded by them', example: 'chan-hok-hei' })
  @Omittable()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, { message: 'player must be an id: letters, digits, ".", "_" or "-", at most 100' })
  player?: string;

  @ApiPropertyOptional({ description: 'Recorded at or after this instant (ISO 8601)', example: '2026-11-29T09:00:00Z' })
  @Omittable()
  @IsInstant()
  from?: string;

  @ApiPropertyOptional({ description: 'Recorded at or before this instant (ISO 8601)', example: '2026-11-29T18:00:00Z' })
  @Omittable()
  @IsInstant()
  to?: string;
}

const OFFICIALS = ['chief-arbiter', 'arbiter', 'appeals-committee'] as const;

/**
 * A tournament's history (issue 10): who recorded what and when, over the tournament's stream and
 * every stream linked to it (its games, its penalties, appeals naming it), in log order. For the
 * tournament's officials and admin: it shows unpublished rounds and games' hidden tiles. Reads the
 * log only; its cost grows with the tournament (it reads its streams per request).
 */
@ApiTags('audit')
@ApiBearerAuth()
@Controller('v1/tournaments')
export class TournamentHistoryController {
  constructor(@Inject(ARBITRA_CORE) private readonly core: ArbitraCore) {}

  @Get(':id/history')
  @AllowInTournament('id', ...OFFICIALS)
  @ApiOperation({
    summary:
      "Who recorded what and when in a tournament (its stream and every linked stream), filterable by player and time, paginated (the tournament's officials and admin)",
  })
  @ApiOkResponse({
    schema: {
      example: {
        tournament: 'hk-open-2026',
        streams: ['tournament-hk-open-2026', 'scrabble-game-g7'],
        entries: [
          {
            position: 812,
            stream: 'tournament-hk-open-2026',
            revision: 40,
            type: 'tournament.ResultCorrected',
            recordedAt: '2026-11-29T12:41:00.000Z',
            recordedBy: { id: 'td-chan', role: 'chief-arbiter' },
            commandId: '…',
            data: {},
            hash: '9f2c…',
          },
        ],
        next: null,
      },
    },
  })
  async history(@Param() p: TournamentParams, @Query() q: HistoryQueryDto) {
    if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to))
      throw new ProblemException(400, 'audit/bad-time-range', 'Bad request', `from (${q.from}) is after to (${q.to})`, {
        field: 'from',
        rule: 'a time range starts before it ends',
      });
    const audit = auditOf(this.core);
    if (!audit) throw new ProblemException(503, 'audit/unavailable', 'Unavailable', 'the audit services are not wired in this server', { rule: 'Arbitra' });
    const page = await audit.history(p.id, { player: q.player, from: q.from, to: q.to, after: q.after, limit: q.limit ?? 100 });
    if (page.streams.length === 0)
      throw new ProblemException(404, 'tournament/unknown-tournament', 'Not found', `no tournament ${p.id}`, {
        field: 'id',
        rule: 'the tournament must exist',
      });
    return page;
  }
}
