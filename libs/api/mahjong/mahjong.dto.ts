/** Bodies of the mahjong table endpoints (unknown fields refused; every command body may carry `at`, and no clock reading: a table has no clock). Tiles: 1m–9s, E S W N, Wd Gd Rd. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GAME_ID, GAME_ID_MESSAGE, GameLinkDto, ObservedTimeDto, PlayerDto, ReadQuery, SeatedPlayers } from '../games/game.dto.js';
import { Omittable, OnlyWhen } from '../omittable.js';

export const MJ_SEATS = [0, 1, 2, 3] as const;
export type MjSeat = (typeof MJ_SEATS)[number];
const WINDS = ['E', 'S', 'W', 'N'] as const;
const TILE = /^([1-9][mps]|[ESWN]|Wd|Gd|Rd)$/;
const TILE_MESSAGE = '$property must be tiles: 1m–9m, 1p–9p, 1s–9s, E, S, W, N, Wd, Gd, Rd';
const seat = (description: string) => ApiProperty({ enum: MJ_SEATS, example: 0, description });

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
  @ValidateNested()
  @Type(() => GameLinkDto)
  link?: GameLinkDto;
}

export class MahjongSeatDto extends ObservedTimeDto {
  @seat('The seat (a player token acts only for its own)') @IsIn(MJ_SEATS) seat: MjSeat;
}

export class DiceDto {
  @ApiProperty({ enum: MJ_SEATS, description: 'Who threw first' }) @IsIn(MJ_SEATS) thrower: MjSeat;
  @ApiProperty({ type: 'integer', isArray: true, example: [3, 4] }) @IsArray() @IsInt({ each: true }) first: number[];
  @ApiProperty({ type: 'integer', isArray: true, example: [2, 3] }) @IsArray() @IsInt({ each: true }) second: number[];
}

export class DrawSeatsDto extends ObservedTimeDto {
  @ApiProperty({ example: 1, description: 'The round this seating is for (1, then 2 after 換位)' }) @IsInt() @Min(1) @Max(10) round: number;
  @ApiProperty({ enum: WINDS, isArray: true, example: ['E', 'S', 'W', 'N'], description: 'The wind tile seat 0, 1, 2, 3 drew' })
  @IsArray()
  @IsIn(WINDS, { each: true })
  winds: ('E' | 'S' | 'W' | 'N')[];
  @ApiPropertyOptional({ type: DiceDto }) @Omittable() @ValidateNested() @Type(() => DiceDto) dice?: DiceDto;
}

export class DealDto extends ObservedTimeDto {
  @ApiProperty({ type: 'integer', isArray: true, example: [3, 3], description: "The dealer's throw: counts the opener (開門人) from the dealer" })
  @IsArray()
  @IsInt({ each: true })
  dealerDice: number[];
  @ApiProperty({ type: 'integer', isArray: true, example: [4, 5], description: "The opener's throw: with the dealer's, the 開門數" })
  @IsArray()
  @IsInt({ each: true })
  openerDice: number[];
}

export class SubstituteDto extends ObservedTimeDto {
  @seat('The empty seat') @IsIn(MJ_SEATS) seat: MjSeat;
  @ApiProperty({ type: PlayerDto }) @IsObject() @ValidateNested() @Type(() => PlayerDto) substitute: PlayerDto;
  @ApiProperty({ enum: ['substitute', 'eliminated-player'], example: 'substitute' }) @IsIn(['substitute', 'eliminated-player']) kind:
    'substitute' | 'eliminated-player';
  @ApiProperty({ example: 'absent at the start' }) @IsString() @Length(1, 500) reason: string;
}

export class DiscardDto extends MahjongSeatDto {
  @ApiProperty({ example: '3s' }) @Matches(TILE, { message: TILE_MESSAGE }) tile: string;
}

export class ClaimDto extends MahjongSeatDto {
  @ApiProperty({ enum: ['chow', 'pung', 'kong'], example: 'pung' }) @IsIn(['chow', 'pung', 'kong']) kind: 'chow' | 'pung' | 'kong';
  @ApiProperty({ example: ['3s', '3s', '3s'] }) @IsArray() @ArrayMaxSize(4) @Matches(TILE, { each: true, message: TILE_MESSAGE }) tiles: string[];
}

export class ConflictClaimDto {
  @seat('A claimant') @IsIn(MJ_SEATS) seat: MjSeat;
  @ApiProperty({ enum: ['win', 'pung', 'kong', 'chow'] }) @IsIn(['win', 'pung', 'kong', 'chow']) kind: 'win' | 'pung' | 'kong' | 'chow';
}

export class ClaimConflictDto extends ObservedTimeDto {
  @seat('Who discarded the claimed tile') @IsIn(MJ_SEATS) discarder: MjSeat;
  @ApiProperty({
    type: [ConflictClaimDto],
    example: [
      { seat: 1, kind: 'win' },
      { seat: 2, kind: 'win' },
    ],
  })
  @IsArray()
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => ConflictClaimDto)
  claims: ConflictClaimDto[];
}

export class ExposedSetDto {
  @ApiProperty({ enum: ['chow', 'pung', 'kong'] }) @IsIn(['chow', 'pung', 'kong']) kind: 'chow' | 'pung' | 'kong';
  @ApiProperty({ example: ['Rd', 'Rd', 'Rd'] }) @IsArray() @ArrayMaxSize(4) @Matches(TILE, { each: true, message: TILE_MESSAGE }) tiles: string[];
  @ApiPropertyOptional() @Omittable() @IsBoolean() concealedKong?: boolean;
  @ApiPropertyOptional({ enum: ['left', 'across', 'right'] }) @Omittable() @IsIn(['left', 'across', 'right']) claimedFrom?: 'left' | 'across' | 'right';
}

export class GivenHandDto {
  @ApiProperty({ description: 'Concealed tiles including the winning tile' })
  @IsArray()
  @ArrayMaxSize(18)
  @Matches(TILE, { each: true, message: TILE_MESSAGE })
  concealed: string[];
  @ApiProperty({ type: [ExposedSetDto] }) @IsArray() @ArrayMaxSize(4) @ValidateNested({ each: true }) @Type(() => ExposedSetDto) exposed: ExposedSetDto[];
  @ApiProperty({ example: '5p' }) @Matches(TILE, { message: TILE_MESSAGE }) winningTile: string;
  @ApiPropertyOptional() @Omittable() @IsBoolean() kongReplacement?: boolean;
}

export class OutcomeDto {
  @ApiProperty({ enum: ['win', 'drawn'], example: 'win' }) @IsIn(['win', 'drawn']) kind: 'win' | 'drawn';
  @ApiPropertyOptional({ enum: MJ_SEATS, example: 0 }) @OnlyWhen((o: OutcomeDto) => o.kind === 'win', 'when kind is win') @IsIn(MJ_SEATS) winner?: MjSeat;
  @ApiPropertyOptional({ enum: ['self-draw', 'discard', 'robbing-kong'], example: 'discard' })
  @OnlyWhen((o: OutcomeDto) => o.kind === 'win', 'when kind is win')
  @IsIn(['self-draw', 'discard', 'robbing-kong'])
  by?: 'self-draw' | 'discard' | 'robbing-kong';
  @ApiPropertyOptional({ enum: MJ_SEATS, example: 2, description: 'The discarder, or the konger robbed' }) @Omittable() @IsIn(MJ_SEATS) from?: MjSeat;
  @ApiPropertyOptional({ description: 'Won on the last tile (海底 / 河底)' }) @Omittable() @IsBoolean() lastTile?: boolean;
  @ApiPropertyOptional({ example: ['2.1.1', '4.1'], description: 'Claimed scoring elements by catalogue code (a per-set code repeats per set)' })
  @OnlyWhen((o: OutcomeDto) => o.kind === 'win', 'when kind is win')
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @Length(1, 10, { each: true })
  elements?: string[];
  @ApiPropertyOptional({
    example: '3s',
    description: 'The tile won on; a robbing-the-kong win (搶槓) on a hand whose discards are recorded names the kong tile, so 跟張免責 can be checked',
  })
  @Omittable()
  @Matches(TILE, { message: TILE_MESSAGE })
  winningTile?: string;
  @ApiPropertyOptional({ type: GivenHandDto }) @Omittable() @ValidateNested() @Type(() => GivenHandDto) hand?: GivenHandDto;
  @ApiPropertyOptional({ enum: MJ_SEATS, description: '跟張免責 facts: who first discarded the winning tile in that go-around' })
  @Omittable()
  @IsIn(MJ_SEATS)
  firstDiscarder?: MjSeat;
}

export class RecordHandDto extends ObservedTimeDto {
  @ApiProperty({ example: 1, description: 'The hand being played (1–8)' }) @IsInt() @Min(1) @Max(100) hand: number;
  @ApiProperty({ type: OutcomeDto }) @IsObject() @ValidateNested() @Type(() => OutcomeDto) outcome: OutcomeDto;
}

export class ConfirmHandDto extends MahjongSeatDto {
  @ApiProperty({ example: 1 }) @IsInt() @Min(1) @Max(100) hand: number;
}

export class CorrectHandDto extends RecordHandDto {
  @ApiProperty({ example: 'points miscounted' }) @IsString() @Length(1, 500) reason: string;
}

export class ScoreFlagRulingDto extends ObservedTimeDto {
  @ApiProperty({ example: 1 }) @IsInt() @Min(1) @Max(100) hand: number;
  @ApiProperty({ enum: ['claimed', 'computed'] }) @IsIn(['claimed', 'computed']) accept: 'claimed' | 'computed';
  @ApiPropertyOptional() @Omittable() @IsString() @Length(1, 500) note?: string;
}

export class ChiefRulingDto extends CorrectHandDto {
  @ApiProperty({ enum: ['dispute', 'appeal'] }) @IsIn(['dispute', 'appeal']) ground: 'dispute' | 'appeal';
  @ApiProperty({ example: 'dispute-7', description: 'The formal dispute or the appeal decided' }) @IsString() @Length(1, 200) reference: string;
}

export class ExposeTilesDto extends MahjongSeatDto {
  @ApiProperty({ example: ['5p'] }) @IsArray() @ArrayMaxSize(14) @Matches(TILE, { each: true, message: TILE_MESSAGE }) tiles: string[];
  @ApiPropertyOptional({ description: 'Exposed while arranging the deal (罰張 6: one tile free)' }) @Omittable() @IsBoolean() duringDeal?: boolean;
}

export class WrongCountDto extends MahjongSeatDto {
  @ApiProperty({ enum: ['short', 'long'], description: '小相公 short, 大相公 long' }) @IsIn(['short', 'long']) count: 'short' | 'long';
}

const VARIANTS = [
  'mistaken-claim',
  'change-of-claim',
  'empty-claim',
  'empty-kong',
  'wrong-set',
  'wrong-set-after-kong',
  'false-win',
  'empty-win-call',
] as const;

export class WrongClaimDto extends MahjongSeatDto {
  @ApiProperty({ enum: VARIANTS, example: 'empty-claim', description: '錯鳴 1–7' }) @IsIn(VARIANTS) variant: (typeof VARIANTS)[number];
  @ApiPropertyOptional({ example: ['5p', '7s'] })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(14)
  @Matches(TILE, { each: true, message: TILE_MESSAGE })
  tiles?: string[];
  @ApiPropertyOptional({ description: 'The referee’s deduction when too frequent (過頻)' }) @Omittable() @IsInt() @Min(1) @Max(1000) points?: number;
  @ApiPropertyOptional({ description: '空和: concealed tiles left, when fewer than three' }) @Omittable() @IsInt() @Min(0) @Max(14) concealedLeft?: number;
}

export class TurnDto {
  @ApiProperty({ example: 40_000, description: 'How long the turn took (ms)' }) @IsInt() @Min(0) @Max(3_600_000) ms: number;
  @ApiPropertyOptional({ example: 0, description: 'When it started after the deal (ms): the first 15 s are not counted' })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  sinceDealMs?: number;
}

export class TurnTimeDto extends MahjongSeatDto {
  @ApiProperty({ type: [TurnDto] }) @IsArray() @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => TurnDto) turns: TurnDto[];
}

export class SevereOvertimeDto extends MahjongSeatDto {
  @ApiProperty() @IsBoolean() accepted: boolean;
  @ApiProperty({ example: 'none given' }) @IsString() @Length(1, 500) explanation: string;
}

export class LateRulingDto {
  @ApiProperty({ enum: ['absent', 'deduction'] }) @IsIn(['absent', 'deduction']) kind: 'absent' | 'deduction';
  @ApiPropertyOptional() @OnlyWhen((o: LateRulingDto) => o.kind === 'deduction', 'when kind is deduction') @IsInt() @Min(1) @Max(10_000) points?: number;
}

export class TimeOutDto extends MahjongSeatDto {
  @ApiProperty({ enum: ['time-out', 'late', 'medical', 'left-table'] }) @IsIn(['time-out', 'late', 'medical', 'left-table']) kind:
    'time-out' | 'late' | 'medical' | 'left-table';
  @ApiProperty({ example: 45_000 }) @IsInt() @Min(1) @Max(86_400_000) ms: number;
  @ApiPropertyOptional({ description: 'A medical certificate handed in before the contest' }) @Omittable() @IsBoolean() certificate?: boolean;
  @ApiPropertyOptional({ type: LateRulingDto }) @Omittable() @ValidateNested() @Type(() => LateRulingDto) lateRuling?: LateRulingDto;
}

const OFFENCES = ['phone', 'refused-interview', 'collusion', 'voluntary-withdrawal', 'other'] as const;

export class ConductDto extends MahjongSeatDto {
  @ApiProperty({ enum: OFFENCES, example: 'phone' }) @IsIn(OFFENCES) offence: (typeof OFFENCES)[number];
  @ApiPropertyOptional({ example: 10 }) @Omittable() @IsInt() @Min(1) @Max(10_000) points?: number;
  @ApiProperty({ example: 'phone rang during hand 3' }) @IsString() @Length(1, 500) note: string;
}

/** `GET /v1/tables/:id/scorecard?format=`: JSON (the default) or CSV (also by `Accept: text/csv`). */
export class ScorecardQuery extends ReadQuery {
  @ApiPropertyOptional({ enum: ['json', 'csv'], example: 'csv', description: 'csv: the card as CSV (also chosen by Accept: text/csv)' })
  @Omittable()
  @IsIn(['json', 'csv'])
  format?: 'json' | 'csv';
}
