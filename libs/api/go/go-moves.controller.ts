import { Body, Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { GO_GAME } from '../../runtime/features/go/index.js';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { GameRunner } from '../games/game-runner.js';
import { GameParams } from '../games/game.dto.js';
import { ARBITRA_CORE } from '../tokens.js';
import { DeadStonesDto, DeadStonesRulingDto, DisputedMoveDto, GoCommandDto, GoMoveDto, GoSeatDto, LossRulingDto, GoPauseDto } from './go.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;
const SELF = ['arbiter', 'chief-arbiter', 'player'] as const;
type Reply = FastifyReply;

/** The game's commands: players record their own seat's; the arbiter records lateness, pauses and rulings with the rule cited. */
@ApiTags('go')
@ApiBearerAuth()
@Controller('v1/go/games/:id')
export class GoMovesController {
  private readonly run;

  constructor(@Inject(ARBITRA_CORE) core: ArbitraCore) {
    this.run = new GameRunner(core, GO_GAME);
  }

  @Post('moves')
  @Allow(...SELF)
  @ApiOperation({ summary: 'A stone (GTP "Q16" or SGF "pd"), checked by @sabaki/go-board (occupied, suicide) and the profile’s ko rule; captures recorded' })
  move(@Param() p: GameParams, @Body() b: GoMoveDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'go.play', seat: b.seat, point: b.point });
  }

  @Post('passes')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Pass, shown as Ing rules 第九条 示虚 (2) says; two passes in a row end play (an Arbitra rule: the excerpt does not say it)' })
  pass(@Param() p: GameParams, @Body() b: GoSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'go.pass', seat: b.seat });
  }

  @Post('resignation')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Resign (Ing rules 第九条 示虚 (1) 认输)' })
  resign(@Param() p: GameParams, @Body() b: GoSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'go.resign', seat: b.seat });
  }

  @Post('time-claims')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Claim the opponent’s loss on time: overtime beyond 3/6 of basic time (PP) or the last byo-yomi period run out (第七条 延时)' })
  claimTime(@Param() p: GameParams, @Body() b: GoSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'go.claim-time', seat: b.seat });
  }

  @Post('dead-stones')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Propose the dead stones after both passed (a stone names its whole group)' })
  propose(@Param() p: GameParams, @Body() b: DeadStonesDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'go.propose-dead-stones', seat: b.seat, stones: b.stones });
  }

  @Post('dead-stones/acceptance')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Accept the opponent’s dead stones: the game is counted (Ing area counting, compensation, penalty points net of offsetting)' })
  accept(@Param() p: GameParams, @Body() b: GoSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'go.accept-dead-stones', seat: b.seat });
  }

  @Post('signatures')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Sign the counted result; once both have signed the game ends and its result goes to the tournament' })
  sign(@Param() p: GameParams, @Body() b: GoSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'go.sign-result', seat: b.seat });
  }

  @Post('arrivals')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'A late player arrives at the observed time: twice the lateness off basic time (第八条 扣时); beyond the limit a loss (缺席)' })
  arrival(@Param() p: GameParams, @Body() b: GoSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'go.record-arrival', seat: b.seat });
  }

  @Post('absences')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'A player absent beyond the limit loses (Ing rules 第八条 裁败 (1) 缺席)' })
  absence(@Param() p: GameParams, @Body() b: GoSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'go.record-absence', seat: b.seat });
  }

  @Post('clock/pauses')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Stop the clocks for an arbiter call or a rest' })
  pause(@Param() p: GameParams, @Body() b: GoPauseDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'go.pause-clock', reason: b.reason, ...(b.note && { note: b.note }) });
  }

  @Post('clock/resumptions')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Restart the clocks' })
  resume(@Param() p: GameParams, @Body() b: GoCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'go.resume-clock' });
  }

  @Post('rulings/disputed-moves')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Record a disputed move as ruled (Ing rules 第十条 裁判); it must still be legal' })
  disputed(@Param() p: GameParams, @Body() b: DisputedMoveDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'go.rule-disputed-move', seat: b.seat, point: b.point, note: b.note });
  }

  @Post('rulings/dead-stones')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Rule disputed dead stones; the game is counted' })
  deadStones(@Param() p: GameParams, @Body() b: DeadStonesRulingDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'go.rule-dead-stones', stones: b.stones, note: b.note });
  }

  @Post('rulings/losses')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'A loss by ruling, verified by the arbiter: withdrawal, retraction or defiance (Ing rules 第八条 裁败 (2), (3), (5))' })
  loss(@Param() p: GameParams, @Body() b: LossRulingDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'go.rule-loss', seat: b.seat, ground: b.ground, note: b.note });
  }
}
