import { WaitForPosition } from '../wait-for.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNumber, IsObject, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { IsInstant } from '../instant.js';
import { Omittable, OnlyWhen } from '../omittable.js';
import { ResultInputDto } from '../tournaments/round.dto.js';
import { ID_PATTERN } from '../tournaments/tournament-params.dto.js';
import { IsPersonName } from '../person-name.js';

const ID_MESSAGE = '$property must be 1–100 letters, digits, dots, underscores or hyphens';

/** An event id as the log writes it (eventIdFor: the UUID layout), lower-case hex. */
const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class AppealParams {
  @ApiProperty({ example: 'appeal-7', description: 'Appeal id' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;
}

export class AppellantDto {
  @ApiProperty({ example: 'ann', description: 'Who lodges: the player, their captain or their representative' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;
  @ApiProperty({ enum: ['player', 'captain', 'representative'] })
  @IsIn(['player', 'captain', 'representative'])
  capacity: 'player' | 'captain' | 'representative';
  @ApiProperty({ example: 'ann', description: 'The player the appeal is for' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  forPlayer: string;
}

export class LateAcceptanceDto {
  @ApiProperty({ example: 'the appellant was called to the medical room at the end of the session' })
  @IsString()
  @Length(1, 2000)
  reason: string;
}

export class LodgeAppealDto {
  @ApiPropertyOptional({
    example: 'my-appeal-1',
    description:
      'Not the appeal id (the server makes it: the answer’s `stream` and event data name it, issue 32): without an Idempotency-Key, the key of this lodging (a retry with it gets the first answer)',
  })
  @Omittable()
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  appealId?: string;
  @ApiProperty({ example: 'hk-open-2026' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  tournamentId: string;
  @ApiProperty({ description: 'The recorded decision appealed against, by event id (a ruling, penalty, result, challenge adjudication or pairing)' })
  @IsString()
  @Length(1, 100)
  contestedEventId: string;
  @ApiProperty({ type: AppellantDto })
  @IsObject()
  @ValidateNested()
  @Type(() => AppellantDto)
  appellant: AppellantDto;
  @ApiProperty({ example: 'QI was ruled invalid; it is in Collins' })
  @IsString()
  @Length(1, 4000)
  grounds: string;
  @ApiProperty({ example: 'the play stands and the result is corrected' })
  @IsString()
  @Length(1, 2000)
  remedySought: string;
  @ApiPropertyOptional({ description: 'Deposit paid, where the profile requires one' })
  @Omittable()
  @IsNumber()
  @Min(0)
  @Max(1_000_000)
  deposit?: number;
  @ApiPropertyOptional({ type: LateAcceptanceDto, description: 'Chief arbiter only: accept this appeal after its deadline, with a reason' })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => LateAcceptanceDto)
  lateAcceptance?: LateAcceptanceDto;
}

export class EmptyDto {}

export class MemberDto {
  @ApiProperty({ example: 'cm-lee' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;
  @ApiProperty({ example: 'Lee Ka Man' })
  @IsString()
  @Length(1, 200)
  @IsPersonName()
  name: string;
  @ApiProperty({ enum: ['chair', 'member'] })
  @IsIn(['chair', 'member'])
  role: 'chair' | 'member';
  @ApiPropertyOptional({ example: 'HKG' })
  @Omittable()
  @IsString()
  @Length(1, 100)
  federation?: string;
}

export class CommitteeDto {
  @ApiProperty({ type: [MemberDto] })
  @IsArray()
  @ArrayMaxSize(15)
  @ValidateNested({ each: true })
  @Type(() => MemberDto)
  members: MemberDto[];
}

export class StatementDto {
  @ApiProperty({ example: 'witness-1' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  statementId: string;
  @ApiProperty({ enum: ['appellant', 'respondent', 'witness', 'official', 'evidence'] })
  @IsIn(['appellant', 'respondent', 'witness', 'official', 'evidence'])
  kind: 'appellant' | 'respondent' | 'witness' | 'official' | 'evidence';
  @ApiProperty({ example: 'Carol Ng, table 2' })
  @IsString()
  @Length(1, 200)
  author: string;
  @ApiProperty({ example: 'I saw the word judge show QI as acceptable' })
  @IsString()
  @Length(1, 20000)
  text: string;
  @ApiProperty({
    type: [String],
    example: ['01a251fe-3d55-8b88-b0ac-ef978c84446f'],
    description: 'Recorded events the statement refers to, by id (as the log writes them: a UUID)',
  })
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(EVENT_ID, { each: true, message: '$property must be a recorded event’s id (a UUID, as the log writes it)' })
  references: string[];
}

export class HearingDto {
  @ApiProperty({ example: '2026-11-29T14:00:00Z', description: 'An instant with its time zone' })
  @IsInstant()
  hearingAt: string;
  @ApiProperty({ example: 'Room 2' })
  @IsString()
  @Length(1, 200)
  place: string;
}

export class MinutesDto {
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  present: string[];
  @ApiProperty({ example: 'Both players heard; the word judge log shown.' })
  @IsString()
  @Length(1, 20000)
  minutes: string;
}

export class VoteDto {
  @ApiProperty({ example: 'cm-lee' })
  @IsString()
  @Length(1, 100)
  member: string;
  @ApiProperty({ enum: ['uphold', 'dismiss', 'vary', 'abstain'] })
  @IsIn(['uphold', 'dismiss', 'vary', 'abstain'])
  vote: 'uphold' | 'dismiss' | 'vary' | 'abstain';
}

const REMEDIES = ['correct-result', 'cancel-penalty', 'reduce-penalty', 'order-replay', 're-pair-next-round'] as const;

export class RemedyDto {
  @ApiProperty({ enum: REMEDIES })
  @IsIn(REMEDIES)
  kind: (typeof REMEDIES)[number];
  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @Length(1, 100)
  division?: string;
  @ApiPropertyOptional({ description: 'correct-result, order-replay, re-pair-next-round (the round whose next round is re-paired)' })
  @OnlyWhen(
    (o: RemedyDto) => ['correct-result', 'order-replay', 're-pair-next-round'].includes(o.kind),
    'when kind is correct-result, order-replay or re-pair-next-round',
  )
  @IsInt()
  @Min(1)
  @Max(1000)
  round?: number;
  @ApiPropertyOptional({ description: 'correct-result, order-replay' })
  @OnlyWhen((o: RemedyDto) => ['correct-result', 'order-replay'].includes(o.kind), 'when kind is correct-result or order-replay')
  @IsInt()
  @Min(1)
  @Max(100000)
  table?: number;
  @ApiPropertyOptional({ type: ResultInputDto, description: 'correct-result: the result as it should stand' })
  @OnlyWhen((o: RemedyDto) => o.kind === 'correct-result', 'when kind is correct-result')
  @IsObject()
  @ValidateNested()
  @Type(() => ResultInputDto)
  result?: ResultInputDto;
  @ApiPropertyOptional({ description: 'cancel-penalty, reduce-penalty' })
  @OnlyWhen((o: RemedyDto) => o.kind === 'cancel-penalty' || o.kind === 'reduce-penalty', 'when kind is cancel-penalty or reduce-penalty')
  @IsString()
  @Length(1, 200)
  penaltyId?: string;
  @ApiPropertyOptional({ description: 'reduce-penalty: the new amount' })
  @OnlyWhen((o: RemedyDto) => o.kind === 'reduce-penalty', 'when kind is reduce-penalty')
  @IsNumber()
  @Min(0)
  amount?: number;
  @ApiPropertyOptional({ description: 'order-replay' })
  @OnlyWhen((o: RemedyDto) => o.kind === 'order-replay', 'when kind is order-replay')
  @IsString()
  @Length(1, 2000)
  instructions?: string;
}

export class DecisionDto {
  @ApiProperty({ enum: ['upheld', 'dismissed', 'varied'] })
  @IsIn(['upheld', 'dismissed', 'varied'])
  outcome: 'upheld' | 'dismissed' | 'varied';
  @ApiProperty({ example: 'QI is valid in the lexicon in use; the adjudication was wrong.' })
  @IsString()
  @Length(1, 20000)
  reasons: string;
  @ApiProperty({ type: [VoteDto] })
  @IsArray()
  @ArrayMaxSize(15)
  @ValidateNested({ each: true })
  @Type(() => VoteDto)
  votes: VoteDto[];
  @ApiProperty({ type: [RemedyDto] })
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => RemedyDto)
  remedies: RemedyDto[];
}

export class FinaliseDto {
  @ApiPropertyOptional({ example: 'remedies applied; parties informed' })
  @Omittable()
  @IsString()
  @Length(0, 2000)
  note?: string;
}

export class TimelineQuery {
  @ApiPropertyOptional({ enum: ['json', 'html', 'md'], description: 'json (default), html (printable), md (Markdown); or send Accept' })
  @Omittable()
  @IsIn(['json', 'html', 'md'])
  format?: 'json' | 'html' | 'md';
  @WaitForPosition()
  waitFor?: number;
}
