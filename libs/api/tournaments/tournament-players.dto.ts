/** A tournament's players: registration (late entry too), withdrawal, absence and requested byes, pairings kept apart, penalties. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNumber, IsPositive, IsString, Length, Matches, Min } from 'class-validator';
import { Omittable } from '../omittable.js';
import { IsPersonName } from '../person-name.js';
import { acceptQuickly } from '../quick-accept.js';
import { ID_MESSAGE, ID_PATTERN, ID_SCHEMA } from './tournament-params.dto.js';

export class RegisterPlayerDto {
  @ApiProperty({ example: 'chan-hok-hei' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;

  @ApiProperty({ example: 'Chan Hok Hei' })
  @IsString()
  @Length(1, 200)
  @IsPersonName()
  name: string;

  @ApiPropertyOptional({ example: 'HK-0042' }) @Omittable() @IsString() @Length(1, 100) @IsPersonName() federationId?: string;
  @ApiPropertyOptional({ example: 1850 }) @Omittable() @IsNumber() rating?: number;
  @ApiPropertyOptional({ example: 'Kowloon Scrabble Club' }) @Omittable() @IsString() @Length(1, 200) @IsPersonName() club?: string;
  @ApiPropertyOptional({ example: 'HKG' }) @Omittable() @IsString() @Length(1, 100) @IsPersonName() country?: string;
  @ApiPropertyOptional({ example: 'Team A' }) @Omittable() @IsString() @Length(1, 100) @IsPersonName() team?: string;
  @ApiPropertyOptional({ example: 'main', description: 'Required when the tournament has several divisions' })
  @Omittable()
  @IsString()
  @Length(1, 100)
  division?: string;

  @ApiPropertyOptional({
    example: 3,
    description: 'Late entry: joins at this round (earlier rounds count as absent, not byes). Default: the next round to pair',
  })
  @Omittable()
  @IsInt()
  @Min(1)
  joinsAtRound?: number;
}

/** The rules above as a JSON Schema, for the commands' quick path (quick-accept.ts); a value it refuses goes through the class. */
const personName = (max: number) => ({ type: 'string', classLength: [1, max], format: 'person-name' });
acceptQuickly(
  RegisterPlayerDto,
  {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name'],
    properties: {
      id: ID_SCHEMA,
      name: personName(200),
      federationId: personName(100),
      rating: { type: 'number' },
      club: personName(200),
      country: personName(100),
      team: personName(100),
      division: { type: 'string', classLength: [1, 100] },
      joinsAtRound: { type: 'integer', minimum: 1 },
    },
  },
  ['name', 'federationId', 'club', 'country', 'team'],
);

export class WithdrawalDto {
  @ApiProperty({ example: 4, description: 'First round the player no longer plays (not yet paired)' })
  @IsInt()
  @Min(1)
  fromRound: number;

  @ApiPropertyOptional({ example: 'illness' }) @Omittable() @IsString() @Length(1, 1000) reason?: string;
}

export class AbsenceDto {
  @ApiProperty({ example: 3, description: 'A round not yet paired' })
  @IsInt()
  @Min(1)
  round: number;

  @ApiPropertyOptional({ example: 'family event' }) @Omittable() @IsString() @Length(1, 1000) reason?: string;

  @ApiPropertyOptional({
    enum: ['zero', 'half', 'full'],
    example: 'half',
    description:
      'A bye requested in advance: zero (TRF-16 Z), half (H: a draw’s points) or full (F: a win’s points), as the profile’s requestedByes offer; omitted: an absence scoring nothing',
  })
  @Omittable()
  @IsIn(['zero', 'half', 'full'])
  bye?: 'zero' | 'half' | 'full';
}

export class ForbiddenPairingDto {
  @ApiProperty({ example: 'wong-siu-ki' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) a: string;
  @ApiProperty({ example: 'wong-wai-ho' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) b: string;
  @ApiProperty({ example: 'siblings' }) @IsString() @Length(1, 1000) reason: string;
}

export class PenaltyDto {
  @ApiProperty({ example: 'lee-kwan-yee' }) @Matches(ID_PATTERN, { message: ID_MESSAGE }) player: string;
  @ApiProperty({ example: 10, description: 'Points deducted (Scrabble: off the spread)' }) @IsNumber() @IsPositive() points: number;
  @ApiProperty({ example: 'mobile phone rang' }) @IsString() @Length(1, 1000) reason: string;
  @ApiProperty({ example: 'ledger-2026-11-29-01', description: 'Penalty ledger reference' }) @IsString() @Length(1, 200) ref: string;
  @ApiPropertyOptional({ example: 2, description: 'Round the penalty belongs to (default: the last paired round)' })
  @Omittable()
  @IsInt()
  @Min(1)
  round?: number;
}
