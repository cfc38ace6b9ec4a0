import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AppealEvent, AppealState } from '../../domain/appeals/index.js';
import type { LedgerState } from '../../domain/penalties/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { streamOf } from '../../runtime/command-handler.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { AppealAggregate, buildTimeline, contestedDecision, locateEvent, timelineHtml, timelineMarkdown } from '../../runtime/features/appeals/index.js';
import { gameFeaturesOf } from '../../runtime/games/index.js';
import { Allow, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { awaitPosition, isRetry, runCommand, runCreating } from '../command-request.js';
import { responseSchema } from '../openapi-responses.js';
import { ProblemException } from '../problem.js';
import { ServesHtml } from '../security-headers.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { loadTournament } from '../tournaments/tournament-command.js';
import { ReadQuery } from '../tournaments/tournament-params.dto.js';
import { canSeeFile, isTournamentOfficial, publicRemedy, requireTournamentScope, unknownAppeal } from './appeal-access.js';
import { remedyOf } from './remedy-input.js';
import {
  AppealParams,
  CommitteeDto,
  DecisionDto,
  EmptyDto,
  FinaliseDto,
  HearingDto,
  LodgeAppealDto,
  MinutesDto,
  StatementDto,
  TimelineQuery,
} from './appeals.dto.js';

const RUNNERS = ['chief-arbiter', 'appeals-committee'] as const;
const COMMAND_EXAMPLE = {
  stream: 'appeal-ap-3f9c1e0b7a5d2c8e4f6a1b0d',
  revision: 0,
  position: 120,
  duplicate: false,
  events: [{ type: 'appeals.AppealLodged' }],
};

/** A player's answer carries the appeal's revision as `position` (issue 32), as his file and timeline number its steps. */
const PLAYER_POSITION = '`position`: the log’s position to an official; to a player the appeal’s revision, as his file and timeline number its steps';

/**
 * Appeals: lodge against a recorded decision (by event id), then acknowledged → committee → statements →
 * hearing → decision → final; remedies are applied by a process manager. Commands go through the runner.
 */
@ApiTags('appeals')
@ApiBearerAuth()
@Controller('v1/appeals')
export class AppealsController {
  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {}

  @Post()
  @Allow('player', 'chief-arbiter')
  @ApiOperation({
    summary: 'Lodge a written appeal against a recorded decision (player for themself, captain or representative; a chief arbiter may accept a late one)',
  })
  @ApiCreatedResponse({ description: `appeals.AppealLodged. ${PLAYER_POSITION}`, schema: { example: COMMAND_EXAMPLE } })
  async lodge(@Body() body: LodgeAppealDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireTournamentScope(request, body.tournamentId, 'tournamentId');
    const { state: t } = await loadTournament(this.core, body.tournamentId);
    // The index of decisions is a read model: let it reach the head of the log before looking the decision up.
    await this.core.projections.waitFor(await this.core.store.headPosition(), this.config.waitMaxMs);
    const located = locateEvent(this.core.readModels, body.contestedEventId);
    const found = located ? await contestedDecision(this.core.store, located, body.contestedEventId) : null;
    if (!found)
      throw new ProblemException(404, 'appeals/unknown-decision', 'Not found', `no recorded decision has event id ${body.contestedEventId}`, {
        field: 'contestedEventId',
        rule: 'Arbitra appeals: an appeal names a recorded ruling, penalty, result, challenge adjudication or pairing by its event id',
      });
    // A decision in a game linked to no tournament is no tournament's to hear: its committee would rule outside it.
    if (found.tournamentId !== body.tournamentId)
      throw new ProblemException(
        422,
        'appeals/other-tournament',
        'Unprocessable',
        found.tournamentId === null
          ? `event ${body.contestedEventId} belongs to no tournament (its game is linked to none)`
          : `event ${body.contestedEventId} belongs to tournament ${found.tournamentId}`,
        {
          field: 'contestedEventId',
          rule: 'Arbitra appeals: an appeal is heard in the tournament of the decision it contests',
        },
      );
    return runCreating(this.core, request, reply, AppealAggregate, { prefix: 'ap-', kind: 'appeal', clientKey: body.appealId }, (context, appealId) => ({
      type: 'appeals.lodge' as const,
      context,
      data: {
        appealId,
        tournamentId: body.tournamentId,
        discipline: t.discipline,
        appellant: { id: body.appellant.id, capacity: body.appellant.capacity, forPlayer: body.appellant.forPlayer },
        contested: found.decision,
        grounds: body.grounds,
        remedySought: body.remedySought,
        deposit: body.deposit ?? null,
        lateAcceptance: body.lateAcceptance ? { reason: body.lateAcceptance.reason } : null,
      },
    }));
  }

  @Post(':id/acknowledgement')
  @Allow(...RUNNERS)
  @ApiOperation({ summary: 'Acknowledge a lodged appeal (chief arbiter, appeals committee)' })
  @ApiCreatedResponse({ description: 'appeals.AppealAcknowledged', schema: { example: COMMAND_EXAMPLE } })
  async acknowledge(@Param() p: AppealParams, @Body() _b: EmptyDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.scoped(request, p.id);
    return runCommand(this.core, request, reply, AppealAggregate, p.id, (context) => ({ type: 'appeals.acknowledge' as const, context, data: {} }));
  }

  @Post(':id/committee')
  @Allow(...RUNNERS)
  @ApiOperation({ summary: 'Form the committee: members (a party or an official involved in the decision is refused)' })
  @ApiCreatedResponse({ description: 'appeals.CommitteeFormed', schema: { example: COMMAND_EXAMPLE } })
  async committee(@Param() p: AppealParams, @Body() body: CommitteeDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.scoped(request, p.id);
    const members = body.members.map((m) => ({ id: m.id, name: m.name, role: m.role, federation: m.federation ?? null }));
    return runCommand(this.core, request, reply, AppealAggregate, p.id, (context) => ({ type: 'appeals.form-committee' as const, context, data: { members } }));
  }

  @Post(':id/statements')
  @Allow('player', ...RUNNERS)
  @ApiOperation({ summary: 'Attach a statement or evidence (references to recorded events by id): the appellant, the committee, officials' })
  @ApiCreatedResponse({ description: `appeals.StatementAttached. ${PLAYER_POSITION}`, schema: { example: COMMAND_EXAMPLE } })
  async statement(@Param() p: AppealParams, @Body() body: StatementDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.scoped(request, p.id);
    const data = { statementId: body.statementId, kind: body.kind, author: body.author, text: body.text, references: [...body.references] };
    return runCommand(this.core, request, reply, AppealAggregate, p.id, (context) => ({ type: 'appeals.attach-statement' as const, context, data }));
  }

  @Post(':id/hearing')
  @Allow(...RUNNERS)
  @ApiOperation({ summary: 'Schedule (or reschedule) the hearing' })
  @ApiCreatedResponse({ description: 'appeals.HearingScheduled', schema: { example: COMMAND_EXAMPLE } })
  async schedule(@Param() p: AppealParams, @Body() body: HearingDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.scoped(request, p.id);
    const data = { hearingAt: new Date(body.hearingAt).toISOString(), place: body.place };
    return runCommand(this.core, request, reply, AppealAggregate, p.id, (context) => ({ type: 'appeals.schedule-hearing' as const, context, data }));
  }

  @Post(':id/hearing/minutes')
  @Allow(...RUNNERS)
  @ApiOperation({ summary: 'Record that the hearing was held, with who was present and the minutes' })
  @ApiCreatedResponse({ description: 'appeals.HearingHeld', schema: { example: COMMAND_EXAMPLE } })
  async hold(@Param() p: AppealParams, @Body() body: MinutesDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.scoped(request, p.id);
    const data = { present: [...body.present], minutes: body.minutes };
    return runCommand(this.core, request, reply, AppealAggregate, p.id, (context) => ({ type: 'appeals.hold-hearing' as const, context, data }));
  }

  @Post(':id/decision')
  @Allow(...RUNNERS)
  @ApiOperation({ summary: 'Record the decision (a committee member): outcome, reasons, votes, remedies (applied as commands caused by it)' })
  @ApiCreatedResponse({ description: 'appeals.AppealDecided', schema: { example: COMMAND_EXAMPLE } })
  async decide(@Param() p: AppealParams, @Body() body: DecisionDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const state = await this.scoped(request, p.id);
    const { state: t } = await loadTournament(this.core, state.tournamentId!);
    const penalties = this.core.options.features.flatMap((f) => f.aggregates ?? []).find((a) => a.name === 'penalties');
    const ledger = penalties ? ((await this.core.commands.load(penalties, streamOf(penalties, state.tournamentId!))).state as LedgerState) : null;
    const retry = await isRetry(this.core, request);
    const remedies = body.remedies.map((r, i) => remedyOf(r, i, t, ledger, !retry));
    const data = { outcome: body.outcome, reasons: body.reasons, votes: body.votes.map((v) => ({ member: v.member, vote: v.vote })), remedies };
    return runCommand(this.core, request, reply, AppealAggregate, p.id, (context) => ({ type: 'appeals.decide' as const, context, data }));
  }

  @Post(':id/finalisation')
  @Allow(...RUNNERS)
  @ApiOperation({ summary: 'Mark the appeal final (after its decision and remedies)' })
  @ApiCreatedResponse({ description: 'appeals.AppealFinalised', schema: { example: COMMAND_EXAMPLE } })
  async finalise(@Param() p: AppealParams, @Body() body: FinaliseDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.scoped(request, p.id);
    return runCommand(this.core, request, reply, AppealAggregate, p.id, (context) => ({
      type: 'appeals.finalise' as const,
      context,
      data: { note: body.note ?? '' },
    }));
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'The appeal file (appellant, committee, officials); the public sees only the decision, once final' })
  @ApiOkResponse({ schema: { example: { appealId: 'ap-3f9c1e0b7a5d2c8e4f6a1b0d', step: 'final', decision: { outcome: 'upheld' } } } })
  async file(@Param() p: AppealParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await awaitPosition(request, this.core, this.config.waitMaxMs);
    const { state, events } = await this.load(p.id);
    void reply.header('cache-control', 'private, no-store');
    // Officials read the log's positions; the appellant and the committee the appeal's revisions (issue 32).
    const official = isTournamentOfficial(request, state.tournamentId!);
    if (canSeeFile(request, state))
      return {
        appealId: p.id,
        tournamentId: state.tournamentId,
        step: state.step,
        events: events.map((e) => ({ id: e.id, type: e.type, position: official ? e.position : e.revision, data: e.data })),
      };
    const decided = events.find((e) => e.type === 'appeals.AppealDecided');
    if (state.step !== 'final' || !decided) throw unknownAppeal(p.id);
    const d = decided.data as Extract<AppealEvent, { type: 'appeals.AppealDecided' }>['data'];
    return {
      appealId: p.id,
      tournamentId: state.tournamentId,
      step: state.step,
      contested: { eventId: state.contested!.eventId, type: state.contested!.type },
      decision: { outcome: d.outcome, reasons: d.reasons, remedies: d.remedies.map(publicRemedy), at: d.at, final: d.final },
    };
  }

  @Get(':id/timeline')
  @Public()
  @ServesHtml()
  @ApiOperation({
    summary:
      'The written appeal timeline, rebuilt from the log: the contested decision in its context (clock readings; a Scrabble board as SVG), every step, every remedy with its effect. ?format=json|html|md or Accept',
    description:
      'Officials of the tournament read log positions (`positions: log`); the appellant reads the appeal’s revisions, the ordinal of each context event shown and the tournament’s public position of a remedy’s event (`positions: public`), numbers that no unpublished record moves.',
  })
  @ApiOkResponse({
    description: 'The timeline: JSON, or the same as a printable HTML or Markdown document',
    content: {
      'application/json': { schema: responseSchema('AppealTimelineResponse') },
      'text/html': { schema: { type: 'string' } },
      'text/markdown': { schema: { type: 'string' } },
    },
  })
  async timeline(@Param() p: AppealParams, @Query() q: TimelineQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await awaitPosition(request, this.core, this.config.waitMaxMs);
    const { state } = await this.load(p.id);
    // The timeline is the file: to anyone else it does not exist (the public reads a final decision at /v1/appeals/:id).
    if (!canSeeFile(request, state)) throw unknownAppeal(p.id);
    const t = await buildTimeline(
      {
        store: this.core.store,
        readModels: this.core.readModels,
        upcasters: this.core.upcasters,
        refused: () => this.core.processManagers.refused(),
        games: gameFeaturesOf(this.core.options.features),
      },
      streamOf(AppealAggregate, p.id),
      { official: isTournamentOfficial(request, state.tournamentId!) },
    );
    if (!t) throw unknownAppeal(p.id);
    void reply.header('cache-control', 'private, no-store');
    const format = q.format ?? formatFromAccept(request.headers.accept);
    if (format === 'html') {
      void reply.header('content-type', 'text/html; charset=utf-8');
      return timelineHtml(t);
    }
    if (format === 'md') {
      void reply.header('content-type', 'text/markdown; charset=utf-8');
      return timelineMarkdown(t);
    }
    return t;
  }

  private async load(id: string): Promise<{ state: AppealState; events: Awaited<ReturnType<ArbitraCore['store']['readStream']>> }> {
    const stream = streamOf(AppealAggregate, id);
    const { state } = await this.core.commands.load(AppealAggregate, stream);
    if (state.step === null) throw unknownAppeal(id);
    return { state, events: await this.core.store.readStream(stream) };
  }

  /**
   * The appeal's state, for a caller who may read its file (the appellant, a committee member, an official of its
   * tournament, admin). To anyone else the appeal does not exist, as on the reads: the same 404 as for an unknown id,
   * before any step's decider runs, so a write never confirms that a private appeal exists, names its tournament
   * (a 403 for a token of another tournament did) or tells a non-party it is not one (a 409 did). Appeal ids are the
   * made by the server (`runCreating`): a client cannot name one to lodge under, so no answer tells that an id exists.
   */
  private async scoped(request: AuthedRequest, id: string): Promise<AppealState> {
    const { state } = await this.core.commands.load(AppealAggregate, streamOf(AppealAggregate, id));
    if (state.step === null || !canSeeFile(request, state)) throw unknownAppeal(id);
    return state;
  }
}

function formatFromAccept(accept: string | undefined): 'json' | 'html' | 'md' {
  if (!accept) return 'json';
  if (/text\/html/.test(accept)) return 'html';
  if (/text\/markdown/.test(accept)) return 'md';
  return 'json';
}
