/** DTOs to start or import a Scrabble game (/v1/scrabble/games). */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GAME_ID, GAME_ID_MESSAGE, GameCommandDto, GameLinkDto, PlayerDto, SEATS, SeatedPlayers } from '../games/game.dto.js';
import { Omittable } from '../omittable.js';

export class ChallengePenaltyDto {
  @ApiProperty({ enum: ['lose-turn', 'points-per-word', 'none'], example: 'points-per-word' })
  @IsIn(['lose-turn', 'points-per-word', 'none'])
  kind: 'lose-turn' | 'points-per-word' | 'none';

  @ApiPropertyOptional({ example: 5 }) @Omittable() @IsInt() @Min(0) @Max(100) points?: number;

  @ApiPropertyOptional({ enum: ['challenger-deducted', 'player-bonus'], example: 'challenger-deducted' })
  @Omittable()
  @IsIn(['challenger-deducted', 'player-bonus'])
  appliedTo?: 'challenger-deducted' | 'player-bonus';
}

/** Overrides of the rules profile (every default from the WESPA seed). */
export class ProfileDto {
  @ApiPropertyOptional({ example: 1_500_000, description: 'Time per side (ms); seed 25 min' }) @Omittable() @IsInt() @Min(0) timePerSideMs?: number;
  @ApiPropertyOptional({ example: 10 }) @Omittable() @IsInt() @Min(0) overtimePenaltyPerMinute?: number;
  @ApiPropertyOptional({ example: 600_000 }) @Omittable() @IsInt() @Min(0) overtimeLimitMs?: number;
  @ApiPropertyOptional({ enum: ['game-ends-racks-deducted', 'overtime-player-forfeits'] })
  @Omittable()
  @IsIn(['game-ends-racks-deducted', 'overtime-player-forfeits'])
  overtimeLimitOutcome?: 'game-ends-racks-deducted' | 'overtime-player-forfeits';
  @ApiPropertyOptional({ example: 30_000 }) @Omittable() @IsInt() @Min(0) holdBeforeDrawMs?: number;
  @ApiPropertyOptional({ example: 180_000 }) @Omittable() @IsInt() @Min(0) holdMisconductMs?: number;
  @ApiPropertyOptional({ example: 7 }) @Omittable() @IsInt() @Min(0) exchangeMinBag?: number;
  @ApiPropertyOptional({ example: 6 }) @Omittable() @IsInt() @Min(0) scorelessTurnsToEnd?: number;
  @ApiPropertyOptional({ example: 2 }) @Omittable() @IsInt() @Min(0) goingOutMultiplier?: number;
  @ApiPropertyOptional({ example: 20 }) @Omittable() @IsInt() @Min(0) recountMarginBelow?: number;
  @ApiPropertyOptional({ example: 100 }) @Omittable() @IsInt() @Min(0) forfeitSpread?: number;
  @ApiPropertyOptional({ example: 900_000 }) @Omittable() @IsInt() @Min(0) lateArrivalOptionMs?: number;
  @ApiPropertyOptional({ type: ChallengePenaltyDto })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => ChallengePenaltyDto)
  challengePenalty?: ChallengePenaltyDto;
}

export class StartGameDto extends GameCommandDto {
  @ApiProperty({ example: 'hk-open-2026-r1-t1' })
  @Matches(GAME_ID, { message: GAME_ID_MESSAGE })
  id: string;

  @ApiProperty({
    type: [PlayerDto],
    description: 'Seat 0 then seat 1',
    example: [
      { id: 'chan-hok-hei', name: 'Chan Hok Hei' },
      { id: 'wong-wai-ho', name: 'Wong Wai Ho' },
    ],
  })
  @SeatedPlayers(2)
  players: PlayerDto[];

  @ApiProperty({ enum: SEATS, example: 0, description: 'The seat that plays first' }) @IsIn(SEATS) starter: 0 | 1;
  @ApiProperty({ enum: ['left', 'right'], example: 'right' }) @IsIn(['left', 'right']) clockSide: 'left' | 'right';
  @ApiProperty({ enum: SEATS, example: 1, description: 'Seed 開始前: the player going second chooses the side' }) @IsIn(SEATS) clockSideChosenBy: 0 | 1;
  @ApiProperty({ example: 100, description: 'Tiles counted by both players (seed: 100)' }) @IsInt() @Min(0) @Max(1000) tilesCounted: number;
  @ApiPropertyOptional({ example: false, description: 'Record tile letters (racks, bag) rather than counts only' })
  @Omittable()
  @IsBoolean()
  tracking?: boolean;
  @ApiPropertyOptional({ type: ProfileDto }) @Omittable() @IsObject() @ValidateNested() @Type(() => ProfileDto) profile?: ProfileDto;
  @ApiPropertyOptional({ type: GameLinkDto, description: "The tournament pairing this game is played for; its players must be the pairing's" })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => GameLinkDto)
  link?: GameLinkDto;
}

const GCG_EXAMPLE = '#player1 ann Ann\n#player2 bob Bob\n>ann: 8G QI +22 22\n>bob: H7 ZA +31 31\n';

export class ImportGcgDto {
  @ApiProperty({ example: 'club-2026-11-29-1' })
  @Matches(GAME_ID, { message: GAME_ID_MESSAGE })
  id: string;

  @ApiProperty({ example: GCG_EXAMPLE, description: 'GCG text (#player1/#player2 and move lines)' })
  @IsString()
  @Length(1, 200_000)
  gcg: string;

  @ApiPropertyOptional({ type: GameLinkDto })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => GameLinkDto)
  link?: GameLinkDto;
}
