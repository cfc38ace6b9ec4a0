import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Omittable, OnlyWhen } from '../omittable.js';
import { PAIRING_SYSTEMS, type PairingSystem } from '../../domain/tournament/index.js';
import { DivisionQuery, ID_PATTERN, TournamentParams } from './tournament-params.dto.js';
import { QueryNumber } from '../query-number.js';
import { acceptQuickly } from '../quick-accept.js';

const ID_MESSAGE = '$property must be 1–100 letters, digits, dots, underscores or hyphens';
const SIDES = ['first', 'second'] as const;

export class RoundParams extends TournamentParams {
  @ApiProperty({ example: 1, minimum: 1, description: 'Round number' })
  @QueryNumber()
  @IsInt()
  @Min(1)
  @Max(1000)
  n: number;
}

export class TableParams extends RoundParams {
  @ApiProperty({ example: 1, minimum: 1, description: 'Table number' })
  @QueryNumber()
  @IsInt()
  @Min(1)
  table: number;
}

export class ProvisionalQuery extends DivisionQuery {
  @ApiPropertyOptional({ enum: PAIRING_SYSTEMS, description: 'One system (default: every system the tournament allows)' })
  @Omittable()
  @IsIn(PAIRING_SYSTEMS)
  system?: PairingSystem;
}

export class PairingOptionsDto {
  @ApiPropertyOptional({ example: 3, description: 'Australian draw: meetings before this round are not repeats' })
  @Omittable()
  @IsInt()
  @Min(1)
  repeatsForgivenBefore?: number;
  @ApiPropertyOptional({ enum: ['rating-halves', 'rating-adjacent', 'random'] }) @Omittable() @IsIn(['rating-halves', 'rating-adjacent', 'random']) round1?:
    'rating-halves' | 'rating-adjacent' | 'random';
  @ApiPropertyOptional({ example: false, description: 'Round robin: play everyone twice' }) @Omittable() @IsBoolean() double?: boolean;
  @ApiPropertyOptional({ example: 16, description: 'Knockout: how many of the top enter' }) @Omittable() @IsInt() @Min(2) cut?: number;
  @ApiPropertyOptional({ enum: ['white', 'black'], description: 'FIDE Dutch: the colour the top seed takes in round 1 (C.04.3 E.5); default white' })
  @Omittable()
  @IsIn(['white', 'black'])
  initialColour?: 'white' | 'black';
}

export class PairedGameDto {
  @ApiProperty({ example: 1 }) @IsInt() @Min(1) table: number;
  @ApiProperty({ example: 'chan-hok-hei', description: 'Moves first' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) first: string;
  @ApiProperty({ example: 'wong-wai-ho' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) second: string;
}

export class SeatDto {
  @ApiProperty({ example: 'p1' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) player: string;
  @ApiProperty({ enum: ['E', 'S', 'W', 'N'], example: 'E' }) @IsIn(['E', 'S', 'W', 'N']) wind: 'E' | 'S' | 'W' | 'N';
}

export class PairedTableDto {
  @ApiProperty({ example: 1 }) @IsInt() @Min(1) table: number;
  @ApiProperty({ type: [SeatDto] }) @IsArray() @ArrayMaxSize(4) @ValidateNested({ each: true }) @Type(() => SeatDto) seats: SeatDto[];
}

/**
 * Pair a round. `kind: system` (default): the server builds the request from the current record and
 * runs the pairing system with the seed (default `<id>:<division>:<round>`, the provisional pairing's
 * seed). `kind: manual`: the arbiter gives the games (or mahjong tables) and the reason.
 */
export class PairRoundDto {
  @ApiPropertyOptional({ enum: ['system', 'manual'], default: 'system' })
  @Omittable()
  @IsIn(['system', 'manual'])
  kind?: 'system' | 'manual';

  @ApiPropertyOptional({ example: 'main' }) @Omittable() @IsString() @Length(1, 100) division?: string;
  @ApiPropertyOptional({ example: '2026-12-05', description: 'The day the round is played; checked against the rounds a day (chess rapid: rapid rules 23)' })
  @Omittable()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: '$property must be a date YYYY-MM-DD' })
  day?: string;

  @ApiPropertyOptional({ enum: PAIRING_SYSTEMS, example: 'australian-draw', description: 'Required for kind system' })
  @OnlyWhen((o: PairRoundDto) => o.kind !== 'manual', 'when kind is not manual')
  @IsIn(PAIRING_SYSTEMS)
  system?: PairingSystem;

  @ApiPropertyOptional({ example: 'hk-open-2026:main:1', description: 'Recorded so the pairing can be replayed' })
  @OnlyWhen((o: PairRoundDto) => o.kind !== 'manual', 'when kind is not manual')
  @Omittable()
  @IsString()
  @Length(1, 200)
  seed?: string;

  @ApiPropertyOptional({ type: PairingOptionsDto })
  @OnlyWhen((o: PairRoundDto) => o.kind !== 'manual', 'when kind is not manual')
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => PairingOptionsDto)
  options?: PairingOptionsDto;

  @ApiPropertyOptional({ example: 'two players arrived from the same flight late', description: 'Required for kind manual' })
  @OnlyWhen((o: PairRoundDto) => o.kind === 'manual', 'when kind is manual')
  @IsString()
  @Length(1, 1000)
  reason?: string;

  @ApiPropertyOptional({ type: [PairedGameDto] }) @Omittable() @IsArray() @ValidateNested({ each: true }) @Type(() => PairedGameDto) games?: PairedGameDto[];
  @ApiPropertyOptional({ type: [PairedTableDto] })
  @Omittable()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => PairedTableDto)
  tables?: PairedTableDto[];
  @ApiPropertyOptional({ type: String, nullable: true, example: null }) @IsOptional() @Matches(ID_PATTERN, { message: ID_MESSAGE }) bye?: string | null;
}

export class RoundCommandDto {
  @ApiPropertyOptional({ example: 'main', description: 'Required when the tournament has several divisions' })
  @Omittable()
  @IsString()
  @Length(1, 100)
  division?: string;
}

export class PairCountsDto {
  @ApiProperty({ example: 412 }) @IsNumber() first: number;
  @ApiProperty({ example: 376 }) @IsNumber() second: number;
}

export class SeatPointsDto {
  @ApiProperty({ example: 'p1' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) player: string;
  @ApiProperty({ example: 24 }) @IsNumber() points: number;
}

/** What happened at the table; the players come from the pairing. */
export class ResultInputDto {
  @ApiProperty({ enum: ['played', 'forfeit', 'double-forfeit', 'mahjong-table'], example: 'played' })
  @IsIn(['played', 'forfeit', 'double-forfeit', 'mahjong-table'])
  kind: 'played' | 'forfeit' | 'double-forfeit' | 'mahjong-table';

  @ApiPropertyOptional({ enum: ['first', 'second', 'draw'], example: 'first', description: 'kind played' })
  @OnlyWhen((o: ResultInputDto) => o.kind === 'played', 'when kind is played')
  @IsIn(['first', 'second', 'draw'])
  outcome?: 'first' | 'second' | 'draw';

  @ApiPropertyOptional({ type: PairCountsDto, description: 'Game scores (Scrabble: required)' })
  @OnlyWhen((o: ResultInputDto) => o.kind === 'played', 'when kind is played')
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => PairCountsDto)
  score?: PairCountsDto;
  @ApiPropertyOptional({ type: PairCountsDto, description: 'Xiguaqi: games won in the match' })
  @OnlyWhen((o: ResultInputDto) => o.kind === 'played', 'when kind is played')
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => PairCountsDto)
  games?: PairCountsDto;
  @ApiPropertyOptional({ type: PairCountsDto, description: 'Xiguaqi: pieces captured' })
  @OnlyWhen((o: ResultInputDto) => o.kind === 'played', 'when kind is played')
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => PairCountsDto)
  captured?: PairCountsDto;

  @ApiPropertyOptional({ enum: SIDES, description: 'kind forfeit: who was absent' })
  @OnlyWhen((o: ResultInputDto) => o.kind === 'forfeit', 'when kind is forfeit')
  @IsIn(SIDES)
  absent?: 'first' | 'second';

  @ApiPropertyOptional({ type: [SeatPointsDto], description: 'kind mahjong-table: table points of the four seats (sum 0)' })
  @OnlyWhen((o: ResultInputDto) => o.kind === 'mahjong-table', 'when kind is mahjong-table')
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => SeatPointsDto)
  seats?: SeatPointsDto[];
}

export class ResultSourceDto {
  @ApiProperty({ enum: ['game', 'arbiter'], example: 'arbiter' }) @IsIn(['game', 'arbiter']) kind: 'game' | 'arbiter';
  @ApiPropertyOptional({ example: 'g-42', description: 'kind game' })
  @OnlyWhen((o: ResultSourceDto) => o.kind === 'game', 'when kind is game')
  @IsString()
  @Length(1, 200)
  gameId?: string;
}

export class RecordResultDto extends RoundCommandDto {
  @ApiProperty({ example: 1 }) @IsInt() @Min(1) table: number;
  @ApiProperty({ type: ResultInputDto, example: { kind: 'played', outcome: 'first', score: { first: 412, second: 376 } } })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ResultInputDto)
  result: ResultInputDto;
  @ApiPropertyOptional({ type: ResultSourceDto, description: 'Default: entered by the arbiter' })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => ResultSourceDto)
  source?: ResultSourceDto;
}

export class CorrectResultDto extends RoundCommandDto {
  @ApiProperty({ type: ResultInputDto, example: { kind: 'played', outcome: 'second', score: { first: 376, second: 412 } } })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ResultInputDto)
  result: ResultInputDto;
  @ApiProperty({ example: 'scores were swapped on the result slip' }) @IsString() @Length(1, 1000) reason: string;
}

/** RecordResultDto's rules as a JSON Schema, for the commands' quick path (quick-accept.ts); a value it refuses goes through the classes. */
const pair = {
  type: 'object',
  additionalProperties: false,
  required: ['first', 'second'],
  properties: { first: { type: 'number' }, second: { type: 'number' } },
};
acceptQuickly(
  RoundParams,
  {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'n'],
    properties: { id: { type: 'string', pattern: ID_PATTERN.source }, n: { type: 'integer', minimum: 1, maximum: 1000 } },
  },
  [],
  ['n'],
);
/** `@OnlyWhen` a kind: the fields are required when `kind` is it, absent otherwise. */
const onlyWhenKind = (kind: string, required: string[], allowed = required) => ({
  if: { properties: { kind: { const: kind } } },
  then: { required },
  else: { not: { anyOf: allowed.map((f) => ({ required: [f] })) } },
});
acceptQuickly(RecordResultDto, {
  type: 'object',
  additionalProperties: false,
  required: ['table', 'result'],
  properties: {
    division: { type: 'string', classLength: [1, 100] },
    table: { type: 'integer', minimum: 1 },
    result: {
      type: 'object',
      additionalProperties: false,
      required: ['kind'],
      properties: {
        kind: { enum: ['played', 'forfeit', 'double-forfeit', 'mahjong-table'] },
        outcome: { enum: ['first', 'second', 'draw'] },
        score: pair,
        games: pair,
        captured: pair,
        absent: { enum: SIDES },
        seats: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['player', 'points'],
            properties: { player: { type: 'string', pattern: ID_PATTERN.source }, points: { type: 'number' } },
          },
        },
      },
      allOf: [
        onlyWhenKind('played', ['outcome'], ['outcome', 'score', 'games', 'captured']),
        onlyWhenKind('forfeit', ['absent']),
        onlyWhenKind('mahjong-table', ['seats']),
      ],
    },
    source: {
      type: 'object',
      additionalProperties: false,
      required: ['kind'],
      properties: { kind: { enum: ['game', 'arbiter'] }, gameId: { type: 'string', classLength: [1, 200] } },
      allOf: [onlyWhenKind('game', ['gameId'])],
    },
  },
});
