/** Bodies of the xiguaqi endpoints (unknown fields refused; every command body may carry `at` and `clockReading`). */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GAME_ID, GAME_ID_MESSAGE, GameCommandDto, GameLinkDto, PlayerDto, ReadQuery, SeatedPlayers } from '../games/game.dto.js';
import { Omittable } from '../omittable.js';
import { QueryNumber } from '../query-number.js';

const SEATS = [0, 1] as const;
const point = (description: string) => ApiProperty({ example: 7, minimum: 1, maximum: 21, description });

export class StartXiguaqiDto extends GameCommandDto {
  @ApiProperty({ example: 'xg-r1-t1' }) @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({ type: [PlayerDto], description: 'Seat 0, then seat 1' }) @SeatedPlayers(2) players: PlayerDto[];
  @ApiProperty({ enum: [3, 5], example: 3, description: '西瓜棋规则 第十条: 三局两胜 or 五局三胜' }) @IsIn([3, 5]) bestOf: 3 | 5;
  @ApiPropertyOptional({ example: 20, description: '西瓜棋规则 第十二条一: a game’s total time (half to each player), at most 30; default 20' })
  @Omittable()
  @IsInt()
  @Min(2)
  @Max(30)
  minutesPerGame?: number;
  @ApiProperty({ enum: SEATS, example: 0, description: '西瓜棋规则 第十一条: the seat drawn (or guessed) to move first in game 1; it plays Black' })
  @IsIn(SEATS)
  first: 0 | 1;
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
}

export class ImportXiguaqiDto {
  @ApiProperty({ example: 'xg-archive-1' }) @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({
    example: '[BestOf "3"]\n[MinutesPerGame "20"]\nGame 1 black=0 @0\n1. B 4-7 @5\n',
    description: 'The match in the xiguaqi notation (docs/traceability/xiguaqi.md): one command a line, points as in docs/xiguaqi-board.svg',
  })
  @IsString()
  @Length(1, 200_000)
  record: string;
  @ApiProperty({ type: [PlayerDto], description: 'The players as ids (seat 0, seat 1); the record gives only names' }) @SeatedPlayers(2) players: PlayerDto[];
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
}

export class XiguaqiSeatDto extends GameCommandDto {
  @ApiProperty({ enum: SEATS, example: 0, description: 'A player token acts only for its own seat' }) @IsIn(SEATS) seat: 0 | 1;
}

export class XiguaqiMoveDto extends XiguaqiSeatDto {
  @point('The point the piece leaves (docs/xiguaqi-board.svg)') @IsInt() @Min(1) @Max(21) from: number;
  @point('The adjacent empty point it moves to') @IsInt() @Min(1) @Max(21) to: number;
  @ApiPropertyOptional({
    type: 'integer',
    isArray: true,
    example: [2],
    description: '西瓜棋规则 第五条: opponent pieces without liberties the mover captures (a point takes its group)',
  })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(6)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(21, { each: true })
  captures?: number[];
}

export class TimeCallDto extends GameCommandDto {
  @ApiPropertyOptional({ enum: SEATS, description: 'The seat calling time (omit for an official)' }) @Omittable() @IsIn(SEATS) seat?: 0 | 1;
}

export class NextGameDto extends GameCommandDto {
  @ApiPropertyOptional({ enum: SEATS, description: '西瓜棋规则 第十一条: required for the deciding game (a new guess); else the alternation' })
  @Omittable()
  @IsIn(SEATS)
  first?: 0 | 1;
}

export class GameRulingDto extends GameCommandDto {
  @ApiProperty({
    oneOf: [
      { type: 'integer', enum: [0, 1] },
      { type: 'string', enum: ['draw'] },
    ],
    example: 'draw',
    description: '西瓜棋规则 第十三条: the game ruled won by a seat, or drawn',
  })
  @IsIn([0, 1, 'draw'])
  winner: 0 | 1 | 'draw';
  @ApiPropertyOptional() @Omittable() @IsString() @Length(1, 500) note?: string;
}

export class ForfeitDto extends GameCommandDto {
  @ApiProperty({ enum: SEATS, description: 'The seat that forfeits (弃权)' }) @IsIn(SEATS) seat: 0 | 1;
  @ApiProperty({ enum: ['game', 'match'], description: '西瓜棋规则 第十三条: the game in play, or the whole match' }) @IsIn(['game', 'match']) scope:
    'game' | 'match';
}

export class PositionQuery extends ReadQuery {
  @ApiPropertyOptional({ example: 1, description: 'The game of the match (default: the latest)' })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(1)
  @Max(5)
  game?: number;
  @ApiPropertyOptional({ example: 0, description: 'Plies of that game played (default: all)' })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(0)
  ply?: number;
}
