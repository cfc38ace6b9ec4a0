import { WaitForPosition } from '../wait-for.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsISO8601, IsObject, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { DISCIPLINES, type Discipline } from '../../domain/standings/index.js';
import { Omittable } from '../omittable.js';
import { ID_PATTERN } from '../tournaments/tournament-params.dto.js';
import { QueryNumber } from '../query-number.js';
import { IsPersonName } from '../person-name.js';

const ID_MESSAGE = '$property must be 1–100 letters, digits, dots, underscores or hyphens';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CAUSES = ['late-result', 'appeal-decision', 'data-error', 'player-merge'] as const;

export class DisciplineParams {
  @ApiProperty({ enum: DISCIPLINES, example: 'scrabble' }) @IsIn(DISCIPLINES) discipline: Discipline;
}

export class PeriodParams extends DisciplineParams {
  @ApiProperty({ example: '2026-11' }) @Matches(/^[A-Za-z0-9._-]{1,40}$/, { message: '$property must be 1–40 letters, digits, . _ -' }) period: string;
}

export class PlayerIdParams {
  @ApiProperty({ example: 'chan-tai-man' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) id: string;
}

export class EngineDto {
  @ApiProperty({ example: 'wespa-elo', description: 'wespa-elo, egd-gor, fide-rapid, mahjong-ranking, glicko2' }) @IsString() @Length(1, 40) name: string;
  @ApiProperty({ example: 1 }) @IsInt() version: number;
}

export class RankedDto {
  @ApiPropertyOptional({ example: 30 }) @Omittable() @IsInt() @Min(0) minGames?: number;
  @ApiPropertyOptional({ example: 730 }) @Omittable() @IsInt() @Min(1) windowDays?: number;
}

export class ClosePeriodDto {
  @ApiProperty({ example: '2026-11' }) @Matches(/^[A-Za-z0-9._-]{1,40}$/, { message: '$property must be 1–40 letters, digits, . _ -' }) period: string;
  @ApiProperty({ example: '2026-11-30', description: 'The list’s date (YYYY-MM-DD)' })
  @Matches(DAY, { message: '$property must be YYYY-MM-DD' })
  closesOn: string;
  @ApiProperty({ example: ['hk-open-2026'], type: [String] })
  @IsArray()
  @Matches(ID_PATTERN, { each: true, message: ID_MESSAGE })
  tournaments: string[];
  @ApiProperty({ type: EngineDto }) @IsObject() @ValidateNested() @Type(() => EngineDto) engine: EngineDto;
  @ApiPropertyOptional({ example: { scale: 172 }, description: 'Overrides of the engine version’s parameters (each one of that version, of the same shape)' })
  @Omittable()
  @IsObject()
  parameters?: Record<string, unknown>;
  @ApiPropertyOptional({ type: RankedDto, description: 'Who is ranked: games in the window before the list’s date' })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => RankedDto)
  ranked?: RankedDto;
}

export class CauseDto {
  @ApiProperty({ enum: CAUSES, example: 'appeal-decision' }) @IsIn(CAUSES) kind: (typeof CAUSES)[number];
  @ApiPropertyOptional({ example: 'appeal-12' }) @Omittable() @IsString() @Length(1, 200) ref?: string;
}

export class CorrectListDto {
  @ApiProperty({ example: 'appeal upheld: round 7 table 3 drawn' }) @IsString() @Length(1, 1000) reason: string;
  @ApiProperty({ type: CauseDto }) @IsObject() @ValidateNested() @Type(() => CauseDto) cause: CauseDto;
}

export class RegisterRatedPlayerDto {
  @ApiProperty({ example: 'chan-tai-man' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) id: string;
  @ApiProperty({ example: 'HKG-0042' }) @IsString() @Length(1, 100) @IsPersonName() federationId: string;
  @ApiProperty({ example: 'Chan Tai Man' }) @IsString() @Length(1, 200) @IsPersonName() name: string;
  @ApiProperty({ example: 'HKG' }) @IsString() @Length(1, 10) @IsPersonName() country: string;
  @ApiPropertyOptional({ example: 2008 }) @Omittable() @IsInt() @Min(1900) @Max(2100) birthYear?: number;
}

export class MergePlayerDto {
  @ApiProperty({ example: 'chan-tai-man-2', description: 'The duplicate identity merged into this one' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  duplicate: string;
  @ApiProperty({ example: 'registered twice under two spellings' }) @IsString() @Length(1, 1000) reason: string;
}

export class ImportListQuery {
  @ApiPropertyOptional({ example: 'fide-rapid', description: 'The engine whose records the list holds (default: the discipline’s)' })
  @Omittable()
  @IsString()
  @Length(1, 40)
  engine?: string;
  @ApiPropertyOptional({ example: 2024, description: 'Its version (default: the discipline’s default version of that engine)' })
  @Omittable()
  @QueryNumber()
  @IsInt()
  version?: number;
  @ApiPropertyOptional({ example: 'hkg-rapid-2026-11.csv', description: 'The file’s name, recorded with its hash' })
  @Omittable()
  @Matches(/^[\w .()+-]{1,200}$/, { message: '$property is a file name of 1–200 letters, digits, spaces and . ( ) + - _' })
  fileName?: string;
}

export class RankingsQuery {
  @ApiPropertyOptional({ example: '2026-12-31', description: 'The list in force on that day (the latest version of the last period closed by then)' })
  @Omittable()
  @Matches(DAY, { message: '$property must be YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: '$property must be a calendar day (YYYY-MM-DD)' })
  asOf?: string;
  @ApiPropertyOptional({ example: 1, description: 'A version of that period’s list (default: the latest); every published version stays readable' })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(1)
  version?: number;
  @ApiPropertyOptional({ example: 'HKG' }) @Omittable() @IsString() @Length(1, 10) country?: string;
  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'true: ranked (active) players only; false: the others only; default: all' })
  @Omittable()
  @IsIn(['true', 'false'])
  active?: 'true' | 'false';
  @ApiPropertyOptional({ example: 0, description: 'Entries to skip (the `next` of the previous page)' })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(0)
  after?: number;
  @ApiPropertyOptional({ example: 100, minimum: 1, maximum: 1000 }) @Omittable() @QueryNumber() @IsInt() @Min(1) @Max(1000) limit?: number;
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: 'json (default) or csv; or send Accept: text/csv' }) @Omittable() @IsIn(['json', 'csv']) format?:
    'json' | 'csv';
  @WaitForPosition() waitFor?: number;
}

export class HistoryQuery {
  @ApiPropertyOptional({ enum: DISCIPLINES, description: 'One discipline (required for the SVG chart when the player has several)' })
  @Omittable()
  @IsIn(DISCIPLINES)
  discipline?: Discipline;
  @ApiPropertyOptional({ enum: ['json', 'svg'], description: 'json (default) or svg (a chart); or send Accept: image/svg+xml' })
  @Omittable()
  @IsIn(['json', 'svg'])
  format?: 'json' | 'svg';
  @WaitForPosition() waitFor?: number;
}

export class WaitQuery {
  @WaitForPosition() waitFor?: number;
}
