import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { resolveDivision } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { sendsFile, tournamentToExport } from '../tournaments/tournament-export.js';
import { TournamentReads } from '../tournaments/tournament-reads.js';
import { DivisionQuery, TournamentParams } from '../tournaments/tournament-params.dto.js';
import { tournamentEgd } from './go-egd.js';

/** Go tournaments in Go formats: the EGD-style results table (published rounds). */
@ApiTags('go')
@Controller('v1/go/tournaments')
export class GoTournamentsController {
  private readonly reads: TournamentReads;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) config: ArbitraConfig,
  ) {
    this.reads = new TournamentReads(core, config);
  }

  @Get(':id/egd')
  @Public()
  @ApiProduces('text/plain')
  @ApiOperation({
    summary: 'EGD-style results: one line a player (place, name, rank, country, club, points, SOS…, opponent place +/-/= with colour and handicap)',
  })
  async egd(@Param() p: TournamentParams, @Query() q: DivisionQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const refusal = { type: 'go/not-a-go-tournament', rule: 'EGD results report Go tournaments' };
    const { tournament, asOf } = await tournamentToExport(this.reads, request, p.id, 'go', refusal);
    sendsFile(reply, 'text/plain');
    return tournamentEgd(this.core, tournament, resolveDivision(tournament, q.division), asOf);
  }
}
