import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { OpenTournament, TournamentState } from '../../domain/tournament/index.js';
import { streamOf } from '../../runtime/command-handler.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import {
  COLLECTIONS,
  crosstableOf,
  divisionKey,
  standingsOf,
  TOURNAMENTS_PROJECTION,
  TournamentAggregate,
  type Audience,
  type StandingsDocument,
  type TournamentIndexEntry,
} from '../../runtime/features/tournament/index.js';
import { PenaltiesAggregate } from '../../runtime/features/penalties/index.js';
import { issueIntoLedger } from '../penalties/ledger-command.js';
import { Allow, AllowInTournament, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { sendDocument, StoredDocumentResponses } from '../document-response.js';
import { responseSchema } from '../openapi-responses.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { COMMAND_EXAMPLE, CROSSTABLE_EXAMPLE, STANDINGS_EXAMPLE, SUMMARY_EXAMPLE } from './examples.js';
import { divisionOf, isOfficial, runTournamentCommand, unknownTournament } from './tournament-command.js';
import { TournamentReads } from './tournament-reads.js';
import { CreateTournamentDto } from './tournament-create.dto.js';
import { DivisionQuery, PlayerParams, ReadQuery, StandingsQuery, TournamentParams } from './tournament-params.dto.js';
import { AbsenceDto, ForbiddenPairingDto, PenaltyDto, RegisterPlayerDto, WithdrawalDto } from './tournament-players.dto.js';

const WRITERS = ['arbiter', 'chief-arbiter'] as const;
const asOfPositionForOfficials = (id: string) =>
  new ProblemException(403, 'auth/official-view', 'Forbidden', `standings as of a log position are for tournament ${id}'s officials; the public has ?round=N`, {
    field: 'asOfPosition',
    rule: "Arbitra: ?asOfPosition= replays the tournament's stream per request, so it is limited to the tournament's officials (admin, its arbiters, chief arbiter, appeals committee)",
  });

/**
 * Tournaments: creation, players, forbidden pairings, penalties, standings and crosstable.
 * Writes: admin, or the tournament's arbiters and chief arbiter (token scoped to the tournament).
 * Reads of the summary, standings and crosstable are public, of published rounds only: a round paired
 * but not published is seen by the tournament's officials (and admin) only, marked as such
 * (RULES.unpublishedHidden).
 */
@ApiTags('tournaments')
@ApiBearerAuth()
@Controller('v1/tournaments')
export class TournamentsController {
  private readonly reads: TournamentReads;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) config: ArbitraConfig,
  ) {
    this.reads = new TournamentReads(core, config);
  }

  @Post()
  @Allow('chief-arbiter')
  @ApiOperation({ summary: 'Create a tournament (admin, or a chief arbiter whose token is granted this tournament id)' })
  @ApiCreatedResponse({ description: 'tournament.TournamentCreated; ETag is the stream revision', schema: { example: COMMAND_EXAMPLE } })
  async create(@Body() body: CreateTournamentDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const who = request.principal;
    if (who?.role === 'chief-arbiter' && !who.tournaments.includes(body.id))
      throw new ProblemException(403, 'auth/tournament-not-granted', 'Forbidden', `this chief-arbiter token is not granted tournament ${body.id}`, {
        rule: 'Arbitra roles: a chief arbiter creates only a tournament their token names; admin creates any',
        field: 'id',
      });
    return runTournamentCommand(this.core, request, reply, body.id, (context) => ({
      type: 'tournament.create',
      context,
      data: {
        id: body.id,
        name: body.name,
        discipline: body.discipline,
        ...(body.pairingSystems !== undefined && { pairingSystems: [...body.pairingSystems] }),
        ...(body.divisions !== undefined && { divisions: [...body.divisions] }),
        ...(body.roundsPlanned !== undefined && { roundsPlanned: body.roundsPlanned }),
        ...(body.profile !== undefined && { profile: JSON.parse(JSON.stringify(body.profile)) }),
      },
    }));
  }

  @Get()
  @Public()
  @ApiOperation({ summary: "Every tournament, by id (public; roundsPaired, which counts unpublished rounds, only for the tournament's officials)" })
  @ApiOkResponse({
    schema: responseSchema('TournamentListResponse'),
    example: {
      tournaments: [
        {
          id: 'hk-open-2026',
          name: 'Hong Kong Scrabble Open 2026',
          discipline: 'scrabble',
          divisions: ['main'],
          players: 6,
          roundsPublished: 2,
          asOf: { revision: 14, position: 230, at: '2026-11-29T10:42:00.000Z' },
        },
      ],
    },
  })
  async list(@Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    await this.reads.ready(request);
    const items = this.reads.list<TournamentIndexEntry>(COLLECTIONS.index);
    // roundsPaired counts unpublished rounds: the tournament's officials only (RULES.unpublishedHidden).
    // Object.assign, not a spread followed by new keys (slow on Node 20).
    // The public's asOf is of the last event that changed what the public sees (issue 32); officials see the last event's.
    return {
      tournaments: items.map(({ roundsPaired, publicAsOf, ...item }) =>
        isOfficial(request, item.id) ? Object.assign({}, item, { roundsPaired }) : Object.assign(item, { asOf: publicAsOf ?? item.asOf }),
      ),
    };
  }

  @Get(':id')
  @Public()
  @ApiOperation({
    summary:
      'A tournament: profile, divisions, players, rounds with their status (public: published rounds; officials also see unpublished ones, published: false)',
  })
  @StoredDocumentResponses('TournamentResponse', SUMMARY_EXAMPLE)
  async get(@Param() p: TournamentParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    if (isOfficial(request, p.id)) {
      const summary = this.reads.summary(p.id);
      // The stream revision the summary reflects: send it back as If-Match.
      void reply.header('etag', `"${summary.asOf.revision}"`);
      void reply.header('cache-control', 'private, no-store');
      // Unpublished rounds (their pairing, bye, missing tables) are for the officials only; they see them as `published: false`.
      return summary;
    }
    // The public's view (issue 32): published rounds at the public's asOf, tagged by its bytes (the stored bytes when they are that).
    return sendDocument(request, reply, this.reads.publicSummary(p.id));
  }

  @Post(':id/players')
  @AllowInTournament('id', ...WRITERS)
  @ApiOperation({ summary: 'Register a player, or a late entry with joinsAtRound (arbiter, chief arbiter)' })
  @ApiCreatedResponse({ description: 'tournament.PlayerRegistered', schema: { example: COMMAND_EXAMPLE } })
  register(@Param() p: TournamentParams, @Body() body: RegisterPlayerDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { joinsAtRound, ...player } = body;
    return runTournamentCommand(this.core, request, reply, p.id, (context) => ({
      type: 'tournament.register-player',
      context,
      data: {
        player: JSON.parse(JSON.stringify(player)),
        ...(joinsAtRound !== undefined && { joinsAtRound }),
      },
    }));
  }

  @Post(':id/players/:playerId/withdrawal')
  @AllowInTournament('id', ...WRITERS)
  @ApiOperation({ summary: 'Withdraw a player from a round not yet paired (arbiter, chief arbiter)' })
  @ApiCreatedResponse({ description: 'tournament.PlayerWithdrawn', schema: { example: COMMAND_EXAMPLE } })
  withdraw(@Param() p: PlayerParams, @Body() body: WithdrawalDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runTournamentCommand(this.core, request, reply, p.id, (context) => ({
      type: 'tournament.withdraw-player',
      context,
      data: {
        playerId: p.playerId,
        fromRound: body.fromRound,
        ...(body.reason !== undefined && { reason: body.reason }),
      },
    }));
  }

  @Post(':id/players/:playerId/absences')
  @AllowInTournament('id', ...WRITERS)
  @ApiOperation({ summary: 'Announce an absence, or a requested zero-, half- or full-point bye, for one round not yet paired (arbiter, chief arbiter)' })
  @ApiCreatedResponse({ description: 'tournament.PlayerMarkedAbsent', schema: { example: COMMAND_EXAMPLE } })
  absent(@Param() p: PlayerParams, @Body() body: AbsenceDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runTournamentCommand(this.core, request, reply, p.id, (context) => ({
      type: 'tournament.mark-absent',
      context,
      data: {
        playerId: p.playerId,
        round: body.round,
        ...(body.reason !== undefined && { reason: body.reason }),
        ...(body.bye !== undefined && { bye: body.bye }),
      },
    }));
  }

  @Post(':id/forbidden-pairings')
  @AllowInTournament('id', ...WRITERS)
  @ApiOperation({ summary: 'Keep two players apart in every pairing, with the reason (arbiter, chief arbiter)' })
  @ApiCreatedResponse({ description: 'tournament.PairingForbidden', schema: { example: COMMAND_EXAMPLE } })
  forbid(@Param() p: TournamentParams, @Body() body: ForbiddenPairingDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runTournamentCommand(this.core, request, reply, p.id, (context) => ({
      type: 'tournament.forbid-pairing',
      context,
      data: { a: body.a, b: body.b, reason: body.reason },
    }));
  }

  @Post(':id/penalties')
  @AllowInTournament('id', ...WRITERS)
  @ApiOperation({ summary: 'Deduct points: issued into the penalty ledger (ref = penalty id), it flows into standings (arbiter, chief arbiter)' })
  @ApiCreatedResponse({ description: 'penalties.PenaltyIssued (kind points)', schema: { example: COMMAND_EXAMPLE } })
  penalty(@Param() p: TournamentParams, @Body() body: PenaltyDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    // Issue 10: the penalty ledger is the one record of penalties; this route keeps its request shape.
    const target = { player: body.player, ...(body.round !== undefined && { round: body.round }) };
    const issue = { penaltyId: body.ref, target, offence: 'points-deduction', kind: 'points' as const, amount: body.points, reason: body.reason };
    return issueIntoLedger(this.core, request, reply, p.id, issue, { player: 'player', penaltyId: 'ref', legacyRef: true });
  }

  @Get(':id/standings')
  @Public()
  @ApiOperation({
    summary:
      'Standings per division, optionally as of round N, or as the record stood at a log position (public: published rounds only; officials also count unpublished rounds, listed in unpublishedRounds)',
  })
  @StoredDocumentResponses('StandingsResponse', STANDINGS_EXAMPLE)
  async standings(@Param() p: TournamentParams, @Query() q: StandingsQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const audience = audienceOf(request, p.id);
    if (q.asOfPosition !== undefined) {
      // A replay of the stream per request (its cost grows with the tournament): an audit tool for officials, not a public feed.
      if (audience !== 'officials') throw asOfPositionForOfficials(p.id);
      return this.standingsAsOfPosition(p.id, q, q.asOfPosition, audience);
    }
    // The public's current standings are stored (published rounds only) and served as stored; the rest is computed.
    if (q.round === undefined && audience === 'public') return sendDocument(request, reply, this.storedPerDivision(p.id, q.division, COLLECTIONS.standings));
    void reply.header('cache-control', audience === 'public' ? 'public, no-cache' : 'private, no-store');
    return this.perDivision(p.id, q, (t, d) => standingsOf(t, d, this.asOf(p.id, audience), q.round, audience));
  }

  @Get(':id/crosstable')
  @Public()
  @ApiOperation({
    summary:
      'Crosstable per division: opponent, side, result, score, running total per round (public: published rounds only; officials see unpublished ones too)',
  })
  @StoredDocumentResponses('CrosstableResponse', CROSSTABLE_EXAMPLE)
  async crosstable(@Param() p: TournamentParams, @Query() q: StandingsQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const audience = audienceOf(request, p.id);
    if (q.round === undefined && audience === 'public') return sendDocument(request, reply, this.storedPerDivision(p.id, q.division, COLLECTIONS.crosstable));
    void reply.header('cache-control', audience === 'public' ? 'public, no-cache' : 'private, no-store');
    return this.perDivision(p.id, q, (t, d) => crosstableOf(t, d, this.asOf(p.id, audience), q.round, audience));
  }

  /** The same reducer replayed over the tournament's stream up to a log position. */
  private async standingsAsOfPosition(id: string, q: StandingsQuery, position: number, audience: Audience) {
    const docs = await this.core.projections.asOf(TOURNAMENTS_PROJECTION, position, [streamOf(TournamentAggregate, id), streamOf(PenaltiesAggregate, id)]);
    const t = docs.get<TournamentState>(COLLECTIONS.state, id);
    if (!t || t.status !== 'open') {
      if (!this.reads.doc(COLLECTIONS.summary, id)) throw unknownTournament(id);
      throw new ProblemException(404, 'tournament/not-yet-created', 'Not found', `tournament ${id} did not exist yet at log position ${position}`, {
        field: 'asOfPosition',
        rule: 'a view as of a position shows only what was recorded by then',
      });
    }
    const divisions = q.division === undefined ? t.divisions : [divisionOf(t, q.division)];
    return {
      tournament: id,
      round: q.round ?? null,
      asOfPosition: position,
      divisions: divisions.map((d) =>
        q.round === undefined && audience === 'public'
          ? (docs.get<StandingsDocument>(COLLECTIONS.standings, divisionKey(id, d)) ?? null)
          : standingsOf(t, d, { revision: -1, position, at: '' }, q.round, audience),
      ),
    };
  }

  /** The stored per-division documents (current standings or crosstable) as one body, without parsing them. */
  private storedPerDivision(id: string, division: string | undefined, collection: string) {
    const stored = this.reads.storedPerDivision(id, division, collection);
    if (!stored) throw unknownTournament(id);
    return stored;
  }

  /** The asOf a computed view carries: the public's is of the last event that changed what the public sees (issue 32). */
  private asOf(id: string, audience: Audience) {
    const asOf = this.reads.summary(id).asOf;
    return audience === 'public' ? (this.reads.publicAsOf(id) ?? asOf) : asOf;
  }

  /** The documents of the requested division, or of every division. */
  private perDivision<T>(id: string, q: DivisionQuery & { round?: number }, get: (t: OpenTournament, division: string) => T | undefined) {
    const t = this.reads.doc<OpenTournament>(COLLECTIONS.state, id);
    if (!t) this.reads.summary(id); // throws the 404
    const state = t as OpenTournament;
    const divisions = q.division === undefined ? state.divisions : [divisionOf(state, q.division)];
    return { tournament: id, round: q.round ?? null, divisions: divisions.map((d) => get(state, d)) };
  }
}

/** The tournament's officials (and admin) see unpublished rounds, marked; everyone else sees published rounds only. */
function audienceOf(request: AuthedRequest, id: string): Audience {
  return isOfficial(request, id) ? 'officials' : 'public';
}
