import { Body, Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { MAHJONG_GAME } from '../../runtime/features/mahjong/index.js';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { GameRunner } from '../games/game-runner.js';
import { GameParams } from '../games/game.dto.js';
import { ARBITRA_CORE } from '../tokens.js';
import { outcomeOf } from './mahjong-view.js';
import {
  ChiefRulingDto,
  ClaimConflictDto,
  ClaimDto,
  ConductDto,
  ConfirmHandDto,
  CorrectHandDto,
  DealDto,
  DiscardDto,
  DrawSeatsDto,
  ExposeTilesDto,
  RecordHandDto,
  ScoreFlagRulingDto,
  MahjongSeatDto,
  SevereOvertimeDto,
  SubstituteDto,
  TimeOutDto,
  TurnTimeDto,
  WrongClaimDto,
  WrongCountDto,
} from './mahjong.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;
const SELF = ['arbiter', 'chief-arbiter', 'player'] as const;
type Reply = FastifyReply;

/** A table session's commands: players record and confirm for their own seat; the referee records hands and rules, citing the WMC text. */
@ApiTags('mahjong')
@ApiBearerAuth()
@Controller('v1/mahjong/games/:id')
export class MahjongCommandsController {
  private readonly run;

  constructor(@Inject(ARBITRA_CORE) core: ArbitraCore) {
    this.run = new GameRunner(core, MAHJONG_GAME);
  }

  @Post('seat-draws')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: '執位: the wind tile each seat drew (and the dice), for round 1 and after 換位 for round 2' })
  seats(@Param() p: GameParams, @Body() b: DrawSeatsDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'mahjong.draw-seats', round: b.round, winds: b.winds, ...(b.dice && { dice: diceOf(b.dice) }) });
  }

  @Post('substitutes')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'A substitute (代打者) or the highest eliminated player in an empty seat (行為守則, 缺席)' })
  substitute(@Param() p: GameParams, @Body() b: SubstituteDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    const substitute = { id: b.substitute.id, name: b.substitute.name };
    return this.run.official(r, reply, p.id, b, { type: 'mahjong.seat-substitute', seat: b.seat, substitute, kind: b.kind, reason: b.reason });
  }

  @Post('deals')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: '開門: the two throws of the hand in progress; the opener and the 開門數 derived' })
  deal(@Param() p: GameParams, @Body() b: DealDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'mahjong.record-deal', dealerDice: b.dealerDice, openerDice: b.openerDice });
  }

  @Post('discards')
  @Allow(...SELF)
  @ApiOperation({ summary: 'A discard of the hand in progress (optional: recorded discards derive 跟張免責 and dead penalty tiles)' })
  discard(@Param() p: GameParams, @Body() b: DiscardDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'mahjong.record-discard', seat: b.seat, tile: b.tile });
  }

  @Post('claims')
  @Allow(...SELF)
  @ApiOperation({ summary: 'A chow, pung or kong of the last discard (chow: the next player only)' })
  claim(@Param() p: GameParams, @Body() b: ClaimDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'mahjong.record-claim', seat: b.seat, kind: b.kind, tiles: b.tiles });
  }

  @Post('claim-conflicts')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: '鳴牌優先規條: several claims on one discard resolved and explained (win, then pung/kong, then chow; 截和)' })
  conflict(@Param() p: GameParams, @Body() b: ClaimConflictDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, {
      type: 'mahjong.resolve-claims',
      discarder: b.discarder,
      claims: b.claims.map((c) => ({ seat: c.seat, kind: c.kind })),
    });
  }

  @Post('hands')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: "The hand's outcome on the card: a win (elements checked; the hand scored when given, a difference flagged) or a drawn hand" })
  hand(@Param() p: GameParams, @Body() b: RecordHandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'mahjong.record-hand', hand: b.hand, outcome: outcomeOf(b.outcome) });
  }

  @Post('confirmations')
  @Allow(...SELF)
  @ApiOperation({ summary: "A player confirms the hand's line on the card (all four before the next hand)" })
  confirm(@Param() p: GameParams, @Body() b: ConfirmHandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'mahjong.confirm-hand', seat: b.seat, hand: b.hand });
  }

  @Post('corrections')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'A correction of a line before the card is signed, countersigned by the referee recording it' })
  correct(@Param() p: GameParams, @Body() b: CorrectHandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'mahjong.correct-hand', hand: b.hand, outcome: outcomeOf(b.outcome), reason: b.reason });
  }

  @Post('rulings/score-flags')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'The referee rules on a flagged hand: the claimed or the computed scoring' })
  scoreFlag(@Param() p: GameParams, @Body() b: ScoreFlagRulingDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'mahjong.rule-score-flag', hand: b.hand, accept: b.accept, ...(b.note && { note: b.note }) });
  }

  @Post('signatures')
  @Allow(...SELF)
  @ApiOperation({ summary: 'A player signs the card at the end of the half-session; the fourth signature locks it and posts the table points' })
  sign(@Param() p: GameParams, @Body() b: MahjongSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'mahjong.sign-scorecard', seat: b.seat });
  }

  @Post('rulings/chief-referee')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'After submission, the chief referee’s ruling on a formal dispute or an appeal changes a line (and the tournament result)' })
  chief(@Param() p: GameParams, @Body() b: ChiefRulingDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, {
      type: 'mahjong.rule-chief-referee',
      hand: b.hand,
      outcome: outcomeOf(b.outcome),
      ground: b.ground,
      reference: b.reference,
      reason: b.reason,
    });
  }

  @Post('penalty-tiles')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: '罰張: exposed tiles become live penalty tiles (one free while arranging the deal)' })
  expose(@Param() p: GameParams, @Body() b: ExposeTilesDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, {
      type: 'mahjong.expose-tiles',
      seat: b.seat,
      tiles: b.tiles,
      ...(b.duringDeal !== undefined && { duringDeal: b.duringDeal }),
    });
  }

  @Post('rulings/wrong-counts')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: '相公: short — no win this hand; long — no win, no claims or kongs' })
  wrongCount(@Param() p: GameParams, @Body() b: WrongCountDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'mahjong.rule-wrong-count', seat: b.seat, count: b.count });
  }

  @Post('rulings/wrong-claims')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: '錯鳴: mistaken claim, change of claim, empty claim, empty kong, wrong set, false win, empty win call' })
  wrongClaim(@Param() p: GameParams, @Body() b: WrongClaimDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, {
      type: 'mahjong.rule-wrong-claim',
      seat: b.seat,
      variant: b.variant,
      ...(b.tiles && { tiles: b.tiles }),
      ...(b.points !== undefined && { points: b.points }),
      ...(b.concealedLeft !== undefined && { concealedLeft: b.concealedLeft }),
    });
  }

  @Post('turn-times')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: '打牌時限: turns the referee timed; 5 points per 15 s or part over 15 s a discard and over 3 minutes a hand, both together' })
  turnTime(@Param() p: GameParams, @Body() b: TurnTimeDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    const turns = b.turns.map((x) => ({ ms: x.ms, ...(x.sinceDealMs !== undefined && { sinceDealMs: x.sinceDealMs }) }));
    return this.run.official(r, reply, p.id, b, { type: 'mahjong.record-turn-time', seat: b.seat, turns });
  }

  @Post('rulings/severe-overtime')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Over 80 points of time penalty in a hand: the explanation accepted, or a forfeit' })
  severe(@Param() p: GameParams, @Body() b: SevereOvertimeDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'mahjong.rule-severe-overtime', seat: b.seat, accepted: b.accepted, explanation: b.explanation });
  }

  @Post('time-outs')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: '暫停 and lateness: 5 points per 30 s or part; late over 5 minutes absent or a deduction; over 150 points a forfeit' })
  timeOut(@Param() p: GameParams, @Body() b: TimeOutDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    const lateRuling =
      b.lateRuling && (b.lateRuling.kind === 'absent' ? ({ kind: 'absent' } as const) : ({ kind: 'deduction', points: b.lateRuling.points ?? 0 } as const));
    return this.run.official(r, reply, p.id, b, {
      type: 'mahjong.record-time-out',
      seat: b.seat,
      kind: b.kind,
      ms: b.ms,
      ...(b.certificate !== undefined && { certificate: b.certificate }),
      ...(lateRuling && { lateRuling }),
    });
  }

  @Post('conduct')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'Other conduct: a ringing phone, a refused interview, collusion, voluntary withdrawal (deductions off the offender only)' })
  conduct(@Param() p: GameParams, @Body() b: ConductDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, {
      type: 'mahjong.record-conduct',
      seat: b.seat,
      offence: b.offence,
      note: b.note,
      ...(b.points !== undefined && { points: b.points }),
    });
  }
}

function diceOf(d: { thrower: 0 | 1 | 2 | 3; first: number[]; second: number[] }) {
  return { thrower: d.thrower, first: [d.first[0], d.first[1]] as const, second: [d.second[0], d.second[1]] as const };
}
