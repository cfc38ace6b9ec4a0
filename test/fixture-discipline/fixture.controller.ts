import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Inject } from '@nestjs/common';
import { Allow, Public } from '../../libs/api/auth/allow.decorator.js';
import type { AuthedRequest } from '../../libs/api/auth/auth.guard.js';
import { requireGranted, resolveLink } from '../../libs/api/games/game-link.js';
import { gameEvents } from '../../libs/api/games/game-reads.js';
import { GameRunner } from '../../libs/api/games/game-runner.js';
import { GAME_ID, GAME_ID_MESSAGE, GameLinkDto, GameParams, ObservedTimeDto, PlayerDto, SEATS, SeatedPlayers } from '../../libs/api/games/game.dto.js';
import { Omittable } from '../../libs/api/omittable.js';
import { ARBITRA_CORE } from '../../libs/api/tokens.js';
import type { ArbitraCore } from '../../libs/runtime/arbitra-core.js';
import { FIXTURE_GAME } from './fixture.game-feature.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;

class StartFixtureDto extends ObservedTimeDto {
  @ApiProperty() @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({ type: [PlayerDto] }) @SeatedPlayers(2) players: PlayerDto[];
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
}
class FixtureSeatDto extends ObservedTimeDto {
  @ApiProperty({ enum: SEATS }) @IsIn(SEATS) seat: 0 | 1;
}
class FixturePenaltyDto extends FixtureSeatDto {
  @ApiProperty() @IsInt() @Min(1) @Max(100) points: number;
  @ApiProperty() @IsString() @Length(1, 200) reason: string;
}

/** The fixture discipline's routes, `/v1/fixture/games`: every command endpoint one line through the generic runner. */
@Controller('v1/fixture/games')
export class FixtureGamesController {
  private readonly run;
  constructor(@Inject(ARBITRA_CORE) private readonly core: ArbitraCore) {
    this.run = new GameRunner(core, FIXTURE_GAME);
  }

  @Post()
  @Allow(...OFFICIALS)
  async start(@Body() b: StartFixtureDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireGranted(r, b.link);
    const players = [
      { id: b.players[0].id, name: b.players[0].name },
      { id: b.players[1].id, name: b.players[1].name },
    ] as const;
    const link = b.link ? await resolveLink(this.core, FIXTURE_GAME, b.id, b.link, players) : undefined;
    return this.run.start(r, reply, b.id, b, { type: 'fixture.start', players, ...(link && { link }) });
  }

  @Post(':id/points')
  @Allow(...OFFICIALS)
  score(@Param() p: GameParams, @Body() b: FixtureSeatDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'fixture.score', seat: b.seat });
  }

  @Post(':id/penalties')
  @Allow(...OFFICIALS)
  penalise(@Param() p: GameParams, @Body() b: FixturePenaltyDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'fixture.penalise', seat: b.seat, points: b.points, reason: b.reason });
  }

  @Post(':id/end')
  @Allow(...OFFICIALS)
  end(@Param() p: GameParams, @Body() b: ObservedTimeDto, @Req() r: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run.official(r, reply, p.id, b, { type: 'fixture.end' });
  }

  @Get(':id/events')
  @Public()
  events(@Param() p: GameParams, @Req() r: AuthedRequest) {
    return gameEvents(this.core, FIXTURE_GAME, p.id, r.principal);
  }
}
