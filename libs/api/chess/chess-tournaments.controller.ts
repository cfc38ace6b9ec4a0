import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { resolveDivision, type OpenTournament } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { COLLECTIONS } from '../../runtime/features/tournament/index.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { TournamentReads } from '../tournaments/tournament-reads.js';
import { DivisionQuery, TournamentParams } from '../tournaments/tournament.dto.js';
import { tournamentTrf } from './chess-trf.js';

/** Chess-rapid tournaments in chess formats: FIDE TRF-16 (published rounds). */
@ApiTags('chess')
@Controller('v1/chess/tournaments')
export class ChessTournamentsController {
  private readonly reads: TournamentReads;

  constructor(@Inject(ARBITRA_CORE) core: ArbitraCore, @Inject(ARBITRA_CONFIG) config: ArbitraConfig) {
    this.reads = new TournamentReads(core, config);
  }

  @Get(':id/trf')
  @Public()
  @ApiProduces('text/plain')
  @ApiOperation({ summary: 'The tournament as a FIDE TRF-16 report (published rounds; the pairing’s first player written as White)' })
  async trf(@Param() p: TournamentParams, @Query() q: DivisionQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const summary = this.reads.summary(p.id);
    const t = this.reads.doc<OpenTournament>(COLLECTIONS.state, p.id) as OpenTournament;
    if (t.discipline !== 'chess-rapid')
      throw new ProblemException(422, 'chess/not-a-chess-tournament', 'Unprocessable request', `tournament ${p.id} plays ${t.discipline}`, {
        field: 'id',
        rule: 'FIDE TRF-16 reports chess tournaments',
      });
    void reply.header('content-type', 'text/plain; charset=utf-8');
    return tournamentTrf(t, resolveDivision(t, q.division), summary.asOf);
  }
}
