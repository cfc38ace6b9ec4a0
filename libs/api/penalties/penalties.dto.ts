import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsObject, IsPositive, IsString, Length, Matches, Min, ValidateNested } from 'class-validator';
import { PENALTY_KINDS, type PenaltyKind } from '../../domain/penalties/index.js';
import { Omittable, OnlyWhen } from '../omittable.js';
import { ID_PATTERN, ReadQuery } from '../tournaments/tournament-params.dto.js';

const ID_MESSAGE = '$property must be 1–100 letters, digits, dots, underscores or hyphens';
const AUTHORITIES = ['correction', 'chief-arbiter', 'appeal'] as const;

export class PenaltyTargetDto {
  @ApiProperty({ example: 'lee-kwan-yee' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) player: string;
  @ApiPropertyOptional({ example: 3, description: 'Default: the last paired round of the player’s division' }) @Omittable() @IsInt() @Min(1) round?: number;
  @ApiPropertyOptional({ example: 4 }) @Omittable() @IsInt() @Min(1) table?: number;
  @ApiPropertyOptional({ example: 'game-17' }) @Omittable() @Matches(ID_PATTERN, { message: ID_MESSAGE }) game?: string;
}

export class RuleCitedDto {
  @ApiPropertyOptional({ example: 'wmc', description: 'The rules profile; must be the tournament’s' })
  @Omittable()
  @IsString()
  @Length(1, 100)
  profile?: string;
  @ApiProperty({ example: '行為守則 罰則 警告' }) @IsString() @Length(1, 200) section: string;
}

export class IssuePenaltyDto {
  @ApiProperty({ example: 'wmc-2026-r3-t4-01', description: 'Unique in the tournament’s ledger' }) @IsString() @Length(1, 200) penaltyId: string;
  @ApiProperty({ type: PenaltyTargetDto }) @IsObject() @ValidateNested() @Type(() => PenaltyTargetDto) target: PenaltyTargetDto;
  @ApiProperty({
    example: 'no-call-announcement',
    description:
      'Offence code: a warning for a repeat of the same code by the same player escalates where the profile says (mahjong: any offence; rapid chess: rule-2 and rule-5 only, 第21條(3))',
  })
  @IsString()
  @Length(1, 64)
  offence: string;
  @ApiProperty({ enum: PENALTY_KINDS, example: 'warning' }) @IsIn(PENALTY_KINDS) kind: PenaltyKind;
  @ApiPropertyOptional({ example: 5, description: 'points, time-to-opponent (seconds) and penalty-tiles only' })
  @Omittable()
  @IsNumber()
  @IsPositive()
  amount?: number;
  @ApiPropertyOptional({ type: RuleCitedDto, description: 'Default: the section the discipline’s penalty profile cites for the kind' })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => RuleCitedDto)
  rule?: RuleCitedDto;
  @ApiProperty({ example: 'claimed a pung without calling' }) @IsString() @Length(1, 1000) reason: string;
}

export class AuthorityDto {
  @ApiProperty({ enum: AUTHORITIES, example: 'chief-arbiter' }) @IsIn(AUTHORITIES) kind: (typeof AUTHORITIES)[number];
  @ApiPropertyOptional({ example: 'appeal-12', description: 'The appeal whose decision this is' })
  @OnlyWhen((o: AuthorityDto) => o.kind === 'appeal', 'when kind is appeal')
  @IsString()
  @Length(1, 200)
  appealId?: string;
}

export class CancelPenaltyDto {
  @ApiProperty({ example: 'the wrong player was named' }) @IsString() @Length(1, 1000) reason: string;
  @ApiProperty({ type: AuthorityDto }) @IsObject() @ValidateNested() @Type(() => AuthorityDto) authority: AuthorityDto;
}

export class ReducePenaltyDto extends CancelPenaltyDto {
  @ApiProperty({ example: 5, description: 'The new, lower amount' }) @IsNumber() @IsPositive() amount: number;
}

export class LedgerParams {
  @ApiProperty({ example: 'wmc-open-2026' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) id: string;
}

export class PenaltyParams extends LedgerParams {
  @ApiProperty({ example: 'wmc-2026-r3-t4-01' }) @IsString() @Length(1, 200) penaltyId: string;
}

export class LedgerPlayerParams extends LedgerParams {
  @ApiProperty({ example: 'lee-kwan-yee' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) playerId: string;
}

export class ReportQuery extends ReadQuery {
  @ApiPropertyOptional({ example: 'mahjong' }) @Omittable() @IsString() @Length(1, 50) discipline?: string;
}
