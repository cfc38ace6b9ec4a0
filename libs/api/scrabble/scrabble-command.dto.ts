/** Bodies of the Scrabble game commands (each documented, each property validated). */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
  IsDefined,
} from 'class-validator';
import { Omittable, OnlyWhen } from '../omittable.js';
import { GameCommandDto, SEATS } from '../games/game.dto.js';

const TILE = /^[A-Za-z?]$/;
const TILE_MESSAGE = 'each tile is one letter A–Z or ? (blank)';
const INCIDENT_KINDS = ['left-playing-area', 'cheating-complaint', 'td-warning', 'td-penalty', 'fast-draw', 'tile-tracking-before-draw', 'other'] as const;

export class SeatCommandDto extends GameCommandDto {
  @ApiProperty({ enum: SEATS, example: 1, description: 'The seat acting (a player token may act only for its own seat)' })
  @IsIn(SEATS)
  seat: 0 | 1;
}

export class ArrivalDto extends SeatCommandDto {
  @ApiProperty({
    enum: ['play', 'forfeit'],
    example: 'play',
    description:
      'Seed 缺席: with ≤ 15 min left the late player may play on or forfeit; with no time left the forfeit is recorded whatever is chosen (如果時間已過，你必須放棄棋局)',
  })
  @IsIn(['play', 'forfeit'])
  choice: 'play' | 'forfeit';
}

export class DrawDto extends SeatCommandDto {
  @ApiPropertyOptional({ example: 7, description: 'Tiles drawn (score-only games)' }) @Omittable() @IsInt() @Min(1) @Max(7) count?: number;
  @ApiPropertyOptional({ example: ['A', 'E', 'I', 'N', 'R', 'S', 'T'], description: 'Tiles drawn (tracked games)' })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(7)
  @Matches(TILE, { each: true, message: TILE_MESSAGE })
  tiles?: string[];
}

export class OverdrawDto extends SeatCommandDto {
  @ApiProperty({ example: 3, description: 'Tiles drawn in the overdraw' }) @IsInt() @Min(1) @Max(100) drawnCount: number;
  @ApiPropertyOptional({ example: ['A', 'B', 'C'], description: 'Tracked games: the tiles drawn' })
  @Omittable()
  @IsArray()
  @Matches(TILE, { each: true, message: TILE_MESSAGE })
  drawn?: string[];
  @ApiPropertyOptional({ example: 3, description: 'x+2 tiles shown face down (count); or give `shown`' })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(100)
  shownCount?: number;
  @ApiPropertyOptional({ example: ['A', 'B', 'C'] }) @Omittable() @IsArray() @Matches(TILE, { each: true, message: TILE_MESSAGE }) shown?: string[];
  @ApiPropertyOptional({ example: 1, description: 'x tiles returned to the bag (count); or give `returned`' })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(100)
  returnedCount?: number;
  @ApiPropertyOptional({ example: ['B'] }) @Omittable() @IsArray() @Matches(TILE, { each: true, message: TILE_MESSAGE }) returned?: string[];
}

export class PlacementDto {
  @ApiProperty({ example: 7, minimum: 0, maximum: 14 }) @IsInt() @Min(0) @Max(14) row: number;
  @ApiProperty({ example: 6, minimum: 0, maximum: 14 }) @IsInt() @Min(0) @Max(14) col: number;
  @ApiProperty({ example: 'Q', description: 'The letter shown (for a blank: the letter it stands for)' })
  @Matches(/^[A-Za-z]$/, { message: 'letter is one letter A–Z' })
  letter: string;
  @ApiPropertyOptional({ example: false }) @Omittable() @IsBoolean() blank?: boolean;
}

/** A play (by GCG coordinate and word, or by placed tiles), an exchange, or a pass. */
export class MoveDto {
  @ApiProperty({ enum: ['play', 'exchange', 'pass'], example: 'play' }) @IsIn(['play', 'exchange', 'pass']) kind: 'play' | 'exchange' | 'pass';

  @ApiPropertyOptional({ example: '8G', description: 'Play: GCG coordinate ("8G" across, "G8" down); with `word`' })
  @OnlyWhen((o: MoveDto) => o.kind === 'play' && o.placements === undefined, 'when kind is play without placements')
  @Matches(/^(\d{1,2}[A-Oa-o]|[A-Oa-o]\d{1,2})$/, { message: 'coordinate is like 8G (across) or G8 (down)' })
  coordinate?: string;

  @ApiPropertyOptional({ example: 'QI', description: 'Play: the word as in GCG ("." = tile already on the board, lower case = blank)' })
  @OnlyWhen((o: MoveDto) => o.kind === 'play' && o.placements === undefined, 'when kind is play without placements')
  @Matches(/^[A-Za-z.]{1,15}$/, { message: 'word is 1–15 letters, "." for a tile already on the board' })
  word?: string;

  @ApiPropertyOptional({ type: [PlacementDto], description: 'Play: the tiles placed (instead of coordinate and word)' })
  @Omittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(7)
  @ValidateNested({ each: true })
  @Type(() => PlacementDto)
  placements?: PlacementDto[];

  @ApiPropertyOptional({ example: 3, description: 'Exchange: the announced count' })
  @OnlyWhen((o: MoveDto) => o.kind === 'exchange' && o.tiles === undefined, 'when kind is exchange without tiles')
  @IsInt()
  @Min(1)
  @Max(7)
  count?: number;

  @ApiPropertyOptional({ example: ['U', 'U', 'V'], description: 'Exchange in a tracked game: the tiles put back' })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(7)
  @Matches(TILE, { each: true, message: TILE_MESSAGE })
  tiles?: string[];
}

export class MoveCommandDto extends SeatCommandDto {
  @ApiProperty({ type: MoveDto }) @IsDefined() @ValidateNested() @Type(() => MoveDto) move: MoveDto;
  @ApiPropertyOptional({ example: 22, description: 'Required for a play (seed 出棋次序: announce the score)' })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(2000)
  announcedScore?: number;
  @ApiPropertyOptional({
    example: true,
    default: true,
    description:
      'true (default): the move is announced and the clock pressed (final). false: announced only; it may change until /clock/presses (seed 完成一步)',
  })
  @Omittable()
  @IsBoolean()
  pressClock?: boolean;
}

export class ChallengeDto extends SeatCommandDto {
  @ApiProperty({ example: ['QI'], description: 'Every challenged word (seed Challenge)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(15)
  @Matches(/^[A-Za-z]{2,15}$/, { each: true, message: 'each word is 2–15 letters' })
  words: string[];
}

export class ProposalDto {
  @ApiProperty({ example: 'QI' }) @Matches(/^[A-Za-z]{2,15}$/, { message: 'word is 2–15 letters' }) word: string;
  @ApiPropertyOptional({ type: 'boolean', example: true, nullable: true, description: 'null: the word source cannot say' }) @IsOptional() @IsBoolean() valid?:
    boolean | null;
}

export class ProposalsDto extends GameCommandDto {
  @ApiProperty({ example: 'CSW24 (printed)', description: 'The word source consulted' }) @IsString() @Length(1, 200) lexicon: string;
  @ApiProperty({ type: [ProposalDto] }) @IsArray() @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => ProposalDto) proposals: ProposalDto[];
}

export class VerdictDto {
  @ApiProperty({ example: 'QI' }) @Matches(/^[A-Za-z]{2,15}$/, { message: 'word is 2–15 letters' }) word: string;
  @ApiProperty({ example: true }) @IsBoolean() valid: boolean;
}

export class VerdictsDto extends GameCommandDto {
  @ApiProperty({ type: [VerdictDto], description: 'One verdict per challenged word' })
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => VerdictDto)
  verdicts: VerdictDto[];
}

export class ReannounceDto extends SeatCommandDto {
  @ApiProperty({ example: 22, description: 'Seed Challenge: the score said again before the clock restarts' }) @IsInt() @Min(0) @Max(2000) score: number;
}

export class LateChallengeDto extends GameCommandDto {
  @ApiProperty({ example: 4, description: 'The accepted play the TD lets the opponent challenge' }) @IsInt() @Min(1) turn: number;
  @ApiProperty({ example: 'replacement tiles drawn too fast' }) @IsString() @Length(1, 500) reason: string;
}

export class PauseDto extends GameCommandDto {
  @ApiProperty({
    example: 'score-dispute',
    description: 'Seed 計時器: score-dispute, tile-count, overdraw or td-call (a challenge pauses by itself); anything else is refused with the list',
  })
  @IsString()
  @Length(1, 100)
  reason: string;
}

export class ReasonDto extends GameCommandDto {
  @ApiProperty({ example: 'dispute over a blank' }) @IsString() @Length(1, 500) reason: string;
}

export class ExtraTimeDto extends SeatCommandDto {
  @ApiProperty({ example: 60_000 }) @IsInt() @Min(1) @Max(3_600_000) ms: number;
  @ApiProperty({ example: 'opponent tracked tiles before drawing' }) @IsString() @Length(1, 500) reason: string;
}

export class SwitchClockDto extends GameCommandDto {
  @ApiProperty({ enum: SEATS, example: 0 }) @IsIn(SEATS) to: 0 | 1;
  @ApiProperty({ enum: ['blank-not-recorded', 'blank-recorded'], example: 'blank-not-recorded' })
  @IsIn(['blank-not-recorded', 'blank-recorded'])
  reason: 'blank-not-recorded' | 'blank-recorded';
}

export class EndRackDto {
  @ApiProperty({ enum: SEATS, example: 1 }) @IsIn(SEATS) seat: 0 | 1;
  @ApiProperty({ example: 'AEI', description: 'The tiles left on that seat\'s rack ("" for none)' })
  @Matches(/^[A-Za-z?]{0,7}$/, { message: 'rack is 0–7 tiles A–Z or ?' })
  rack: string;
}

export class EndRacksDto extends GameCommandDto {
  @ApiProperty({ type: [EndRackDto], description: 'The racks left at the end (both after six zeros or the overtime limit)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => EndRackDto)
  racks: EndRackDto[];
}

export class TimePenaltyDto extends SeatCommandDto {
  @ApiProperty({ example: 10 }) @IsInt() @Min(1) @Max(1000) points: number;
}

export class ScoreCorrectionDto extends GameCommandDto {
  @ApiProperty({ example: 3 }) @IsInt() @Min(1) turn: number;
  @ApiProperty({ example: 24 }) @IsInt() @Min(0) @Max(2000) score: number;
  @ApiProperty({ type: 'integer', isArray: true, example: [0, 1], description: 'Seed 分數: both players agree' })
  @IsArray()
  @ArrayMaxSize(2)
  @IsIn(SEATS, { each: true })
  agreedBy: (0 | 1)[];
}

export class TurnScoreDto {
  @ApiProperty({ example: 3 }) @IsInt() @Min(1) turn: number;
  @ApiProperty({ example: 24 }) @IsInt() @Min(0) @Max(2000) score: number;
}

export class RecountCompletionDto extends GameCommandDto {
  @ApiProperty({ type: [TurnScoreDto] }) @IsArray() @ValidateNested({ each: true }) @Type(() => TurnScoreDto) corrections: TurnScoreDto[];
}

export class SignatureWithdrawalDto extends SeatCommandDto {
  @ApiProperty({ example: 'turn 3 was scored 22, should be 24', description: 'Why the signature is withdrawn (recorded with who withdrew it)' })
  @IsString()
  @Length(1, 500)
  reason: string;
}

export class ReversedScoresDto extends GameCommandDto {
  @ApiProperty({ example: 'TD ruling 2026-11-29 #3: scores entered reversed', description: 'The TD decision consenting to the reversal' })
  @IsString()
  @Length(1, 500)
  tdDecision: string;
  @ApiProperty({
    type: 'integer',
    isArray: true,
    example: [0, 1],
    description: 'Seed 分數 (除非雙方因分數顛倒而獲比賽總監同意更改): the players who ask for the reversal; both seats are required',
  })
  @IsArray()
  @ArrayMaxSize(2)
  @IsIn(SEATS, { each: true })
  agreedBy: (0 | 1)[];
}

export class IncidentDto extends GameCommandDto {
  @ApiProperty({ enum: INCIDENT_KINDS, example: 'td-warning' }) @IsIn(INCIDENT_KINDS) kind: (typeof INCIDENT_KINDS)[number];
  @ApiPropertyOptional({ enum: SEATS, nullable: true, example: 1, description: 'The seat concerned (null/absent: none)' }) @IsOptional() @IsIn(SEATS) seat?:
    0 | 1 | null;
  @ApiProperty({ example: 'left the playing area without permission' }) @IsString() @Length(1, 2000) description: string;
  @ApiPropertyOptional({ example: 10, description: 'td-penalty only' }) @Omittable() @IsInt() @Min(0) @Max(1000) points?: number;
}
