/** Bodies of starting and importing a rapid-chess game (unknown fields refused); the game commands are declared in chess-commands.ts. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GAME_ID, GAME_ID_MESSAGE, GameCommandDto, GameLinkDto, PlayerDto, SeatedPlayers } from '../games/game.dto.js';
import { Omittable } from '../omittable.js';

export class TimeControlDto {
  @ApiProperty({ enum: [30, 60], example: 30, description: 'Rapid rules 1: 60 or 30 minutes a player' }) @IsIn([30, 60]) minutes: 30 | 60;
  @ApiPropertyOptional({ example: 0, description: 'Seconds added after each move (rapid rules 21(4)); default 0' })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(60)
  incrementSeconds?: number;
}

export class StartChessDto extends GameCommandDto {
  @ApiProperty({ example: 'open-r1-t1' }) @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({ type: [PlayerDto], description: 'White (seat 0), then Black (seat 1)' })
  @SeatedPlayers(2)
  players: PlayerDto[];
  @ApiProperty({ type: TimeControlDto }) @IsObject() @ValidateNested() @Type(() => TimeControlDto) timeControl: TimeControlDto;
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
  @ApiPropertyOptional({ description: 'A set-up position (FEN) for a resumed game' }) @Omittable() @IsString() @Length(10, 100) startFen?: string;
}

export class ImportPgnDto {
  @ApiProperty({ example: 'opera-1858' }) @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({ description: 'One game in PGN; [%clk] comments are read as clock readings' }) @IsString() @Length(1, 200_000) pgn: string;
  @ApiProperty({ type: [PlayerDto], description: 'The players as ids (White, Black); the PGN gives only names' })
  @SeatedPlayers(2)
  players: PlayerDto[];
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
}
