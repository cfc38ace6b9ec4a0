import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { COLLECTIONS, divisionKey, roundDocKey, type ProvisionalDocument, type RoundDocument } from '../../runtime/features/tournament/index.js';
import { AllowInTournament, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { COMMAND_EXAMPLE, PROVISIONAL_EXAMPLE, ROUND_EXAMPLE } from './examples.js';
import { pairRound } from './pair-round.js';
import { CorrectResultDto, PairRoundDto, ProvisionalQuery, RecordResultDto, RoundCommandDto, RoundParams, TableParams } from './round.dto.js';
import { divisionOf, isOfficial, resultInput, runTournamentCommand } from './tournament-command.js';
import { TournamentReads } from './tournament-reads.js';
import { DivisionQuery } from './tournament-params.dto.js';

/**
 * Rounds: pairing (system or manual), publication, results, corrections, lock; the published
 * pairing, its explanation and results are public, provisional pairings are for the officials.
 */
@ApiTags('tournament rounds')
@ApiBearerAuth()
@Controller('v1/tournaments/:id/rounds/:n')
export class TournamentRoundsController {
  private readonly reads: TournamentReads;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) config: ArbitraConfig,
  ) {
    this.reads = new TournamentReads(core, config);
  }

  @Post('pairings')
  @AllowInTournament('id', 'arbiter', 'chief-arbiter')
  @ApiOperation({
    summary: 'Pair round n: with a pairing system computed by the server from the current record, or manually with a reason (arbiter, chief arbiter)',
  })
  @ApiCreatedResponse({ description: 'tournament.RoundPaired (+ tournament.ResultRecorded for the bye)', schema: { example: COMMAND_EXAMPLE } })
  pair(@Param() p: RoundParams, @Body() body: PairRoundDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return pairRound(this.core, request, reply, p.id, p.n, body);
  }

  @Get('pairings')
  @Public()
  @ApiOperation({ summary: 'The pairing of round n with its results (public once published; officials see it from pairing)' })
  @ApiOkResponse({ schema: { example: ROUND_EXAMPLE } })
  async pairings(@Param() p: RoundParams, @Query() q: DivisionQuery, @Req() request: AuthedRequest) {
    await this.reads.ready(request);
    return this.round(p, q.division, request);
  }

  @Get('pairings/explain')
  @Public()
  @ApiOperation({ summary: 'How round n was paired: method, seed, relaxations (repeats) and the explanation steps (public once published)' })
  @ApiOkResponse({
    schema: {
      example: {
        tournament: 'hk-open-2026',
        division: 'main',
        round: 2,
        method: { kind: 'system', system: 'australian-draw', seed: 'hk-open-2026:main:2' },
        repeats: [],
        explanation: ['…'],
      },
    },
  })
  async explain(@Param() p: RoundParams, @Query() q: DivisionQuery, @Req() request: AuthedRequest) {
    await this.reads.ready(request);
    const r = this.round(p, q.division, request);
    return { tournament: r.tournament, division: r.division, round: r.round, method: r.method, repeats: r.repeats, explanation: r.explanation };
  }

  @Get('pairings/provisional')
  @AllowInTournament('id', 'arbiter', 'chief-arbiter', 'appeals-committee')
  @ApiOperation({ summary: 'Provisional pairing of the next round under each allowed system, kept up to date as results arrive (officials)' })
  @ApiOkResponse({ schema: { example: PROVISIONAL_EXAMPLE } })
  async provisional(@Param() p: RoundParams, @Query() q: ProvisionalQuery, @Req() request: AuthedRequest) {
    await this.reads.ready(request);
    const division = divisionOf(this.reads.summary(p.id), q.division);
    const doc = this.reads.doc<ProvisionalDocument>(COLLECTIONS.provisional, divisionKey(p.id, division));
    if (!doc || doc.round !== p.n)
      throw new ProblemException(
        404,
        'tournament/no-provisional-pairing',
        'Not found',
        `provisional pairings exist for the next round only${doc ? ` (round ${doc.round} of ${division})` : ''}`,
        {
          field: 'n',
          rule: 'Arbitra: provisional pairings are kept for the next round to pair',
        },
      );
    if (q.system === undefined) return doc;
    const outcome = doc.systems[q.system];
    if (!outcome)
      throw new ProblemException(404, 'tournament/pairing-system-not-allowed', 'Not found', `${q.system} is not among this tournament's pairing systems`, {
        field: 'system',
        rule: 'Arbitra: a tournament names the pairing systems it allows; each round uses one of them',
      });
    return { ...doc, systems: { [q.system]: outcome } };
  }

  @Post('publish')
  @AllowInTournament('id', 'arbiter', 'chief-arbiter')
  @ApiOperation({ summary: 'Publish round n: its pairing becomes public and it takes results (arbiter, chief arbiter)' })
  @ApiCreatedResponse({ description: 'tournament.RoundPublished', schema: { example: COMMAND_EXAMPLE } })
  publish(@Param() p: RoundParams, @Body() body: RoundCommandDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runTournamentCommand(this.core, request, reply, p.id, (context) => ({
      type: 'tournament.publish-round',
      context,
      data: { round: p.n, ...(body.division && { division: body.division }) },
    }));
  }

  @Post('lock')
  @AllowInTournament('id', 'chief-arbiter')
  @ApiOperation({ summary: 'Lock a complete round n: no more results; corrections only by appeals committee or chief arbiter (chief arbiter)' })
  @ApiCreatedResponse({ description: 'tournament.RoundLocked', schema: { example: COMMAND_EXAMPLE } })
  lock(@Param() p: RoundParams, @Body() body: RoundCommandDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runTournamentCommand(this.core, request, reply, p.id, (context) => ({
      type: 'tournament.lock-round',
      context,
      data: { round: p.n, ...(body.division && { division: body.division }) },
    }));
  }

  @Post('results')
  @AllowInTournament('id', 'arbiter', 'chief-arbiter')
  @ApiOperation({ summary: 'Record the result of one table of round n (arbiter, chief arbiter)' })
  @ApiCreatedResponse({ description: 'tournament.ResultRecorded', schema: { example: COMMAND_EXAMPLE } })
  record(@Param() p: RoundParams, @Body() body: RecordResultDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runTournamentCommand(this.core, request, reply, p.id, (context) => ({
      type: 'tournament.record-result',
      context,
      data: {
        round: p.n,
        ...(body.division && { division: body.division }),
        table: body.table,
        result: resultInput(body.result),
        source: body.source?.kind === 'game' ? { kind: 'game', gameId: body.source.gameId as string } : { kind: 'arbiter' },
      },
    }));
  }

  @Get('results')
  @Public()
  @ApiOperation({ summary: 'Results of round n, with the tables still missing and the corrections (public once published)' })
  @ApiOkResponse({
    schema: {
      example: {
        tournament: 'hk-open-2026',
        division: 'main',
        round: 1,
        status: 'published',
        results: ROUND_EXAMPLE.results,
        missing: [2, 3],
        corrections: [],
      },
    },
  })
  async results(@Param() p: RoundParams, @Query() q: DivisionQuery, @Req() request: AuthedRequest) {
    await this.reads.ready(request);
    const r = this.round(p, q.division, request);
    return {
      tournament: r.tournament,
      division: r.division,
      round: r.round,
      status: r.status,
      results: r.results,
      missing: r.missing,
      corrections: r.corrections,
      asOf: r.asOf,
    };
  }

  @Post('results/:table/corrections')
  @AllowInTournament('id', 'arbiter', 'chief-arbiter', 'appeals-committee')
  @ApiOperation({
    summary:
      'Correct a recorded result with a reason; in a locked round only the appeals committee or chief arbiter (arbiter, chief arbiter, appeals committee)',
  })
  @ApiCreatedResponse({ description: 'tournament.ResultCorrected (what it corrects, the reason, who decided)', schema: { example: COMMAND_EXAMPLE } })
  correct(@Param() p: TableParams, @Body() body: CorrectResultDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runTournamentCommand(this.core, request, reply, p.id, (context) => ({
      type: 'tournament.correct-result',
      context,
      data: {
        round: p.n,
        ...(body.division && { division: body.division }),
        table: p.table,
        result: resultInput(body.result),
        reason: body.reason,
      },
    }));
  }

  /** The round document; unpublished rounds are visible to the tournament's officials only. */
  private round(p: RoundParams, division: string | undefined, request: AuthedRequest): RoundDocument {
    const d = divisionOf(this.reads.summary(p.id), division);
    const doc = this.reads.doc<RoundDocument>(COLLECTIONS.round, roundDocKey(p.id, d, p.n));
    const official = isOfficial(request, p.id);
    // To anyone else a paired round and a round not paired get the same answer: that a round is paired is the officials'.
    if (!doc || (doc.status === 'paired' && !official))
      throw new ProblemException(404, 'tournament/round-not-published', 'Not found', `round ${p.n} of ${d} is not ${official ? 'paired' : 'published'} yet`, {
        field: 'n',
        rule: 'Arbitra: a round is published once, after it is paired',
      });
    // The public reads it at the tournament's public asOf (issue 32): the round's own asOf counts the log's and the stream's events.
    return official ? doc : Object.assign({}, doc, { asOf: this.reads.publicAsOf(p.id) ?? doc.asOf });
  }
}
