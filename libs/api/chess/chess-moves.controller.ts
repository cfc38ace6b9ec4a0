import { Body, Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { CHESS_GAME } from '../../runtime/features/chess/index.js';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { GameRunner } from '../games/game-runner.js';
import { GameParams } from '../games/game.dto.js';
import { ARBITRA_CORE } from '../tokens.js';
import { BreachRulingDto, ChessMoveDto, ChessSeatDto, DrawClaimDto, DrawRulingDto, IllegalMoveRulingDto, PenalizeDto } from './chess.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;
const SELF = ['arbiter', 'chief-arbiter', 'player'] as const;
type Reply = FastifyReply;

/** The game's commands: players record their own seat's; the arbiter rules on claims with the rule cited. */
@ApiTags('chess')
@ApiBearerAuth()
@Controller('v1/chess/games/:id')
export class ChessMovesController {
  private readonly run;

  constructor(@Inject(ARBITRA_CORE) core: ArbitraCore) {
    this.run = new GameRunner(core, CHESS_GAME);
  }

  @Post('moves')
  @Allow(...SELF)
  @ApiOperation({ summary: 'A move (SAN or UCI), checked legal by chess.js; mate, stalemate, fivefold, 75 moves and dead positions end the game' })
  move(@Param() p: GameParams, @Body() b: ChessMoveDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'chess.make-move', seat: b.seat, move: b.move });
  }

  @Post('resignation')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Resign (rapid rules 9(2))' })
  resign(@Param() p: GameParams, @Body() b: ChessSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'chess.resign', seat: b.seat });
  }

  @Post('draw-offers')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Offer a draw (FIDE Laws 9.1); the opponent’s next move declines it' })
  offer(@Param() p: GameParams, @Body() b: ChessSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'chess.offer-draw', seat: b.seat });
  }

  @Post('draw-acceptances')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Accept the opponent’s standing draw offer' })
  accept(@Param() p: GameParams, @Body() b: ChessSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'chess.accept-draw', seat: b.seat });
  }

  @Post('draw-claims')
  @Allow(...SELF)
  @ApiOperation({
    summary:
      'Claim a draw by a threefold repetition on the board (FIDE 9.2) or 50 moves (FIDE 9.3): drawn at once; an unfounded 50-move claim adds 2 minutes to the opponent; a repetition claim that is not a threefold is refused 409 chess/repetition-not-shown, without penalty: a perpetual check or forced repetition is demonstrated to the arbiter, who rules on it (rapid rules 12(1), rulings/draw-claims ground perpetual)',
  })
  claim(@Param() p: GameParams, @Body() b: DrawClaimDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'chess.claim-draw', seat: b.seat, reason: b.reason });
  }

  @Post('flag-claims')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Claim the opponent’s flag (rapid rules 9(3), 10, 11): a win, or a draw if both flags are down or the claimant cannot mate' })
  flag(@Param() p: GameParams, @Body() b: ChessSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'chess.claim-flag', seat: b.seat });
  }

  @Post('rulings/draw-claims')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      'The arbiter rules on a demonstrated perpetual check or forced repetition (rapid rules 12(1)), a claim of no winning chances (12(2)) or a time-trouble draw request (rule 11); an untrue 12(1) or 12(2) claim adds 2 minutes to the opponent',
  })
  drawRuling(@Param() p: GameParams, @Body() b: DrawRulingDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, {
      type: 'chess.rule-draw-claim',
      claimant: b.claimant,
      ground: b.ground,
      upheld: b.upheld,
      ...(b.note && { note: b.note }),
    });
  }

  @Post('rulings/illegal-moves')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'An illegal move claimed by the opponent: position restored, 2 minutes to the claimant (rapid rules 21(2), 19)' })
  illegal(@Param() p: GameParams, @Body() b: IllegalMoveRulingDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'chess.rule-illegal-move', offender: b.offender, move: b.move, ...(b.note && { note: b.note }) });
  }

  @Post('rulings/breaches')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'A breach claimed by the opponent (rapid rules 21(1),(3)): 2 minutes to the claimant; rules 2 and 5 from the second breach' })
  breach(@Param() p: GameParams, @Body() b: BreachRulingDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    return this.run.official(r, reply, p.id, b, { type: 'chess.rule-breach', offender: b.offender, breach: b.breach, ...(b.note && { note: b.note }) });
  }

  @Post('penalties')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'An arbiter penalty with its rule cited (rapid rules 24): time to the opponent, or the game lost' })
  penalize(@Param() p: GameParams, @Body() b: PenalizeDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: Reply) {
    const penalty = b.penalty.kind === 'loss' ? ({ kind: 'loss' } as const) : ({ kind: 'time-to-opponent', ms: b.penalty.ms ?? 120_000 } as const);
    return this.run.official(r, reply, p.id, b, { type: 'chess.penalize', seat: b.seat, penalty, rule: b.rule, reason: b.reason });
  }
}
