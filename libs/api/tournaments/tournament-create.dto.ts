/** Creating a tournament: its discipline, divisions, pairing systems and the overrides of the discipline's rules profile. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { DESCRIPTORS } from '../../domain/discipline-kit/registry.js';
import { DISCIPLINES, MCMAHON_SEEDINGS, type Discipline, type McMahonSeeding } from '../../domain/standings/index.js';
import { PAIRING_SYSTEMS, type PairingSystem } from '../../domain/tournament/index.js';
import { Omittable } from '../omittable.js';
import { IsPersonName } from '../person-name.js';
import { ID_MESSAGE, ID_PATTERN } from './tournament-params.dto.js';

export class PointsDto {
  @ApiProperty({ example: 1 }) @IsNumber() win: number;
  @ApiProperty({ example: 0.5 }) @IsNumber() draw: number;
  @ApiProperty({ example: 0 }) @IsNumber() loss: number;
}

export class ByeValueDto {
  @ApiProperty({ enum: ['win', 'draw', 'loss'], example: 'win' })
  @IsIn(['win', 'draw', 'loss'])
  outcome: 'win' | 'draw' | 'loss';

  @ApiProperty({ example: 50 })
  @IsNumber()
  spread: number;
}

/** Go: what the EGD results table says of the event (issue 30): the EGF class and the place. */
export class EgdEventDto {
  @ApiProperty({ enum: ['A', 'B', 'C', 'D'], description: 'EGF tournament class (CL), known before the event' })
  @IsIn(['A', 'B', 'C', 'D'])
  class: 'A' | 'B' | 'C' | 'D';
  @ApiPropertyOptional({ example: 'CZ, Prague', description: 'PC: "<country code>, <city>" (no "]" or ";")' })
  @Omittable()
  @IsString()
  @Length(1, 100)
  @IsPersonName()
  @Matches(/^[^;\]]*$/, { message: 'place must not contain "]" or ";" (the EGD reader would cut the line there)' })
  place?: string;
}

/** McMahon pairing: handicap = McMahon difference lowered by `lowerBy`, at most `max` stones (EGF/OpenGotha handicap policy). */
export class McMahonHandicapDto {
  @ApiProperty({ example: 1 }) @IsInt() @Min(0) @Max(30) lowerBy: number;
  @ApiProperty({ example: 9 }) @IsInt() @Min(0) @Max(9) max: number;
  @ApiPropertyOptional({ example: 2300, description: 'No handicap between players at or above this rank (a rating like the bar; OpenGotha)' })
  @Omittable()
  @IsNumber()
  noHandicapFromRating?: number;
}

/** Go only, a profile value (the Ing excerpt does not speak of McMahon): McMahon bar and floor, EGD GoR-style ratings. */
export class McMahonDto {
  @ApiProperty({ example: 2100 }) @IsNumber() bar: number;
  @ApiProperty({ example: 1800 }) @IsNumber() floor: number;
  @ApiPropertyOptional({ enum: MCMAHON_SEEDINGS, description: 'McMahon pairing: seeding inside a score group (default split-and-fold)' })
  @Omittable()
  @IsIn([...MCMAHON_SEEDINGS])
  seeding?: McMahonSeeding;
  @ApiPropertyOptional({ type: McMahonHandicapDto, description: 'McMahon pairing: handicap policy; absent = even games' })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => McMahonHandicapDto)
  handicap?: McMahonHandicapDto;
  @ApiPropertyOptional({ example: 2, description: 'McMahon pairing: avoid same-club games up to and including this round' })
  @Omittable()
  @IsInt()
  @Min(1)
  avoidSameClubUntilRound?: number;
  @ApiPropertyOptional({ example: 2, description: 'McMahon pairing: avoid same-country games up to and including this round' })
  @Omittable()
  @IsInt()
  @Min(1)
  avoidSameCountryUntilRound?: number;
  @ApiPropertyOptional({
    example: 3,
    description: 'McMahon pairing: a same club/country game is avoided up to this McMahon difference (OpenGotha group gap; default 3)',
  })
  @Omittable()
  @IsInt()
  @Min(0)
  geographyGap?: number;
}

/** Overrides of the discipline's default rules profile; nested values replace the default whole. */
export class ProfileOverridesDto {
  @ApiPropertyOptional({ example: 'wespa-hk' }) @Omittable() @IsString() @Length(1, 100) name?: string;
  @ApiPropertyOptional({ enum: ['required', 'optional', 'none'] }) @Omittable() @IsIn(['required', 'optional', 'none']) scores?:
    'required' | 'optional' | 'none';
  @ApiPropertyOptional({ type: PointsDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => PointsDto) points?: PointsDto;
  @ApiPropertyOptional({ type: ByeValueDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => ByeValueDto) bye?: ByeValueDto;
  @ApiPropertyOptional({ enum: [30, 60], description: 'chess-rapid: minutes a game (rapid rules 1); sets the rounds a day (rapid rules 23)' })
  @Omittable()
  @IsIn([30, 60])
  rapidMinutes?: 30 | 60;
  @ApiPropertyOptional({
    enum: ['baku'],
    description: 'chess-rapid with fide-dutch: accelerated pairings, the Baku Acceleration Method (FIDE C.04.5.1): virtual points for pairing only',
  })
  @Omittable()
  @IsIn(['baku'])
  acceleration?: 'baku';
  @ApiPropertyOptional({
    enum: ['half', 'full'],
    isArray: true,
    maxItems: 2,
    example: ['half'],
    description: 'chess-rapid: the byes worth points a player may request (TRF-16 H, F); default half and full; [] for zero-point only',
  })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(2)
  @ArrayUnique()
  @IsIn(['half', 'full'], { each: true })
  requestedByes?: ('half' | 'full')[];
  @ApiPropertyOptional({ example: 90, description: 'Go: basic time per player in minutes for every game (Ing rules 第七条 基时); linked games take it' })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(600)
  goBasicMinutes?: number;
  @ApiPropertyOptional({ example: 100 }) @Omittable() @IsNumber() forfeitSpread?: number;
  @ApiPropertyOptional({ example: 100 }) @Omittable() @IsNumber() doubleForfeitSpread?: number;
  @ApiPropertyOptional({ example: ['SPREAD'], description: 'Ordered, from the discipline catalogue' })
  @Omittable()
  @IsArray()
  @IsString({ each: true })
  tieBreaks?: string[];
  @ApiPropertyOptional({ enum: ['score', 'spread'] }) @Omittable() @IsIn(['score', 'spread']) penaltiesApplyTo?: 'score' | 'spread';
  @ApiPropertyOptional({ type: McMahonDto, description: 'Go: rank by McMahon score (initial score from the rating + wins)' })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => McMahonDto)
  mcmahon?: McMahonDto;
  @ApiPropertyOptional({ type: EgdEventDto, description: 'Go: the EGF class and place written in the EGD results table' })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => EgdEventDto)
  egd?: EgdEventDto;
}

/** The disciplines whose descriptor gives a default pairing system, with it (`chess-rapid: fide-dutch`). */
const DEFAULTS = DESCRIPTORS.flatMap((d) => (d.pairing.default ? [`${d.id}: ${d.pairing.default.join(', ')}`] : [])).join('; ');

export class CreateTournamentDto {
  @ApiProperty({ example: 'hk-open-2026', description: 'Chosen by the federation; the stream is `tournament-<id>`' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;

  @ApiProperty({ example: 'Hong Kong Scrabble Open 2026' })
  @IsString()
  @Length(1, 200)
  @IsPersonName()
  name: string;

  @ApiProperty({ enum: DISCIPLINES, example: 'scrabble' })
  @IsIn(DISCIPLINES)
  discipline: Discipline;

  @ApiPropertyOptional({ type: ProfileOverridesDto, description: 'Overrides of the discipline default profile (Scrabble: WESPA)' })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => ProfileOverridesDto)
  profile?: ProfileOverridesDto;

  @ApiPropertyOptional({ example: ['main'], description: 'Default: one division, "main"' })
  @Omittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  @IsPersonName({ each: true })
  divisions?: string[];

  @ApiPropertyOptional({ example: 7, minimum: 1 })
  @Omittable()
  @IsInt()
  @Min(1)
  @Max(1000)
  roundsPlanned?: number;

  @ApiPropertyOptional({
    enum: PAIRING_SYSTEMS,
    isArray: true,
    maxItems: PAIRING_SYSTEMS.length,
    example: ['australian-draw', 'king-of-the-hill'],
    description: `Omitted: the discipline default (${DEFAULTS}); other disciplines must name them`,
  })
  @Omittable()
  @IsArray()
  @ArrayMinSize(1)
  // Each system once at most (issue 32: the list had no size limit).
  @ArrayMaxSize(PAIRING_SYSTEMS.length)
  @ArrayUnique()
  @IsIn(PAIRING_SYSTEMS, { each: true })
  pairingSystems?: PairingSystem[];
}
