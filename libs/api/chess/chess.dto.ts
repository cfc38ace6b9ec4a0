/** Bodies of the rapid-chess endpoints (unknown fields refused; every command body may carry `at` and `clockReading`). */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { GAME_ID, GAME_ID_MESSAGE, GameCommandDto, GameLinkDto, PlayerDto, SeatedPlayers } from '../games/game.dto.js';
import { Omittable } from '../omittable.js';

const SEATS = [0, 1] as const;
const BREACHES = ['rule-2', 'rule-5', 'rule-7', 'rule-8', 'rule-17', 'rule-18', 'fide-15.1', 'ambiguous-move'] as const;

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
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
  @ApiPropertyOptional({ description: 'A set-up position (FEN) for a resumed game' }) @Omittable() @IsString() @Length(10, 100) startFen?: string;
}

export class ImportPgnDto {
  @ApiProperty({ example: 'opera-1858' }) @Matches(GAME_ID, { message: GAME_ID_MESSAGE }) id: string;
  @ApiProperty({ description: 'One game in PGN; [%clk] comments are read as clock readings' }) @IsString() @Length(1, 200_000) pgn: string;
  @ApiProperty({ type: [PlayerDto], description: 'The players as ids (White, Black); the PGN gives only names' })
  @SeatedPlayers(2)
  players: PlayerDto[];
  @ApiPropertyOptional({ type: GameLinkDto }) @Omittable() @ValidateNested() @Type(() => GameLinkDto) link?: GameLinkDto;
}

export class ChessSeatDto extends GameCommandDto {
  @ApiProperty({ enum: SEATS, example: 0, description: '0 White, 1 Black (a player token acts only for its own seat)' }) @IsIn(SEATS) seat: 0 | 1;
}

export class ChessMoveDto extends ChessSeatDto {
  @ApiProperty({ example: 'Nf3', description: 'SAN (Nf3, O-O, e8=Q) or UCI (g1f3)' }) @IsString() @Length(2, 10) move: string;
}

export class DrawClaimDto extends ChessSeatDto {
  @ApiProperty({
    enum: ['repetition', 'fifty-moves'],
    description: 'FIDE Laws 9.2 (a threefold repetition on the board) or 9.3; a perpetual check is ruled by the arbiter (rapid rules 12(1))',
  })
  @IsIn(['repetition', 'fifty-moves'])
  reason: 'repetition' | 'fifty-moves';
}

export class DrawRulingDto extends GameCommandDto {
  @ApiProperty({ enum: SEATS }) @IsIn(SEATS) claimant: 0 | 1;
  @ApiProperty({
    enum: ['perpetual', 'no-winning-chances', 'time-trouble'],
    description: 'Rapid rules 12(1) (a perpetual check or forced repetition demonstrated), 12(2) or 11 (另外)',
  })
  @IsIn(['perpetual', 'no-winning-chances', 'time-trouble'])
  ground: 'perpetual' | 'no-winning-chances' | 'time-trouble';
  @ApiProperty() @IsBoolean() upheld: boolean;
  @ApiPropertyOptional() @Omittable() @IsString() @Length(1, 500) note?: string;
}

export class IllegalMoveRulingDto extends GameCommandDto {
  @ApiProperty({ enum: SEATS, description: 'Who made the illegal move (the claimant is the opponent)' }) @IsIn(SEATS) offender: 0 | 1;
  @ApiProperty({ example: 'Ke2', description: 'The illegal move as made on the board' }) @IsString() @Length(2, 10) move: string;
  @ApiPropertyOptional() @Omittable() @IsString() @Length(1, 500) note?: string;
}

export class BreachRulingDto extends GameCommandDto {
  @ApiProperty({ enum: SEATS }) @IsIn(SEATS) offender: 0 | 1;
  @ApiProperty({ enum: BREACHES, description: 'Rapid rules 21(1),(3)' }) @IsIn(BREACHES) breach: (typeof BREACHES)[number];
  @ApiPropertyOptional() @Omittable() @IsString() @Length(1, 500) note?: string;
}

export class ChessPenaltyDto {
  @ApiProperty({ enum: ['time-to-opponent', 'loss'] }) @IsIn(['time-to-opponent', 'loss']) kind: 'time-to-opponent' | 'loss';
  @ApiPropertyOptional({ example: 120_000 }) @Omittable() @IsInt() @Min(1) @Max(3_600_000) ms?: number;
}

export class PenalizeDto extends GameCommandDto {
  @ApiProperty({ enum: SEATS, description: 'The penalised seat' }) @IsIn(SEATS) seat: 0 | 1;
  @ApiProperty({ type: ChessPenaltyDto }) @IsObject() @ValidateNested() @Type(() => ChessPenaltyDto) penalty: ChessPenaltyDto;
  @ApiProperty({ example: 'rapid rules 24', description: 'The rule applied: document and section' }) @IsString() @Length(1, 200) rule: string;
  @ApiProperty() @IsString() @Length(1, 500) reason: string;
}
