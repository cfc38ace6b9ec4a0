import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { MAHJONG_GAME } from '../../runtime/features/mahjong/index.js';
import { Allow, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { requireGranted, resolveLink } from '../games/game-link.js';
import { awaitGamePosition, gameEvents, readGame } from '../games/game-reads.js';
import { GameRunner } from '../games/game-runner.js';
import { GameParams, ReadQuery } from '../games/game.dto.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { scorecard, scorecardCsv, tableView } from './mahjong-view.js';
import { ScorecardQuery, StartMahjongDto } from './mahjong.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;

/** Reads of a table session: the table now and its score card. Open record: reads are public. */
async function tableDoc(core: ArbitraCore, config: ArbitraConfig, request: AuthedRequest, id: string) {
  await awaitGamePosition(core, MAHJONG_GAME, id, request, config.waitMaxMs);
  return readGame(core, MAHJONG_GAME, id, request.principal);
}

/** Mahjong table sessions (半場): start one, read it and its events. */
@ApiTags('mahjong')
@ApiBearerAuth()
@Controller('v1/mahjong/games')
export class MahjongGamesController {
  private readonly run;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {
    this.run = new GameRunner(core, MAHJONG_GAME);
  }

  @Post()
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: "Start a half-session at a table of four (WMC); optional link to the tournament's mahjong table" })
  async start(@Body() body: StartMahjongDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireGranted(request, body.link);
    const players = body.players.map((p) => ({ id: p.id, name: p.name }));
    const link = body.link ? await resolveLink(this.core, MAHJONG_GAME, body.id, body.link, players) : undefined;
    const linked = link && { tournamentId: link.tournamentId, round: link.round, table: link.table, division: link.division };
    return this.run.start(request, reply, body.id, body, { type: 'mahjong.start-session', players, ...(linked && { link: linked }) });
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'The table session: seats, dealer, hand, scores, open penalties, time used' })
  async view(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    const { state } = await tableDoc(this.core, this.config, request, p.id);
    return tableView(p.id, state);
  }

  @Get(':id/events')
  @Public()
  @ApiOperation({ summary: 'Every event of the table session, in order' })
  events(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    return gameEvents(this.core, MAHJONG_GAME, p.id, request.principal);
  }
}

/** `/v1/tables/:id`: a mahjong table session as the table shows it, and its score card. */
@ApiTags('mahjong')
@Controller('v1/tables')
export class MahjongTablesController {
  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {}

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'The table: seats and winds, dealer, hand in progress, scores, open penalties, time used' })
  async table(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    const { state } = await tableDoc(this.core, this.config, request, p.id);
    return tableView(p.id, state);
  }

  @Get(':id/scorecard')
  @Public()
  @ApiProduces('application/json', 'text/csv')
  @ApiOperation({
    summary: 'The score card (記分卡): each hand, payments, running totals, confirmations, corrections, signatures; JSON or CSV (Accept or ?format=csv)',
  })
  async scorecard(@Param() p: GameParams, @Query() { format }: ScorecardQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { state } = await tableDoc(this.core, this.config, request, p.id);
    const card = scorecard(p.id, state);
    if (!card) return { id: p.id, phase: state.phase };
    const accept = String(request.headers.accept ?? '');
    if (format === 'csv' || (format === undefined && accept.includes('text/csv') && !accept.includes('application/json'))) {
      void reply.header('content-type', 'text/csv; charset=utf-8');
      return scorecardCsv(card);
    }
    return card;
  }
}
