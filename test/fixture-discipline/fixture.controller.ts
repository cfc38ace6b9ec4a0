import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Matches, ValidateNested } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Inject } from '@nestjs/common';
import { Allow, Public } from '../../libs/api/auth/allow.decorator.js';
import type { AuthedRequest } from '../../libs/api/auth/auth.guard.js';
import { requireGranted, resolveLink } from '../../libs/api/games/game-link.js';
import { gameEvents } from '../../libs/api/games/game-reads.js';
import { GameRunner } from '../../libs/api/games/game-runner.js';
import { byOfficials, gameCommandsController, type DeclaredCommands } from '../../libs/api/games/game-commands.js';
import { GAME_ID, GAME_ID_MESSAGE, GameLinkDto, GameParams, ObservedTimeDto, PlayerDto, SeatedPlayers } from '../../libs/api/games/game.dto.js';
import { int, oneOf, text } from '../../libs/api/body-schema.js';
import { Omittable } from '../../libs/api/omittable.js';
import { ARBITRA_CORE } from '../../libs/api/tokens.js';
import type { ArbitraCore } from '../../libs/runtime/arbitra-core.js';
import type { FixtureStep } from './fixture.decider.js';
import { FIXTURE_GAME } from './fixture.game-feature.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;

class StartFixtureDto extends ObservedTimeDto {
  @ApiProperty() @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({ type: [PlayerDto] }) @SeatedPlayers(2) players: PlayerDto[];
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
}
const SEAT = oneOf([0, 1]);

/** The fixture's game commands, declared once (FIXTURE §1 points, §2 penalties, §3 the end): officials record them all. */
export const FIXTURE_COMMANDS: DeclaredCommands<FixtureStep> = {
  controller: 'FixtureCommandsController',
  tag: 'fixture',
  commands: [
    byOfficials('points', 'score', 'fixture.score', 'A point for a seat (FIXTURE §1)', { name: 'FixtureSeatDto', fields: { seat: SEAT } }),
    byOfficials('penalties', 'penalise', 'fixture.penalise', 'Points off a seat (FIXTURE §2)', {
      name: 'FixturePenaltyDto',
      fields: { seat: SEAT, points: int(1, 100), reason: text(1, 200) },
    }),
    byOfficials('end', 'end', 'fixture.end', 'The end: the higher score wins (FIXTURE §3)', { name: 'FixtureEndDto', fields: {} }),
  ],
};

/** The fixture discipline's start and events routes, `/v1/fixture/games` (its commands are served from FIXTURE_COMMANDS). */
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

  @Get(':id/events')
  @Public()
  events(@Param() p: GameParams, @Req() r: AuthedRequest) {
    return gameEvents(this.core, FIXTURE_GAME, p.id, r.principal);
  }
}

export const FixtureCommandsController = gameCommandsController(FIXTURE_GAME, FIXTURE_COMMANDS);
