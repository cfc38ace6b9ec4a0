/** Bodies of starting and importing a xiguaqi match, and the position query (unknown fields refused); the match commands are declared in xiguaqi-commands.ts. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GAME_ID, GAME_ID_MESSAGE, GameCommandDto, GameLinkDto, PlayerDto, ReadQuery, SeatedPlayers } from '../games/game.dto.js';
import { Omittable } from '../omittable.js';
import { QueryNumber } from '../query-number.js';

const SEATS = [0, 1] as const;

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
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
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
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
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
