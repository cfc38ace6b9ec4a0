import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import {
  PlayersAggregate,
  RATING_COLLECTIONS,
  RATINGS_PROJECTION,
  ratingChartSvg,
  REGISTRY_ID,
  servedRating,
  type HistoryPoint,
  type PlayerDocument,
} from '../../runtime/features/ratings/index.js';
import { Allow, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { awaitPosition, runCommand } from '../command-request.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { sendWithEtag, varyOnAccept } from './ratings.controller.js';
import { HistoryQuery, MergePlayerDto, PlayerIdParams, RegisterRatedPlayerDto, WaitQuery } from './ratings.dto.js';

const COMMAND_EXAMPLE = { stream: 'players-registry', revision: 0, position: 42, duplicate: false, events: [] };

/** Player identities across tournaments (issue 15): registered and merged by the federation (admin); pages and rating history public. */
@ApiTags('players')
@ApiBearerAuth()
@Controller('v1/players')
export class PlayersController {
  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {}

  @Post()
  @Allow()
  @ApiOperation({ summary: 'Register a player identity: federation id (unique), name, country (admin)' })
  @ApiCreatedResponse({ description: 'players.PlayerRegistered', schema: { example: COMMAND_EXAMPLE } })
  register(@Body() b: RegisterRatedPlayerDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const data = { id: b.id, federationId: b.federationId, name: b.name, country: b.country, ...(b.birthYear !== undefined && { birthYear: b.birthYear }) };
    return runCommand(this.core, request, reply, PlayersAggregate, REGISTRY_ID, (context) => ({ type: 'players.register-player' as const, context, data }));
  }

  @Post(':id/merges')
  @Allow()
  @ApiOperation({ summary: 'Merge a duplicate identity into this one, with a reason; later periods rate them as one (admin)' })
  @ApiCreatedResponse({ description: 'players.PlayersMerged', schema: { example: COMMAND_EXAMPLE } })
  merge(@Param() p: PlayerIdParams, @Body() b: MergePlayerDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runCommand(this.core, request, reply, PlayersAggregate, REGISTRY_ID, (context) => ({
      type: 'players.merge-players' as const,
      context,
      data: { survivor: p.id, duplicate: b.duplicate, reason: b.reason },
    }));
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'A player: identity, merges, and per discipline the current rating, provisional or not, events played and results' })
  @ApiOkResponse({ description: 'PlayerView' })
  async player(@Param() p: PlayerIdParams, @Query() _q: WaitQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const doc = await this.doc(request, p.id);
    const ratings = Object.fromEntries(
      Object.entries(doc.history).map(([d, h]) => {
        const last = h[h.length - 1];
        const current = {
          rating: servedRating(last.rating),
          games: last.games,
          provisional: last.provisional,
          active: last.active,
          rank: last.rank,
          period: last.period,
          version: last.version,
        };
        // Object.assign, not a spread followed by new keys (slow on Node 20).
        return [d, { current, events: h.flatMap((x) => x.played.map((e) => Object.assign({}, e, { period: x.period }))) }];
      }),
    );
    const view = { id: doc.id, federationId: doc.federationId, name: doc.name, country: doc.country, mergedInto: doc.mergedInto, merged: doc.merged, ratings };
    return sendWithEtag(request, reply, JSON.stringify(view), 'application/json; charset=utf-8');
  }

  @Get(':id/rating-history')
  @Public()
  @ApiOperation({ summary: 'A player’s rating after each period (latest list version), per discipline; ?format=svg (or Accept: image/svg+xml) draws it' })
  @ApiOkResponse({ description: 'RatingHistory or an SVG chart' })
  async history(@Param() p: PlayerIdParams, @Query() q: HistoryQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const doc = await this.doc(request, p.id);
    const all = q.discipline ? { [q.discipline]: doc.history[q.discipline] ?? [] } : doc.history;
    // Ratings as served: 3 decimals (servedRating). One representation per Accept (JSON or SVG): caches key on it.
    const round = (h: HistoryPoint): HistoryPoint => ({ ...h, rating: servedRating(h.rating), change: servedRating(h.change) });
    const history = Object.fromEntries(Object.entries(all).map(([d, points]) => [d, points.map(round)]));
    varyOnAccept(reply);
    const svg = q.format === 'svg' || (q.format === undefined && /image\/svg\+xml/.test(request.headers.accept ?? ''));
    if (!svg) return sendWithEtag(request, reply, JSON.stringify({ player: doc.id, name: doc.name, history }), 'application/json; charset=utf-8');
    const disciplines = Object.keys(history);
    if (disciplines.length > 1)
      throw new ProblemException(400, 'ratings/chart-discipline', 'Bad request', `${doc.id} is rated in ${disciplines.join(', ')}: name one`, {
        field: 'discipline',
        rule: 'Arbitra ratings: a chart draws one discipline',
      });
    const d = disciplines[0];
    const title = `${doc.name}${d ? ` — ${d}` : ''}`;
    return sendWithEtag(request, reply, ratingChartSvg(title, d ? (history[d] ?? []) : []), 'image/svg+xml; charset=utf-8');
  }

  private async doc(request: AuthedRequest, id: string): Promise<PlayerDocument> {
    await awaitPosition(request, this.core, this.config.waitMaxMs);
    const doc = this.core.readModels.get<PlayerDocument>(RATINGS_PROJECTION, RATING_COLLECTIONS.player, id);
    if (!doc)
      throw new ProblemException(404, 'players/unknown-player', 'Not found', `no player ${id}`, { field: 'id', rule: 'the referenced record must exist' });
    return doc;
  }
}
