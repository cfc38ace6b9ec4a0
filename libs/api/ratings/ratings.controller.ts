import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import {
  closePeriod,
  correctList,
  importList,
  registryOf,
  listDocument,
  listInForce,
  publishList,
  RATING_COLLECTIONS,
  RATINGS_PROJECTION,
  rankingsCsv,
  rankingsPage,
  type PeriodsDocument,
} from '../../runtime/features/ratings/index.js';
import { Allow, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { awaitPosition, executeOptions, runWithContext } from '../command-request.js';
import { PUBLIC_DOCUMENT_CACHE, sendDocument } from '../document-response.js';
import { responseSchema } from '../openapi-responses.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { DEFAULT_RATING_PROFILES, ENGINES, importProfile } from '../../domain/ratings/index.js';
import { readRatingList } from './list-import.js';
import { ClosePeriodDto, CorrectListDto, DisciplineParams, ImportListQuery, PeriodParams, RankingsQuery, WaitQuery } from './ratings.dto.js';

const COMMAND_EXAMPLE = { stream: 'ratings-scrabble', revision: 0, position: 42, duplicate: false, events: [] };

/** A body served with a strong ETag over its bytes: 304 on If-None-Match. */
export function sendWithEtag(request: AuthedRequest, reply: FastifyReply, body: string, contentType: string): string | undefined {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  const sent = sendDocument(request, reply, { json: body, etag }, PUBLIC_DOCUMENT_CACHE);
  if (sent !== undefined) void reply.header('content-type', contentType);
  return sent;
}

/** The representation depends on Accept (JSON, CSV or SVG): shared caches must key on it (RFC 9110 §12.5.5). */
export function varyOnAccept(reply: FastifyReply): void {
  const had = reply.getHeader('vary');
  const list = (Array.isArray(had) ? had.join(',') : String(had ?? ''))
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!list.some((x) => x.toLowerCase() === 'accept' || x === '*')) void reply.header('vary', [...list, 'Accept'].join(', '));
}

/**
 * Rating periods and lists (issue 15): the federation (admin) closes a period naming its tournaments and engine version,
 * publishes its list and corrects it by a new version; anyone reads the rankings, as JSON or CSV, as of a day.
 */
@ApiTags('ratings')
@ApiBearerAuth()
@Controller('v1')
export class RatingsController {
  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {}

  @Post('ratings/:discipline/periods')
  @Allow()
  @ApiOperation({ summary: 'Close a rating period: its tournaments and the engine version (with parameter overrides) that rates them (admin)' })
  @ApiCreatedResponse({ description: 'ratings.PeriodClosed', schema: { example: COMMAND_EXAMPLE } })
  close(@Param() p: DisciplineParams, @Body() b: ClosePeriodDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const opts = executeOptions(request);
    const body = {
      period: b.period,
      closesOn: b.closesOn,
      tournaments: b.tournaments,
      engine: { name: b.engine.name, version: b.engine.version },
      ...(b.parameters !== undefined && { parameters: b.parameters }),
      ...(b.ranked !== undefined && {
        ranked: {
          ...(b.ranked.minGames !== undefined && { minGames: b.ranked.minGames }),
          ...(b.ranked.windowDays !== undefined && { windowDays: b.ranked.windowDays }),
        },
      }),
    };
    return runWithContext(request, reply, (context) => closePeriod(this.core, p.discipline, body, context, opts));
  }

  @Post('ratings/:discipline/list-import')
  @Allow()
  @ApiOperation({
    summary:
      'Import the federation’s current list as the discipline’s starting list (admin): CSV, one event with the file’s SHA-256, who and when; all or nothing',
    description:
      'Header then one line per player. Columns: federationId, name, country, rating, date (the list’s date, the same on every line), games ' +
      '(required for wespa-elo and fide-rapid), deviation (required for glicko2), volatility, birthYear, id (default: the federation id, or the ' +
      'registered player’s). Ratings must lie in the engine’s domain (egd-gor: from −900 to below 3300; fide-rapid: from its floor). Unknown federation ' +
      'ids become new identities. Only before the discipline’s first period, once. The mahjong ranking cannot be imported (it is built from results).',
  })
  @ApiConsumes('text/csv')
  @ApiBody({
    schema: { type: 'string', example: 'federationId,name,country,rating,games,date\r\nHKG-0042,Chan Tai Man,HKG,1850,112,2026-11-30\r\n' },
  })
  @ApiCreatedResponse({ description: 'players.ListImported', schema: { example: { ...COMMAND_EXAMPLE, stream: 'players-registry' } } })
  @ApiUnprocessableEntityResponse({ description: 'problem+json ratings/import-lines: every refused line in `errors` (field `line N: column`)' })
  importList(
    @Param() p: DisciplineParams,
    @Query() q: ImportListQuery,
    @Body() body: unknown,
    @Req() request: AuthedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (typeof body !== 'string')
      throw new ProblemException(415, 'ratings/import-media-type', 'Unsupported media type', 'send the list as text/csv', {
        field: 'body',
        rule: 'a rating list is imported as a CSV file (Content-Type: text/csv)',
      });
    // Default: the discipline's engine; a named engine's version defaults to its only one (else resolveProfile names the choice).
    const dflt = DEFAULT_RATING_PROFILES[p.discipline].engine;
    const name = q.engine ?? dflt.engine;
    const versions = Object.keys((ENGINES as Record<string, object | undefined>)[name] ?? {}).map(Number);
    const engine = { name, version: q.version ?? (name === dflt.engine ? dflt.version : versions.length === 1 ? versions[0] : 0) };
    const opts = executeOptions(request);
    return runWithContext(request, reply, async (context) => {
      const profile = importProfile(p.discipline, engine);
      const { sha256, lines } = readRatingList(body, profile.engine, registryOf(this.core));
      const data = { engine, sha256, lines, ...(q.fileName !== undefined && { fileName: q.fileName }) };
      return importList(this.core, p.discipline, data, context, opts, this.config.waitMaxMs);
    });
  }

  @Post('ratings/:discipline/periods/:period/list')
  @Allow()
  @ApiOperation({ summary: 'Publish the period’s list, computed by the server from the record; a published list never changes (admin)' })
  @ApiCreatedResponse({ description: 'ratings.ListPublished', schema: { example: COMMAND_EXAMPLE } })
  publish(@Param() p: PeriodParams, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const opts = executeOptions(request);
    return runWithContext(request, reply, (context) => publishList(this.core, p.discipline, p.period, context, opts, this.config.waitMaxMs));
  }

  @Post('ratings/:discipline/periods/:period/list/corrections')
  @Allow()
  @ApiOperation({ summary: 'Correct the latest list: a new version recomputed from the record, naming what changed and why (admin)' })
  @ApiCreatedResponse({ description: 'ratings.ListCorrected', schema: { example: COMMAND_EXAMPLE } })
  correct(@Param() p: PeriodParams, @Body() b: CorrectListDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const opts = executeOptions(request);
    const cause = { kind: b.cause.kind, ...(b.cause.ref !== undefined && { ref: b.cause.ref }) };
    return runWithContext(request, reply, (context) =>
      correctList(this.core, p.discipline, p.period, { reason: b.reason, cause }, context, opts, this.config.waitMaxMs),
    );
  }

  @Get('ratings/:discipline/periods')
  @Public()
  @ApiOperation({ summary: 'The discipline’s rating periods: tournaments, engine version, list versions with their reasons' })
  @ApiOkResponse({ description: 'The periods, oldest first', schema: responseSchema('PeriodsResponse') })
  async periods(@Param() p: DisciplineParams, @Query() _q: WaitQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await awaitPosition(request, this.core, this.config.waitMaxMs);
    const doc = this.core.readModels.get<PeriodsDocument>(RATINGS_PROJECTION, RATING_COLLECTIONS.periods, p.discipline) ?? {
      discipline: p.discipline,
      periods: [],
    };
    return sendWithEtag(request, reply, JSON.stringify(doc), 'application/json; charset=utf-8');
  }

  @Get('rankings/:discipline')
  @Public()
  @ApiOperation({ summary: 'The ranking list in force (or as of a day), filtered by country and activity, paginated; JSON or CSV (?format=csv or Accept)' })
  @ApiOkResponse({
    description: 'A page of the list: JSON, or the same rows as CSV (?format=csv, or Accept: text/csv)',
    content: {
      'application/json': { schema: responseSchema('RankingsResponse') },
      'text/csv': { schema: { type: 'string', example: 'rank,player,name,country,rating,games,provisional,active,change\r\n' } },
    },
  })
  async rankings(@Param() p: DisciplineParams, @Query() q: RankingsQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await awaitPosition(request, this.core, this.config.waitMaxMs);
    const periods = this.core.readModels.get<PeriodsDocument>(RATINGS_PROJECTION, RATING_COLLECTIONS.periods, p.discipline);
    const which = listInForce(periods, q.asOf);
    const list = which && listDocument(this.core, p.discipline, which.period, q.version ?? which.version);
    if (!list)
      throw new ProblemException(
        404,
        'ratings/no-list',
        'Not found',
        `no ${p.discipline} list${q.version ? ` version ${q.version}` : ''} was published${q.asOf ? ` by ${q.asOf}` : ''}`,
        {
          field: q.version ? 'version' : q.asOf ? 'asOf' : 'discipline',
          rule: 'Arbitra ratings: a ranking is a published list',
        },
      );
    const engine = periods?.periods.find((x) => x.period === list.period)?.engine ?? null;
    const page = rankingsPage(
      list,
      {
        asOf: q.asOf,
        country: q.country,
        active: q.active === undefined ? undefined : q.active === 'true',
        after: q.after ?? 0,
        limit: q.limit ?? 100,
      },
      engine,
    );
    const csv = q.format === 'csv' || (q.format === undefined && /text\/csv/.test(request.headers.accept ?? ''));
    varyOnAccept(reply);
    return csv
      ? sendWithEtag(request, reply, rankingsCsv(page), 'text/csv; charset=utf-8')
      : sendWithEtag(request, reply, JSON.stringify(page), 'application/json; charset=utf-8');
  }
}
