import { Body, Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { proposeVerdicts, type MoveInput } from '../../domain/disciplines/scrabble/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { lexiconFor, SCRABBLE_GAME } from '../../runtime/features/scrabble/index.js';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { GAME_COMMAND_EXAMPLE } from '../games/examples.js';
import { GameRunner } from '../games/game-runner.js';
import { moveFields, naming, overdrawFields } from './request-fields.js';
import {
  ArrivalDto,
  ChallengeDto,
  DrawDto,
  MoveCommandDto,
  OverdrawDto,
  ProposalsDto,
  ReannounceDto,
  SeatCommandDto,
  VerdictsDto,
  type MoveDto,
} from './scrabble-command.dto.js';
import { GameParams } from '../games/game.dto.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;
const SELF = ['arbiter', 'chief-arbiter', 'player'] as const;
const CREATED = { description: 'The events recorded; ETag is the stream revision', schema: { example: GAME_COMMAND_EXAMPLE } };

export function moveInput(m: MoveDto): MoveInput {
  switch (m.kind) {
    case 'play':
      return m.placements
        ? { kind: 'play', tiles: m.placements.map((p) => ({ row: p.row, col: p.col, letter: p.letter.toUpperCase(), blank: !!p.blank })) }
        : { kind: 'play', coordinate: m.coordinate as string, word: m.word as string };
    case 'exchange':
      return { kind: 'exchange', count: m.count ?? m.tiles?.length ?? 0, ...(m.tiles && { tiles: m.tiles.map((t) => t.toUpperCase()) }) };
    case 'pass':
      return { kind: 'pass' };
  }
}

const upper = (xs: readonly string[] | undefined) => xs?.map((x) => x.toUpperCase());

/**
 * The turn: drawing, moves, pressing the clock, hold, acceptance, challenges and adjudication,
 * overdraw, lateness. Players record their own seat's turn commands; arbiters record anything.
 */
@ApiTags('games')
@ApiBearerAuth()
@Controller('v1/scrabble/games/:id')
export class GameTurnsController {
  private readonly run;

  constructor(
    @Inject(ARBITRA_CORE) core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {
    this.run = new GameRunner(core, SCRABBLE_GAME);
  }

  @Post('draws')
  @Allow(...SELF)
  @ApiOperation({
    summary:
      'DrawTiles: draw tiles (count, or letters when tracking); drawing replacements accepts a pending play; after 30 s of hold they stay face down (player for own seat, arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  draw(@Param() p: GameParams, @Body() b: DrawDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.self(r, reply, p.id, b, b.seat, {
      type: 'scrabble.draw-tiles',
      seat: b.seat,
      ...(b.count !== undefined && { count: b.count }),
      ...(b.tiles && { tiles: upper(b.tiles) }),
    });
  }

  @Post('moves')
  @Allow(...SELF)
  @ApiOperation({
    summary:
      'MakeMove (pressClock true, default) or AnnounceMove (pressClock false): a play with its announced score, an exchange (≥ 7 in the bag) or a pass (player for own seat, arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  move(@Param() p: GameParams, @Body() b: MoveCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const move = moveInput(b.move);
    const score = b.announcedScore !== undefined ? { announcedScore: b.announcedScore } : {};
    const command =
      b.pressClock === false
        ? { type: 'scrabble.announce-move' as const, seat: b.seat, move, ...score }
        : { type: 'scrabble.make-move' as const, seat: b.seat, move, ...score };
    return naming(moveFields(b), () => this.run.self(r, reply, p.id, b, b.seat, command));
  }

  @Post('clock/presses')
  @Allow(...SELF)
  @ApiOperation({ summary: 'PressClock: completes the announced move; it is final after (seed 完成一步) (player for own seat, arbiter)' })
  @ApiCreatedResponse(CREATED)
  press(@Param() p: GameParams, @Body() b: SeatCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'scrabble.press-clock', seat: b.seat });
  }

  @Post('holds')
  @Allow(...SELF)
  @ApiOperation({ summary: 'Hold: the opponent holds the play on their own time; the player may not draw for 30 s (seed Hold) (player for own seat, arbiter)' })
  @ApiCreatedResponse(CREATED)
  hold(@Param() p: GameParams, @Body() b: SeatCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'scrabble.hold', seat: b.seat });
  }

  @Post('acceptances')
  @Allow(...SELF)
  @ApiOperation({
    summary: 'AcceptMove: the opponent accepts the pending play (ends a hold; ends the game after a going-out play) (player for own seat, arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  accept(@Param() p: GameParams, @Body() b: SeatCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'scrabble.accept-move', seat: b.seat });
  }

  @Post('challenges')
  @Allow(...SELF)
  @ApiOperation({
    summary:
      'Challenge: after the clock was pressed, stops the clock and names every challenged word (player for own seat, arbiter). With ARBITRA_LEXICON_FILE set, the word list then proposes verdicts (scrabble.VerdictsProposed) for the arbiter to confirm',
  })
  @ApiCreatedResponse({
    description: "scrabble.ChallengeMade (and `lexicon`: the proposal command's response when a word list is configured)",
    schema: { example: GAME_COMMAND_EXAMPLE },
  })
  challenge(@Param() p: GameParams, @Body() b: ChallengeDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const words = upper(b.words) ?? [];
    const lexicon = lexiconFor(this.config);
    // With a word list configured, the server proposes verdicts for the arbiter to confirm, as the word list's own record.
    const proposal = lexicon
      ? () => ({
          key: 'lexicon',
          actor: { id: 'lexicon-file', role: 'system' as const },
          command: { type: 'scrabble.propose-verdicts' as const, lexicon: lexicon.path, proposals: proposeVerdicts(lexicon, words) },
        })
      : undefined;
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'scrabble.challenge', seat: b.seat, words }, proposal);
  }

  @Post('challenges/withdrawal')
  @Allow(...SELF)
  @ApiOperation({ summary: 'WithdrawChallenge: always refused — a challenge cannot be withdrawn once the clock is stopped (seed Challenge)' })
  @ApiCreatedResponse(CREATED)
  withdraw(@Param() p: GameParams, @Body() b: SeatCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'scrabble.withdraw-challenge', seat: b.seat });
  }

  @Post('challenges/proposals')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'ProposeVerdicts: record what a word source says of the challenged words, for the arbiter to confirm (arbiter)' })
  @ApiCreatedResponse(CREATED)
  propose(@Param() p: GameParams, @Body() b: ProposalsDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, {
      type: 'scrabble.propose-verdicts',
      lexicon: b.lexicon,
      proposals: b.proposals.map((x) => ({ word: x.word.toUpperCase(), valid: x.valid ?? null })),
    });
  }

  @Post('challenges/verdicts')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      "ResolveChallenge: one verdict per challenged word; any invalid → the play is withdrawn and scores 0; all valid → the challenger's penalty per the profile (arbiter)",
  })
  @ApiCreatedResponse(CREATED)
  verdicts(@Param() p: GameParams, @Body() b: VerdictsDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, {
      type: 'scrabble.resolve-challenge',
      verdicts: b.verdicts.map((v) => ({ word: v.word.toUpperCase(), valid: v.valid })),
    });
  }

  @Post('reannouncements')
  @Allow(...SELF)
  @ApiOperation({
    summary: 'ReannounceScore: after a failed challenge the player says the score again before the clock restarts (player for own seat, arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  reannounce(@Param() p: GameParams, @Body() b: ReannounceDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.self(r, reply, p.id, b, b.seat, { type: 'scrabble.reannounce-score', seat: b.seat, score: b.score });
  }

  @Post('overdraw')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: 'ResolveOverdraw (x+2 rule): tiles drawn, x+2 shown face down, x returned (arbiter)' })
  @ApiCreatedResponse(CREATED)
  overdraw(@Param() p: GameParams, @Body() b: OverdrawDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return naming(overdrawFields(b), () =>
      this.run.official(r, reply, p.id, b, {
        type: 'scrabble.resolve-overdraw',
        seat: b.seat,
        drawnCount: b.drawnCount,
        ...(b.drawn && { drawn: upper(b.drawn) }),
        shown: upper(b.shown) ?? b.shownCount ?? 0,
        returned: upper(b.returned) ?? b.returnedCount ?? 0,
      }),
    );
  }

  @Post('absent-clock')
  @Allow(...OFFICIALS)
  @ApiOperation({ summary: "StartAbsentClock: the TD starts an absent player's clock (seed 缺席) (arbiter)" })
  @ApiCreatedResponse(CREATED)
  absent(@Param() p: GameParams, @Body() b: SeatCommandDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.start-absent-clock', seat: b.seat });
  }

  @Post('arrivals')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      'PlayerArrived: a late player plays on or, with ≤ 15 min left, forfeits (opponent wins by 100); with no time left the forfeit is recorded whatever the choice (arbiter)',
  })
  @ApiCreatedResponse(CREATED)
  arrived(@Param() p: GameParams, @Body() b: ArrivalDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'scrabble.player-arrived', seat: b.seat, choice: b.choice });
  }
}
