/** The body of starting a mahjong table session and the score card's query (unknown fields refused); the table's commands are declared in mahjong-commands.ts. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, Matches, ValidateNested } from 'class-validator';
import { GAME_ID, GAME_ID_MESSAGE, GameLinkDto, ObservedTimeDto, PlayerDto, ReadQuery, SeatedPlayers } from '../games/game.dto.js';
import { Omittable } from '../omittable.js';

export class StartMahjongDto extends ObservedTimeDto {
  @ApiProperty({ example: 'wmc-r1-t1' }) @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({
    type: [PlayerDto],
    description: 'The four players, seats 0–3, as they first sit down (執位: 四家先隨意就座, counter-clockwise)',
    example: ['ann', 'bob', 'cat', 'dan'].map((id) => ({ id, name: `Player ${id}` })),
  })
  @SeatedPlayers(4)
  players: PlayerDto[];
  @ApiPropertyOptional({ type: GameLinkDto, description: "The tournament's mahjong table this half-session is played at" })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => GameLinkDto)
  link?: GameLinkDto;
}

/** `GET /v1/tables/:id/scorecard?format=`: JSON (the default) or CSV (also by `Accept: text/csv`). */
export class ScorecardQuery extends ReadQuery {
  @ApiPropertyOptional({ enum: ['json', 'csv'], example: 'csv', description: 'csv: the card as CSV (also chosen by Accept: text/csv)' })
  @Omittable()
  @IsIn(['json', 'csv'])
  format?: 'json' | 'csv';
}
