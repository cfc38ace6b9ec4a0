import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { exportRecord, parseRecord, xiguaqiCommand, type XiguaqiEvent, type XiguaqiStep } from '../../domain/disciplines/xiguaqi/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { XIGUAQI_GAME } from '../../runtime/features/xiguaqi/index.js';
import { Allow, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { answer, commandContext } from '../command-request.js';
import { requireGranted, resolveLink } from '../games/game-link.js';
import { awaitGamePosition, gameEvents, readGame } from '../games/game-reads.js';
import { GameRunner } from '../games/game-runner.js';
import { GameParams, ReadQuery } from '../games/game.dto.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { positionOf, xiguaqiView } from './xiguaqi-view.js';
import { ImportXiguaqiDto, PositionQuery, StartXiguaqiDto } from './xiguaqi.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;

/** Xiguaqi matches (one record per table, its games inside): start, import, read (view, events, record, board SVG). Reads are public. */
@ApiTags('xiguaqi')
@ApiBearerAuth()
@Controller('v1/xiguaqi/games')
export class XiguaqiGamesController {
  private readonly xiguaqi;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {
    this.xiguaqi = new GameRunner(core, XIGUAQI_GAME);
  }

  @Post()
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Start a match (best of 3 or 5, 第十条) and its first game: the seat drawn to move first plays Black (第十一条)' })
  async start(@Body() body: StartXiguaqiDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireGranted(request, body.link);
    const players = [
      { id: body.players[0].id, name: body.players[0].name },
      { id: body.players[1].id, name: body.players[1].name },
    ] as const;
    const link = body.link ? await resolveLink(this.core, XIGUAQI_GAME, body.id, body.link, players) : undefined;
    return this.xiguaqi.start(request, reply, body.id, body, {
      type: 'xiguaqi.start-match',
      players,
      bestOf: body.bestOf,
      minutesPerGame: body.minutesPerGame ?? 20,
      first: body.first,
      ...(link && { link }),
    });
  }

  @Post('import')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Import a match in the xiguaqi notation, all or nothing: each line a command, replayed through the decider at its recorded time' })
  async import(@Body() body: ImportXiguaqiDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireGranted(request, body.link);
    const ctx = commandContext(request);
    await this.xiguaqi.requireNew(body.id, request, `${ctx.commandId}:0`);
    const players = [
      { id: body.players[0].id, name: body.players[0].name },
      { id: body.players[1].id, name: body.players[1].name },
    ] as const;
    const record = parseRecord(body.record);
    const link = body.link ? await resolveLink(this.core, XIGUAQI_GAME, body.id, body.link, players) : undefined;
    // Each line at its `@` time (every line gives one), the last at the receive time.
    const offsets = record.steps.map((s) => s.offsetMs);
    const t0 = Date.parse(ctx.at) - offsets[offsets.length - 1];
    const commands = record.steps.map(({ step }, i) => {
      const full: XiguaqiStep = step.type === 'xiguaqi.start-match' ? { ...step, players, ...(link && { link }) } : step;
      return xiguaqiCommand(full, { ...ctx, at: new Date(t0 + offsets[i]).toISOString(), commandId: `${ctx.commandId}:${i}` });
    });
    const result = await this.xiguaqi.startFromRecord(body.id, commands, body);
    const { events: _events, ...response } = answer(reply, result);
    return { id: body.id, commands: commands.length, ...response };
  }

  private async doc(request: AuthedRequest, id: string) {
    await awaitGamePosition(this.core, XIGUAQI_GAME, id, request, this.config.waitMaxMs);
    return readGame(this.core, XIGUAQI_GAME, id, request.principal);
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'The match: its games (pieces on the board, plies, captured, clocks now, outcome), game wins and outcome' })
  async view(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    const { state } = await this.doc(request, p.id);
    return xiguaqiView(p.id, state, new Date().toISOString());
  }

  @Get(':id/board.svg')
  @Public()
  @ApiProduces('image/svg+xml')
  @ApiOperation({
    summary: 'A position as SVG: game `game` (default the latest) after `ply` plies (default all); points numbered as in docs/xiguaqi-board.svg',
  })
  async board(@Param() p: GameParams, @Query() q: PositionQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { state } = await this.doc(request, p.id);
    const svg = positionOf(p.id, state, q.game, q.ply);
    void reply.header('content-type', 'image/svg+xml; charset=utf-8');
    return svg;
  }

  @Get(':id/record')
  @Public()
  @ApiProduces('text/plain')
  @ApiOperation({ summary: 'The match in the xiguaqi notation (one command a line), as imported by POST /v1/xiguaqi/games/import' })
  async record(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await awaitGamePosition(this.core, XIGUAQI_GAME, p.id, request, this.config.waitMaxMs);
    const { events } = await gameEvents(this.core, XIGUAQI_GAME, p.id, request.principal);
    void reply.header('content-type', 'text/plain; charset=utf-8');
    return exportRecord(events.map((e) => ({ type: e.type, data: e.data }) as XiguaqiEvent));
  }

  @Get(':id/events')
  @Public()
  @ApiOperation({ summary: 'Every event of the match, in order' })
  events(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    return gameEvents(this.core, XIGUAQI_GAME, p.id, request.principal);
  }
}
