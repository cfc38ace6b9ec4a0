import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { goCommand } from '../../domain/disciplines/go/index.js';
import { DomainError } from '../../domain/kernel/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { exportSgf, parseSgf, sgfCommands } from '../../runtime/features/go/index.js';
import { GO_GAME } from '../../runtime/features/go/index.js';
import { Allow, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { answer, commandContext } from '../command-request.js';
import { fixedByTournament, requireGranted, resolveLink } from '../games/game-link.js';
import { awaitGamePosition, gameEvents, readGame } from '../games/game-reads.js';
import { GameRunner } from '../games/game-runner.js';
import { GameParams, ReadQuery } from '../games/game.dto.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { recordSource } from '../exchange/record-source.js';
import { requireReadableNames } from '../person-name.js';
import { goView } from './go-view.js';
import { ImportSgfDto, StartGoDto, type GoPlayerDto } from './go.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;
const seated = (players: GoPlayerDto[]) =>
  [0, 1].map((i) => ({ id: players[i].id, name: players[i].name, ...(players[i].rank !== undefined && { rank: players[i].rank }) })) as unknown as readonly [
    { id: string; name: string; rank?: string },
    { id: string; name: string; rank?: string },
  ];

/**
 * Ing rules 第七条 基时 (each player's basic time fixed in advance for the event): a tournament whose profile sets
 * `goBasicMinutes` gives it to its linked games (`taken`: the game names none) and refuses a game naming other minutes.
 */
function tournamentBasicTime(tournamentId: string, minutes: number | undefined, field: string) {
  return fixedByTournament((profile) => profile.goBasicMinutes, minutes, {
    type: 'go/basic-time-not-tournament',
    field,
    rule: "Ing rules 第七条 基时: each player's basic time is fixed in advance for the event (事先规定)",
    detail: (planned) => `tournament ${tournamentId} gives each player ${planned} minutes of basic time, not ${minutes}`,
  });
}

/** Go games (Ing rules): start, import SGF, read (view, events, SGF). Open information: reads are public. */
@ApiTags('go')
@ApiBearerAuth()
@Controller('v1/go/games')
export class GoGamesController {
  private readonly go;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {
    this.go = new GameRunner(core, GO_GAME);
  }

  @Post()
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Start a game: Black and White, board 19 (13, 9), handicap, the Ing profile (8 points, PP overtime) with overrides; optional link' })
  async start(@Body() body: StartGoDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireGranted(request, body.link);
    const players = seated(body.players);
    const basic = body.link ? tournamentBasicTime(body.link.tournamentId, body.rules?.basicTimeMinutes, 'rules.basicTimeMinutes') : undefined;
    const link = body.link ? await resolveLink(this.core, GO_GAME, body.id, body.link, players, basic?.check) : undefined;
    const taken = body.rules?.basicTimeMinutes === undefined ? basic?.planned.value : undefined;
    const rules = body.rules || taken !== undefined ? { ...body.rules, ...(taken !== undefined && { basicTimeMinutes: taken }) } : undefined;
    return this.go.start(request, reply, body.id, body, {
      type: 'go.start-game',
      players,
      ...(body.boardSize !== undefined && { boardSize: body.boardSize }),
      ...(body.handicap !== undefined && { handicap: body.handicap }),
      ...(body.compensation !== undefined && { compensation: body.compensation }),
      ...(rules && { rules: rules as never }),
      ...(link && { link }),
    });
  }

  @Post('import')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      'Import one SGF game, all or nothing: its moves (BL/WL kept as the file writes them, never as clock readings), its written result (standard or localised RE) and its root properties, replayed through the decider; the answer lists what is not kept',
  })
  async import(@Body() body: ImportSgfDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireGranted(request, body.link);
    const ctx = commandContext(request);
    await this.go.requireNew(body.id, request, `${ctx.commandId}:0`);
    const players = seated(body.players);
    const record = parseSgf(body.sgf);
    requireReadableNames(
      [
        ...(record.black.name !== undefined ? [{ value: record.black.name, where: 'PB' }] : []),
        ...(record.white.name !== undefined ? [{ value: record.white.name, where: 'PW' }] : []),
      ],
      'sgf',
    );
    // A recorded game keeps its own clock (TM); it must be the tournament's basic time when the tournament sets one.
    const basic = body.link ? tournamentBasicTime(body.link.tournamentId, record.rules.basicTimeMinutes, 'sgf') : undefined;
    const link = body.link ? await resolveLink(this.core, GO_GAME, body.id, body.link, players, basic?.check) : undefined;
    const taken = record.rules.basicTimeMinutes === undefined ? basic?.planned.value : undefined;
    const source = recordSource('sgf', body.sgf, ctx, record.headers);
    const steps = sgfCommands(taken === undefined ? record : { ...record, rules: { ...record.rules, basicTimeMinutes: taken } }, players, source);
    // Issue 30: an imported record is not timed here; every command carries the receive time (no invented clock).
    const commands = steps.map((step, i) =>
      goCommand(step.type === 'go.start-game' && link ? { ...step, link } : step, { ...ctx, commandId: `${ctx.commandId}:${i}` }),
    );
    // A refusal of a replayed command is a fault of the record: it names the field the client sent (sgf).
    const result = await this.go.startFromRecord(body.id, commands, body).catch((e: unknown) => {
      if (!(e instanceof DomainError) || e.field === 'id') throw e;
      throw new DomainError(e.type, `the SGF record cannot be replayed: ${e.message}`, e.rule, 'invalid', 'sgf', e.details);
    });
    const { events: _events, ...response } = answer(reply, result);
    return { id: body.id, commands: commands.length, moves: record.moves.length, result: record.result ?? null, source, notKept: record.notKept, ...response };
  }

  private async doc(request: AuthedRequest, id: string) {
    await awaitGamePosition(this.core, GO_GAME, id, request, this.config.waitMaxMs);
    return readGame(this.core, GO_GAME, id, request.principal);
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'The game: board, moves with captures and clocks, the clocks and penalty points now, dead stones, count, result' })
  async view(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    const { state } = await this.doc(request, p.id);
    return goView(p.id, state, new Date().toISOString());
  }

  @Get(':id/sgf')
  @Public()
  @ApiProduces('application/x-go-sgf')
  @ApiOperation({ summary: 'The game as SGF (FF[4], @sabaki/sgf): players, ranks, komi, handicap, moves with BL/WL time left, result' })
  async sgf(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { state } = await this.doc(request, p.id);
    void reply.header('content-type', 'application/x-go-sgf; charset=utf-8');
    return state.phase === 'none' ? '' : exportSgf(state.game);
  }

  @Get(':id/events')
  @Public()
  @ApiOperation({ summary: 'Every event of the game, in order' })
  events(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    return gameEvents(this.core, GO_GAME, p.id, request.principal);
  }
}
