import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { mahjongTableCsv } from '../../domain/exchange/index.js';
import { publishedView } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { sendsFile, tournamentToExport } from '../tournaments/tournament-export.js';
import { TournamentReads } from '../tournaments/tournament-reads.js';
import { ReadQuery, TournamentParams } from '../tournaments/tournament-params.dto.js';

/** Mahjong tournaments' table results as CSV (published rounds, to anyone). */
@ApiTags('exchange')
@Controller('v1/mahjong/tournaments')
export class MahjongExchangeController {
  private readonly reads: TournamentReads;

  constructor(@Inject(ARBITRA_CORE) core: ArbitraCore, @Inject(ARBITRA_CONFIG) config: ArbitraConfig) {
    this.reads = new TournamentReads(core, config);
  }

  @Get(':id/tables.csv')
  @Public()
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Every table result as CSV: division, round, table, wind, player, name, points, rank (published rounds)' })
  async tables(@Param() p: TournamentParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const refusal = { type: 'exchange/not-a-mahjong-tournament', rule: 'The table-results CSV reports mahjong tournaments' };
    const { tournament } = await tournamentToExport(this.reads, request, p.id, 'mahjong', refusal);
    sendsFile(reply, 'text/csv', `${p.id}-tables.csv`);
    return mahjongTableCsv(publishedView(tournament));
  }
}
