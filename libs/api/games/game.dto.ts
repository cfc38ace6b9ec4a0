/** The DTOs every game shares (path and query parameters, observed time and clock reading, players, the tournament link). */
import { WaitForPosition } from '../wait-for.js';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsISO8601, IsObject, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Omittable } from '../omittable.js';
import { IsPersonName } from '../person-name.js';
import { acceptQuickly } from '../quick-accept.js';

export const GAME_ID = /^[A-Za-z0-9._-]{1,100}$/;
export const GAME_ID_MESSAGE = '$property must be 1–100 letters, digits, dots, underscores or hyphens';
export const SEATS = [0, 1] as const;

export class GameParams {
  @ApiProperty({ example: 'hk-open-2026-r1-t1', description: 'Game id (stream `scrabble-game-<id>`)' })
  @Matches(GAME_ID, { message: GAME_ID_MESSAGE })
  id: string;
}
/** GameParams' rule as a JSON Schema: every game command's path takes the quick path (quick-accept.ts). */
acceptQuickly(GameParams, { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', pattern: GAME_ID.source } } });

/** One game's read query. */
export class ReadQuery {
  @WaitForPosition(
    'A reader who is not an official of the game (a player, the public) gives the game’s revision instead: the `position` of his command answers and of the game’s reads',
  )
  waitFor?: number;
}

/** A reading of a two-sided table clock. */
export class ClockReadingDto {
  // type: an array's element type is not reflected, so swagger documented strings, which the server refuses.
  @ApiProperty({
    type: 'integer',
    isArray: true,
    example: [1_380_000, 1_452_000],
    description: 'Remaining ms of seat 0 and seat 1 as read on the physical timer',
  })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  remainingMs: number[];
}

/** The observed time every command body may carry (a game without a table clock takes only this). */
export class ObservedTimeDto {
  @ApiPropertyOptional({
    example: '2026-11-29T10:03:12.000Z',
    description: 'Observed table time (ISO-8601 with zone); default: the server stamps the receive time',
  })
  @Omittable()
  @IsISO8601({ strict: true })
  at?: string;
}

/** The observed time and a table-clock reading: the fields every command body of a game with a clock may carry. */
export class GameCommandDto extends ObservedTimeDto {
  @ApiPropertyOptional({ type: ClockReadingDto, description: 'A reading of the physical timer, recorded before the command (WESPA Rules v3 §1.4)' })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => ClockReadingDto)
  clockReading?: ClockReadingDto;
}

export class PlayerDto {
  @ApiProperty({ example: 'chan-hok-hei', description: 'Player id (a player token with this `sub` may self-record)' })
  @Matches(GAME_ID, { message: GAME_ID_MESSAGE })
  id: string;

  @ApiProperty({ example: 'Chan Hok Hei' })
  @IsString()
  @Length(1, 200)
  @IsPersonName()
  name: string;
}

/** The players of a game, one per seat in seat order, each an id and a name (`seats` of them, no more, no fewer). */
export function SeatedPlayers(seats: number): PropertyDecorator {
  return applyDecorators(
    IsArray(),
    ArrayMinSize(seats),
    ArrayMaxSize(seats),
    ValidateNested({ each: true }),
    Type(() => PlayerDto),
  );
}

export class GameLinkDto {
  @ApiProperty({ example: 'hk-open-2026' })
  @Matches(GAME_ID, { message: GAME_ID_MESSAGE })
  tournamentId: string;

  @ApiProperty({ example: 1, minimum: 1 }) @IsInt() @Min(1) @Max(1000) round: number;
  @ApiProperty({ example: 1, minimum: 1 }) @IsInt() @Min(1) @Max(10_000) table: number;

  @ApiPropertyOptional({ example: 'main', description: 'Required when the tournament has several divisions' })
  @Omittable()
  @IsString()
  @Length(1, 100)
  division?: string;
}
