import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { chessCommand, parsePgn, pgnCommands } from '../../domain/disciplines/chess/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { CHESS_GAME } from '../../runtime/features/chess/index.js';
import { Allow, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { answer, commandContext } from '../command-request.js';
import { fixedByTournament, requireGranted, resolveLink } from '../games/game-link.js';
import { awaitGamePosition, gameEvents, readGame } from '../games/game-reads.js';
import { GameRunner } from '../games/game-runner.js';
import { GameParams, ReadQuery } from '../games/game.dto.js';
import { recordSource } from '../exchange/record-source.js';
import { requireReadableNames } from '../person-name.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { chessView, pgnOf } from './chess-view.js';
import { ImportPgnDto, StartChessDto } from './chess.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;

/** Rapid rules 1 and 23: a tournament's games are all of its `rapidMinutes` (which sets its rounds a day); a linked game of other minutes is refused. */
function tournamentMinutes(tournamentId: string, minutes: number | undefined, field: string) {
  return fixedByTournament((profile) => profile.rapidMinutes, minutes, {
    type: 'chess/time-control-not-tournament',
    field,
    rule: 'rapid rules 1 (60 or 30 minutes, fixed in advance for the event) and 23 (rounds a day by those minutes)',
    detail: (planned) => `tournament ${tournamentId} plays ${planned}-minute games, not ${minutes}`,
  }).check;
}

/** Rapid chess games: start, import PGN, read (view, events, PGN). Open information: reads are public. */
@ApiTags('chess')
@ApiBearerAuth()
@Controller('v1/chess/games')
export class ChessGamesController {
  private readonly chess;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {
    this.chess = new GameRunner(core, CHESS_GAME);
  }

  @Post()
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Start a rapid game: White and Black, 30 or 60 minutes (rapid rules 1); optional tournament link' })
  async start(@Body() body: StartChessDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireGranted(request, body.link);
    const players = [
      { id: body.players[0].id, name: body.players[0].name },
      { id: body.players[1].id, name: body.players[1].name },
    ] as const;
    const timeControl = { minutes: body.timeControl.minutes, incrementSeconds: body.timeControl.incrementSeconds ?? 0 };
    const link = body.link
      ? await resolveLink(
          this.core,
          CHESS_GAME,
          body.id,
          body.link,
          players,
          tournamentMinutes(body.link.tournamentId, timeControl.minutes, 'timeControl.minutes'),
        )
      : undefined;
    return this.chess.start(request, reply, body.id, body, {
      type: 'chess.start-game',
      players,
      timeControl,
      ...(link && { link }),
      ...(body.startFen !== undefined && { startFen: body.startFen }),
    });
  }

  @Post('import')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      "Import one PGN game, all or nothing: its tag pairs as written (White/Black names mapped to the players' ids), its moves ([%clk] kept as the file writes it, never as a clock reading) and its written Result as the result; the answer lists what is not kept",
  })
  async import(@Body() body: ImportPgnDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireGranted(request, body.link);
    const ctx = commandContext(request);
    await this.chess.requireNew(body.id, request, `${ctx.commandId}:0`);
    const players = [
      { id: body.players[0].id, name: body.players[0].name },
      { id: body.players[1].id, name: body.players[1].name },
    ] as const;
    const record = parsePgn(body.pgn);
    requireReadableNames(
      [
        ...(record.white !== undefined ? [{ value: record.white, where: 'the White tag' }] : []),
        ...(record.black !== undefined ? [{ value: record.black, where: 'the Black tag' }] : []),
      ],
      'pgn',
    );
    const link = body.link
      ? await resolveLink(
          this.core,
          CHESS_GAME,
          body.id,
          body.link,
          players,
          tournamentMinutes(body.link.tournamentId, record.timeControlWritten ? record.timeControl.minutes : undefined, 'pgn'),
        )
      : undefined;
    const source = recordSource('pgn', body.pgn, ctx, record.headers);
    const steps = pgnCommands(record, players, source);
    // Issue 30: an imported record is not timed here; every command carries the receive time (no invented clock).
    const commands = steps.map((step, i) =>
      chessCommand(step.type === 'chess.start-game' && link ? { ...step, link } : step, { ...ctx, commandId: `${ctx.commandId}:${i}` }),
    );
    const result = await this.chess.startFromRecord(body.id, commands, body);
    const { events: _events, ...response } = answer(reply, result);
    return { id: body.id, commands: commands.length, moves: record.moves.length, result: record.result, source, notKept: record.notKept, ...response };
  }

  private async doc(request: AuthedRequest, id: string) {
    await awaitGamePosition(this.core, CHESS_GAME, id, request, this.config.waitMaxMs);
    return readGame(this.core, CHESS_GAME, id, request.principal);
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'The game: position (FEN), moves with the clock after each, the clocks now, draw offer, result' })
  async view(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    const { state } = await this.doc(request, p.id);
    return chessView(p.id, state, new Date().toISOString());
  }

  @Get(':id/pgn')
  @Public()
  @ApiProduces('application/x-chess-pgn')
  @ApiOperation({ summary: 'The game as PGN with [%clk] clock comments (chess.js)' })
  async pgn(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { state } = await this.doc(request, p.id);
    void reply.header('content-type', 'application/x-chess-pgn; charset=utf-8');
    return pgnOf(state);
  }

  @Get(':id/events')
  @Public()
  @ApiOperation({ summary: 'Every event of the game, in order' })
  events(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    return gameEvents(this.core, CHESS_GAME, p.id, request.principal);
  }
}
