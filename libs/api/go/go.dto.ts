/** Bodies of starting and importing a Go game (unknown fields refused); the game commands are declared in go-commands.ts. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsObject,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { GAME_ID, GAME_ID_MESSAGE, GameLinkDto } from '../games/game.dto.js';
import { Omittable } from '../omittable.js';
import { IsPersonName } from '../person-name.js';

export class GoClockReadingDto {
  // type: an array's element type is not reflected, so swagger documented strings, which the server refuses.
  @ApiProperty({
    type: 'integer',
    isArray: true,
    example: [1_380_000, -660_000],
    description: 'Basic time left of Black and White (ms); negative: overtime used (Ing clocks)',
  })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  @Min(-86_400_000, { each: true })
  @Max(86_400_000, { each: true })
  remainingMs: number[];

  @ApiPropertyOptional({ type: 'integer', isArray: true, example: [5, 3], description: 'Byo-yomi periods left of Black and White, where the clock shows them' })
  @Omittable()
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(1000, { each: true })
  periodsLeft?: number[];
}

export class GoCommandDto {
  @ApiPropertyOptional({ example: '2026-11-29T10:03:12.000Z', description: 'Observed time (officials only); default: the server stamps the receive time' })
  @Omittable()
  @IsISO8601({ strict: true })
  at?: string;

  @ApiPropertyOptional({
    type: GoClockReadingDto,
    description: 'The Ing clock as the timekeeper reads it (Ing rules 第十条 计时), recorded before the command',
  })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => GoClockReadingDto)
  clockReading?: GoClockReadingDto;
}

export class GoPlayerDto {
  @ApiProperty({ example: 'chan-hok-hei' }) @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({ example: 'Chan Hok Hei' }) @IsString() @Length(1, 200) @IsPersonName() name: string;
  @ApiPropertyOptional({ example: '3d', description: 'Rank as written (SGF BR/WR, EGD)' }) @Omittable() @IsString() @Length(1, 10) rank?: string;
}

export class OvertimeDto {
  @ApiProperty({ enum: ['penalty-points', 'byo-yomi'], description: 'Ing rules 第七条 延时: (1) 罚点延时 or (2) 读秒延时' })
  @IsIn(['penalty-points', 'byo-yomi'])
  kind: 'penalty-points' | 'byo-yomi';
  @ApiPropertyOptional({ example: 30 }) @Omittable() @IsInt() @Min(1) @Max(600) periodSeconds?: number;
  @ApiPropertyOptional({ example: 5 }) @Omittable() @IsInt() @Min(1) @Max(100) periods?: number;
}

export class GoRulesDto {
  @ApiPropertyOptional({ example: 60, description: 'Basic time a player (Ing rules 第七条 基时); profile default 60' })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(600)
  basicTimeMinutes?: number;
  @ApiPropertyOptional({ type: OvertimeDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => OvertimeDto) overtime?: OvertimeDto;
  @ApiPropertyOptional({ enum: ['positional-superko', 'simple-ko'] }) @Omittable() @IsIn(['positional-superko', 'simple-ko']) ko?:
    'positional-superko' | 'simple-ko';
  @ApiPropertyOptional({ enum: ['forbidden', 'multi-stone'] }) @Omittable() @IsIn(['forbidden', 'multi-stone']) suicide?: 'forbidden' | 'multi-stone';
  @ApiPropertyOptional({ example: 30, description: 'Lateness beyond which the absent player loses (第八条 缺席); default half the basic time' })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(600)
  absenceLimitMinutes?: number;
}

export class StartGoDto extends GoCommandDto {
  @ApiProperty({ example: 'ing-r1-t1' }) @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({ type: [GoPlayerDto], description: 'Black (seat 0), then White (seat 1)' })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => GoPlayerDto)
  players: GoPlayerDto[];
  @ApiPropertyOptional({ enum: [19, 13, 9], example: 19 }) @Omittable() @IsIn([19, 13, 9]) boardSize?: 19 | 13 | 9;
  @ApiPropertyOptional({ example: 0, description: 'Handicap stones on the star points (2–9)' }) @Omittable() @IsInt() @Min(0) @Max(9) handicap?: number;
  @ApiPropertyOptional({ example: 8, description: 'Overrides the profile compensation (Ing: 8 points, Black wins a tie)' })
  @Omittable()
  @IsNumber()
  @Min(-200)
  @Max(200)
  compensation?: number;
  @ApiPropertyOptional({ type: GoRulesDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => GoRulesDto) rules?: GoRulesDto;
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
}

export class ImportSgfDto {
  @ApiProperty({ example: 'kisei-1976' }) @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({ description: 'One game in SGF (FF[4]); the main line is replayed, BL/WL read as clock readings' })
  @IsString()
  @Length(1, 500_000)
  sgf: string;
  @ApiProperty({ type: [GoPlayerDto], description: 'The players as ids (Black, White); the SGF gives only names' })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => GoPlayerDto)
  players: GoPlayerDto[];
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
}
