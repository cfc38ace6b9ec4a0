import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { PenaltyAuthority, PenaltyCommand } from '../../domain/penalties/index.js';
import { roundUnpublished, type TournamentState } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import {
  federationReport,
  LEDGER_COLLECTION,
  LEDGER_PROJECTION,
  ledgerView,
  PenaltiesAggregate,
  playerLedgerView,
  type LedgerDocument,
} from '../../runtime/features/penalties/index.js';
import { COLLECTIONS, TOURNAMENTS_PROJECTION, type TournamentSummary } from '../../runtime/features/tournament/index.js';
import { Allow, AllowInTournament } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { awaitPosition, runCommand } from '../command-request.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { isOfficial, unknownTournament } from '../tournaments/tournament-command.js';
import { ReadQuery } from '../tournaments/tournament-params.dto.js';
import { issueIntoLedger, LEDGER_FIELDS } from './ledger-command.js';
import {
  CancelPenaltyDto,
  IssuePenaltyDto,
  LedgerParams,
  LedgerPlayerParams,
  PenaltyParams,
  ReducePenaltyDto,
  ReportQuery,
  type AuthorityDto,
} from './penalties.dto.js';

const ISSUERS = ['arbiter', 'chief-arbiter'] as const;
/** Cancel and reduce: the decider checks the authority each names (own correction, chief arbiter, appeal). */
const DECIDERS = ['arbiter', 'chief-arbiter', 'appeals-committee'] as const;
const COMMAND_EXAMPLE = { stream: 'penalties-wmc-open-2026', revision: 0, position: 42, duplicate: false, events: [] };

const authorityOf = (a: AuthorityDto): PenaltyAuthority => (a.kind === 'appeal' ? { kind: 'appeal', appealId: a.appealId ?? '' } : { kind: a.kind });

/**
 * The penalty ledger of a tournament (issue 10): every penalty, warning and sanction, cancelled or reduced
 * only by later events. Officials issue; the tournament's officials read the whole ledger, a player reads
 * their own entries, the federation (admin) reads the report across tournaments. The public sees the points
 * deductions where they count: the standings and the tournament summary's `penalties`.
 */
@ApiTags('penalties')
@ApiBearerAuth()
@Controller('v1')
export class PenaltiesController {
  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {}

  @Post('tournaments/:id/penalty-ledger')
  @AllowInTournament('id', ...ISSUERS)
  @ApiOperation({
    summary: 'Issue a penalty, warning or sanction into the ledger; a repeat after a warning escalates per the profile (arbiter, chief arbiter)',
  })
  @ApiCreatedResponse({ description: 'penalties.PenaltyIssued', schema: { example: COMMAND_EXAMPLE } })
  issue(@Param() p: LedgerParams, @Body() b: IssuePenaltyDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const target = {
      player: b.target.player,
      ...(b.target.round !== undefined && { round: b.target.round }),
      ...(b.target.table !== undefined && { table: b.target.table }),
    };
    const issue = {
      penaltyId: b.penaltyId,
      target: { ...target, ...(b.target.game !== undefined && { game: b.target.game }) },
      offence: b.offence,
      kind: b.kind,
      ...(b.amount !== undefined && { amount: b.amount }),
      ...(b.rule !== undefined && { rule: { ...(b.rule.profile !== undefined && { profile: b.rule.profile }), section: b.rule.section } }),
      reason: b.reason,
    };
    return issueIntoLedger(this.core, request, reply, p.id, issue, LEDGER_FIELDS);
  }

  @Post('tournaments/:id/penalty-ledger/:penaltyId/cancellation')
  @AllowInTournament('id', ...DECIDERS)
  @ApiOperation({
    summary:
      'Cancel a penalty: the issuing arbiter’s correction or the chief arbiter (an appeal decision cancels through the appeals process, never over HTTP)',
  })
  @ApiCreatedResponse({ description: 'penalties.PenaltyCancelled', schema: { example: COMMAND_EXAMPLE } })
  cancel(@Param() p: PenaltyParams, @Body() b: CancelPenaltyDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runCommand(this.core, request, reply, PenaltiesAggregate, p.id, (context): PenaltyCommand => ({
      type: 'penalties.cancel-penalty',
      context,
      data: { penaltyId: p.penaltyId, reason: b.reason, authority: authorityOf(b.authority) },
    }));
  }

  @Post('tournaments/:id/penalty-ledger/:penaltyId/reduction')
  @AllowInTournament('id', ...DECIDERS)
  @ApiOperation({ summary: 'Reduce a penalty’s amount, under the same authorities as a cancellation' })
  @ApiCreatedResponse({ description: 'penalties.PenaltyReduced', schema: { example: COMMAND_EXAMPLE } })
  reduce(@Param() p: PenaltyParams, @Body() b: ReducePenaltyDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runCommand(this.core, request, reply, PenaltiesAggregate, p.id, (context): PenaltyCommand => ({
      type: 'penalties.reduce-penalty',
      context,
      data: { penaltyId: p.penaltyId, amount: b.amount, reason: b.reason, authority: authorityOf(b.authority) },
    }));
  }

  @Get('tournaments/:id/penalty-ledger')
  @AllowInTournament('id', ...DECIDERS)
  @ApiOperation({ summary: 'The tournament’s ledger: every penalty with its cancellation, reductions and net effect, and totals by kind (officials)' })
  @ApiOkResponse({ description: 'LedgerView' })
  async ledger(@Param() p: LedgerParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    await this.ready(request, p.id);
    return ledgerView(p.id, this.doc(p.id));
  }

  @Get('tournaments/:id/penalty-ledger/players/:playerId')
  // The guard lets the tournament's officials and any player token through; the handler keeps a player to their own.
  @AllowInTournament('id', ...DECIDERS, 'player')
  @ApiOperation({
    summary: 'One player’s penalties in the tournament, with totals (the tournament’s officials, or the player themself)',
    // Redocly's no-ambiguous-paths: the templates share URLs, never a method, so no request has two meanings.
    description:
      'Its URL can also match `POST …/penalty-ledger/{penaltyId}/cancellation` or `/reduction` (a player `cancellation`, a penalty ' +
      '`players`): the method decides. GET reads the player’s ledger; POST cancels or reduces the penalty.',
  })
  @ApiOkResponse({ description: 'LedgerView of one player' })
  async player(@Param() p: LedgerPlayerParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    const who = request.principal!;
    if (!isOfficial(request, p.id) && !(who.role === 'player' && who.id === p.playerId && who.tournaments.includes(p.id)))
      throw new ProblemException(
        403,
        'auth/not-own-penalties',
        'Forbidden',
        `penalties of ${p.playerId} in ${p.id} are for the player (a token naming the tournament) and the tournament’s officials`,
        {
          field: 'playerId',
          rule: 'Arbitra penalty ledger: a player reads their own penalties with a token naming the tournament; officials read everyone’s',
        },
      );
    const summary = await this.ready(request, p.id);
    if (isOfficial(request, p.id)) return ledgerView(p.id, this.doc(p.id), p.playerId);
    // The player: his entries numbered among themselves, never by the ledger's or the log's count (issue 32), and none
    // of a round paired and not published (RULES.unpublishedHidden: a penalty sent without a round is recorded in it).
    const t = this.core.readModels.get<TournamentState>(TOURNAMENTS_PROJECTION, COLLECTIONS.state, p.id);
    return playerLedgerView(p.id, summary.discipline, this.doc(p.id), p.playerId, (e) => t === undefined || !roundUnpublished(t, e.target));
  }

  @Get('penalty-ledger/report')
  @Allow()
  @ApiOperation({ summary: 'The federation report: every tournament’s ledger summed by kind, net of cancellations and reductions (admin)' })
  @ApiOkResponse({ description: 'FederationReport' })
  async report(@Query() q: ReportQuery, @Req() request: AuthedRequest) {
    await awaitPosition(request, this.core, this.config.waitMaxMs);
    const docs = this.core.readModels.list<LedgerDocument>(LEDGER_PROJECTION, LEDGER_COLLECTION).map((d) => d.value);
    return federationReport(docs, q.discipline);
  }

  private async ready(request: AuthedRequest, id: string): Promise<TournamentSummary> {
    await awaitPosition(request, this.core, this.config.waitMaxMs);
    const summary = this.core.readModels.get<TournamentSummary>(TOURNAMENTS_PROJECTION, COLLECTIONS.summary, id);
    if (!summary) throw unknownTournament(id);
    return summary;
  }

  private doc(id: string): LedgerDocument | undefined {
    return this.core.readModels.get<LedgerDocument>(LEDGER_PROJECTION, LEDGER_COLLECTION, id);
  }
}
