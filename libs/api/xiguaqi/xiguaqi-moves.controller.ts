import { Body, Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { XIGUAQI_GAME } from '../../runtime/features/xiguaqi/index.js';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { GameRunner } from '../games/game-runner.js';
import { GameParams } from '../games/game.dto.js';
import { ARBITRA_CORE } from '../tokens.js';
import { ForfeitDto, GameRulingDto, NextGameDto, TimeCallDto, XiguaqiMoveDto, XiguaqiSeatDto } from './xiguaqi.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;
const SELF = ['arbiter', 'chief-arbiter', 'player'] as const;
type Reply = FastifyReply;

/** The match's commands: players record their own seat's; officials start the next game and rule. */
@ApiTags('xiguaqi')
@ApiBearerAuth()
@Controller('v1/xiguaqi/games/:id')
export class XiguaqiMovesController {
  private readonly run;

  constructor(@Inject(ARBITRA_CORE) core: ArbitraCore) {
    this.run = new GameRunner(core, XIGUAQI_GAME);
  }

  @Post('moves')
  @Allow(...SELF)
  @ApiOperation({ summary: 'A move to an adjacent empty point (第二条三), with the captures the mover takes (第五条); a grab after two minutes (第七条)' })
  move(@Param() p: GameParams, @Body() b: XiguaqiMoveDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, {
      type: 'xiguaqi.move',
      seat: b.seat,
      from: b.from,
      to: b.to,
      ...(b.captures && { captures: b.captures }),
    });
  }

  @Post('passes')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Give up the right to move (第二条六)' })
  pass(@Param() p: GameParams, @Body() b: XiguaqiSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'xiguaqi.pass', seat: b.seat });
  }

  @Post('resignation')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Resign the game in play (第八条二, 第十六条一)' })
  resign(@Param() p: GameParams, @Body() b: XiguaqiSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'xiguaqi.resign', seat: b.seat });
  }

  @Post('time-calls')
  @Allow(...SELF)
  @ApiOperation({ summary: 'The end of the time (第八条一): once both halves are used the pieces on the board are counted (第九条二、三)' })
  time(@Param() p: GameParams, @Body() b: TimeCallDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat ?? null, { type: 'xiguaqi.call-time', ...(b.seat !== undefined && { seat: b.seat }) });
  }

  @Post('next-games')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Start the match’s next game: the first mover alternates; the deciding game’s is guessed again (第十一条)' })
  next(@Param() p: GameParams, @Body() b: NextGameDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'xiguaqi.start-game', ...(b.first !== undefined && { first: b.first }) });
  }

  @Post('rulings')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'The arbiter rules the game in play lost or drawn (第十三条)' })
  ruling(@Param() p: GameParams, @Body() b: GameRulingDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'xiguaqi.rule-game', winner: b.winner === 'draw' ? null : b.winner, ...(b.note && { note: b.note }) });
  }

  @Post('forfeits')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'A forfeit (弃权, 第十三条): the game in play lost, or the whole match (a forfeit in the tournament)' })
  forfeit(@Param() p: GameParams, @Body() b: ForfeitDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'xiguaqi.forfeit', seat: b.seat, scope: b.scope });
  }
}
