import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { resolveDivision, roundKey } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { dutchCheck } from '../../runtime/features/chess/dutch-check.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { sendsFile, tournamentToExport } from '../tournaments/tournament-export.js';
import { TournamentReads } from '../tournaments/tournament-reads.js';
import { RoundParams } from '../tournaments/round.dto.js';
import { DivisionQuery, TournamentParams } from '../tournaments/tournament-params.dto.js';
import { roundPgn } from './chess-round-pgn.js';
import { tournamentTrf } from './chess-trf.js';

const notChess = (rule: string) => ({ type: 'chess/not-a-chess-tournament', rule });

/** Chess-rapid tournaments in chess formats: FIDE TRF-16, a round's games as PGN, the Dutch pairings checker (published rounds). */
@ApiTags('chess')
@Controller('v1/chess/tournaments')
export class ChessTournamentsController {
  private readonly reads: TournamentReads;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) config: ArbitraConfig,
  ) {
    this.reads = new TournamentReads(core, config);
  }

  @Get(':id/trf')
  @Public()
  @ApiProduces('text/plain')
  @ApiOperation({ summary: 'The tournament as a FIDE TRF-16 report (published rounds; the pairing’s first player written as White)' })
  async trf(@Param() p: TournamentParams, @Query() q: DivisionQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { tournament, asOf } = await tournamentToExport(this.reads, request, p.id, 'chess-rapid', notChess('FIDE TRF-16 reports chess tournaments'));
    sendsFile(reply, 'text/plain');
    return tournamentTrf(tournament, resolveDivision(tournament, q.division), asOf);
  }

  @Get(':id/rounds/:n/pgn')
  @Public()
  @ApiProduces('application/x-chess-pgn')
  @ApiOperation({ summary: 'A published round’s games as one PGN file: every game linked to the round, in table order, with [%clk] comments (chess.js)' })
  async roundPgn(@Param() p: RoundParams, @Query() q: DivisionQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const refusal = notChess('A round exported as PGN is a chess tournament’s');
    const { tournament: t } = await tournamentToExport(this.reads, request, p.id, 'chess-rapid', refusal);
    const division = resolveDivision(t, q.division);
    const round = t.rounds[roundKey(division, p.n)];
    // Open information stops at publication (docs/api.md, Roles): an unpublished round is not exported, to anyone.
    if (!round || round.status === 'paired')
      throw new ProblemException(
        404,
        'tournament/round-not-published',
        'Not found',
        // Not "paired" for a round not paired: the answer must not tell that an unpublished round is paired.
        `round ${p.n} of ${division} is not published yet`,
        {
          field: 'n',
          rule: 'Arbitra: a round’s games are exported once the round is published',
        },
      );
    sendsFile(reply, 'application/x-chess-pgn');
    return roundPgn(this.core, t, division, p.n);
  }

  @Get(':id/dutch-check')
  @Public()
  @ApiOperation({
    summary:
      'The FIDE Dutch pairings checker (C.04.A) on the tournament’s own TRF-16 (published rounds): each round paired again from the rounds before it, and where its pairs, colours or bye differ from the Dutch rules (C.04.3)',
  })
  async dutchCheck(@Param() p: TournamentParams, @Query() q: DivisionQuery, @Req() request: AuthedRequest) {
    const refusal = notChess('The FIDE Dutch checker reads chess tournaments');
    const { tournament, asOf } = await tournamentToExport(this.reads, request, p.id, 'chess-rapid', refusal);
    const division = resolveDivision(tournament, q.division);
    // The same file the TRF export gives: only what is public (published rounds) is checked.
    return { tournament: p.id, division, rounds: dutchCheck(tournamentTrf(tournament, division, asOf)) };
  }
}
