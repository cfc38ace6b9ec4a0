import { Body, Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ARBITRA_CORE } from '../tokens.js';
import { GAME_COMMAND_EXAMPLE } from '../games/examples.js';
import { GameRunner } from '../games/game-runner.js';
import { SCRABBLE_GAME } from '../../runtime/features/scrabble/index.js';
import {
  EndRacksDto,
  ExtraTimeDto,
  IncidentDto,
  LateChallengeDto,
  PauseDto,
  ReasonDto,
  RecountCompletionDto,
  ReversedScoresDto,
  ScoreCorrectionDto,
  SeatCommandDto,
  SignatureWithdrawalDto,
  SwitchClockDto,
  TimePenaltyDto,
} from './scrabble-command.dto.js';
import { GameCommandDto, GameParams } from '../games/game.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;
const SELF = ['arbiter', 'chief-arbiter', 'player'] as const;
const CREATED = { description: 'The events recorded; ETag is the stream revision', schema: { example: GAME_COMMAND_EXAMPLE } };

/**
 * The table and the result: clock pauses, TD calls and rulings, overtime, end racks, score
 * corrections, recount, the result slip and incidents. Arbiters record these; players may call
 * the TD, request a recount and sign the slip for their own seat.
 */
@ApiTags('games')
@ApiBearerAuth()
@Controller('v1/scrabble/games/:id')
export class GameTableController {
  private readonly run;

  constructor(@Inject(ARBITRA_CORE) core: ArbitraCore) {
    this.run = new GameRunner(core, SCRABBLE_GAME);
  }

  @Post('clock/pauses')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary: 'PauseClock: only for a score dispute, counting tiles, an overdraw or a TD call (seed 計時器); anything else is refused with the list (arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  pause(@Param() p: GameParams, @Body() b: PauseDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.pause-clock', reason: b.reason });
  }

  @Post('clock/resumptions')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'ResumeClock: the paused side runs again (arbiter)' })
  @ApiCreatedResponse(CREATED)
  resume(@Param() p: GameParams, @Body() b: GameCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.resume-clock' });
  }

  @Post('clock/extra-time')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'GrantExtraTime: the TD grants time (e.g. the opponent tracked tiles before drawing) (arbiter)' })
  @ApiCreatedResponse(CREATED)
  extraTime(@Param() p: GameParams, @Body() b: ExtraTimeDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.grant-extra-time', seat: b.seat, ms: b.ms, reason: b.reason });
  }

  @Post('clock/switches')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: "SwitchClock: back to the blank's player until the blank is recorded, then forward (seed 空白) (arbiter)" })
  @ApiCreatedResponse(CREATED)
  switchClock(@Param() p: GameParams, @Body() b: SwitchClockDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.switch-clock', to: b.to, reason: b.reason });
  }

  @Post('td-calls')
  @Allow(...SELF)
  @ApiOperation({ summary: 'CallTd: pauses a running clock and calls the TD (a player of the game, arbiter)' })
  @ApiCreatedResponse(CREATED)
  callTd(@Param() p: GameParams, @Body() b: ReasonDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.self(r, reply, p.id, b, null, { type: 'scrabble.call-td', reason: b.reason });
  }

  @Post('late-challenges')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'AllowLateChallenge: a TD ruling allowing a challenge after a too-fast draw (seed 抽棋過快) (arbiter)' })
  @ApiCreatedResponse(CREATED)
  lateChallenge(@Param() p: GameParams, @Body() b: LateChallengeDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.allow-late-challenge', turn: b.turn, reason: b.reason });
  }

  @Post('overtime-end')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'EndOnOvertime: a side is 10 minutes over — the game ends and the TD is called; outcome per the profile (seed 過時) (arbiter)' })
  @ApiCreatedResponse(CREATED)
  overtime(@Param() p: GameParams, @Body() b: SeatCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.end-on-overtime', seat: b.seat });
  }

  @Post('end-racks')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      'EnterEndRacks: the racks left at the end; each player loses their own after six zeros; checked against the derived rack after going out (arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  endRacks(@Param() p: GameParams, @Body() b: EndRacksDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const racks: [string | null, string | null] = [null, null];
    for (const x of b.racks) racks[x.seat] = x.rack.toUpperCase();
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.enter-end-racks', racks });
  }

  @Post('time-penalties')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'RecordTimePenalty: overtime points entered by hand after the game (arbiter)' })
  @ApiCreatedResponse(CREATED)
  timePenalty(@Param() p: GameParams, @Body() b: TimePenaltyDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.record-time-penalty', seat: b.seat, points: b.points });
  }

  @Post('score-corrections')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      "CorrectScore: a turn's score corrected by agreement of both players before the slip is signed (seed 分數); after one signature, withdraw it first (arbiter)",
  })
  @ApiCreatedResponse(CREATED)
  correct(@Param() p: GameParams, @Body() b: ScoreCorrectionDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.correct-score', turn: b.turn, score: b.score, agreedBy: b.agreedBy });
  }

  @Post('recount')
  @Allow(...SELF)
  @ApiOperation({ summary: 'RequestRecount: either player, when the final margin is under 20 (seed 重新計算分數) (player for own seat, arbiter)' })
  @ApiCreatedResponse(CREATED)
  recount(@Param() p: GameParams, @Body() b: SeatCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'scrabble.request-recount', seat: b.seat });
  }

  @Post('recount/completion')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'CompleteRecount: the corrected turn scores found by the recount (arbiter)' })
  @ApiCreatedResponse(CREATED)
  recountDone(@Param() p: GameParams, @Body() b: RecountCompletionDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, {
      type: 'scrabble.complete-recount',
      corrections: b.corrections.map((c) => ({ turn: c.turn, score: c.score })),
    });
  }

  @Post('signatures')
  @Allow(...SELF)
  @ApiOperation({
    summary:
      'SignResultSlip: when both have signed, scrabble.GameFinished locks the result (and posts it to a linked tournament) (player for own seat, arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  sign(@Param() p: GameParams, @Body() b: SeatCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'scrabble.sign-result-slip', seat: b.seat });
  }

  @Post('signatures/withdrawal')
  @Allow(...SELF)
  @ApiOperation({
    summary:
      'WithdrawSignature: a signature on the slip is withdrawn, recorded with who and why, before a score correction (seed 分數: corrections only before signing); refused once both signed (player for own seat, arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  withdrawSignature(@Param() p: GameParams, @Body() b: SignatureWithdrawalDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'scrabble.withdraw-signature', seat: b.seat, reason: b.reason });
  }

  @Post('reversed-scores')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      'CorrectReversedScores: after signing, only reversed scores are fixed, when both players ask (agreedBy [0, 1]) and the TD consents (tdDecision) (seed 分數: 雙方…獲比賽總監同意); 409 scrabble/reversal-needs-both-players otherwise; refused on a tied game (nothing to reverse); the game view, score sheet and GCG show it with the decision (arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  reversed(@Param() p: GameParams, @Body() b: ReversedScoresDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.correct-reversed-scores', tdDecision: b.tdDecision, agreedBy: b.agreedBy });
  }

  @Post('incidents')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      'RecordIncident: leaving the playing area, a cheating complaint, a TD warning or penalty (with points), a fast draw … each with the rule cited (arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  incident(@Param() p: GameParams, @Body() b: IncidentDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, {
      type: 'scrabble.record-incident',
      kind: b.kind,
      seat: b.seat ?? null,
      description: b.description,
      ...(b.points !== undefined && { points: b.points }),
    });
  }
}
