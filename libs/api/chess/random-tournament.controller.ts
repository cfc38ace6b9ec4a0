import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiPropertyOptional, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsInt, IsNumber, Max, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { randomTournament, RANDOM_TOURNAMENT_HTTP_LIMITS } from '../../runtime/features/chess/random-tournament.js';
import { Allow } from '../auth/allow.decorator.js';
import { Omittable } from '../omittable.js';
import { QueryNumber } from '../query-number.js';
import { sendsFile } from '../tournaments/tournament-export.js';
import { ReadQuery } from '../tournaments/tournament-params.dto.js';

const RATE = 'a probability from 0 to 1 (bbpPairings’ rate keys are 1 / this)';

/** The generator's parameters, named as bbpPairings' generator keys in its -g configuration files. */
export class RandomTournamentQuery extends ReadQuery {
  @ApiProperty({ description: 'PlayersNumber', example: 16, minimum: 2, maximum: RANDOM_TOURNAMENT_HTTP_LIMITS.players })
  @QueryNumber()
  @IsInt()
  @Min(2)
  @Max(RANDOM_TOURNAMENT_HTTP_LIMITS.players)
  players: number;

  @ApiProperty({ description: 'RoundsNumber (written as XXR)', example: 5, minimum: 1, maximum: RANDOM_TOURNAMENT_HTTP_LIMITS.rounds })
  @QueryNumber()
  @IsInt()
  @Min(1)
  @Max(RANDOM_TOURNAMENT_HTTP_LIMITS.rounds)
  rounds: number;

  @ApiProperty({ description: 'The seed: the same parameters and seed give the same file, byte for byte', example: 42, minimum: 0, maximum: 4294967295 })
  @QueryNumber()
  @IsInt()
  @Min(0)
  @Max(4294967295)
  seed: number;

  @ApiPropertyOptional({ description: `A played game’s draw probability (DrawPercentage / 100), ${RATE}; default 0.3`, example: 0.3 })
  @Omittable()
  @QueryNumber()
  @IsNumber()
  @Min(0)
  @Max(1)
  drawRate?: number;

  @ApiPropertyOptional({ description: `A scheduled game’s forfeit probability (1 / ForfeitRate), ${RATE}; default 0`, example: 0 })
  @Omittable()
  @QueryNumber()
  @IsNumber()
  @Min(0)
  @Max(1)
  forfeitRate?: number;

  @ApiPropertyOptional({ description: `A player’s half-point bye probability in a round (1 / HalfPointByeRate), ${RATE}; default 0`, example: 0 })
  @Omittable()
  @QueryNumber()
  @IsNumber()
  @Min(0)
  @Max(1)
  byeRate?: number;

  @ApiPropertyOptional({ description: `A player’s probability of withdrawing after a round (1 / RetiredRate), ${RATE}; default 0`, example: 0 })
  @Omittable()
  @QueryNumber()
  @IsNumber()
  @Min(0)
  @Max(1)
  withdrawRate?: number;

  @ApiPropertyOptional({ description: 'HighestRating; default 2600', example: 2600 })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(1000)
  @Max(3000)
  highestRating?: number;

  @ApiPropertyOptional({ description: 'LowestRating (at most HighestRating); default 1400', example: 1400 })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(1000)
  @Max(3000)
  lowestRating?: number;
}

/** FIDE Handbook C.04.A's random tournament generator: a TRF-16 file, recorded nowhere. */
@ApiTags('chess')
@Controller('v1/chess')
export class RandomTournamentController {
  @Get('random-tournament.trf')
  // Records nothing, but pairs every round on the request: any token, not anonymous callers.
  @Allow('chief-arbiter', 'arbiter', 'appeals-committee', 'player')
  @ApiProduces('text/plain')
  @ApiOperation({
    summary:
      'A random tournament as FIDE TRF-16 (C.04.A): seeded ratings, every round paired by Arbitra’s FIDE Dutch engine (C.04.3), results drawn from the rating difference; XXR and XXC written',
  })
  generate(@Query() q: RandomTournamentQuery, @Res({ passthrough: true }) reply: FastifyReply): string {
    const { trf } = randomTournament({ ...q });
    sendsFile(reply, 'text/plain');
    return trf;
  }
}
