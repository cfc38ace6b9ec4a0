import { WaitForPosition } from '../wait-for.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsString, Length, Matches } from 'class-validator';
import { DELIVERY_OUTCOMES, type DeliveryOutcome } from '../../runtime/features/webhooks/index.js';
import { Omittable } from '../omittable.js';
import { PageQuery } from '../page-query.js';
import { ID_PATTERN } from '../tournaments/tournament-params.dto.js';

const ID_MESSAGE = '$property must be 1–100 letters, digits, dots, underscores or hyphens';

export class WebhookParams {
  @ApiProperty({ example: 'ratings-office' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;
}

export class RegisterWebhookDto {
  @ApiProperty({ example: 'ratings-office' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;

  @ApiProperty({ example: 'https://ratings.example.org/arbitra' })
  @IsString()
  @Length(1, 2000)
  url: string;

  @ApiProperty({ example: 'a-long-shared-secret-1234', description: 'The HMAC-SHA256 key the receiver verifies X-Arbitra-Signature with (16+ characters)' })
  @IsString()
  @Length(16, 200)
  secret: string;

  @ApiPropertyOptional({ example: ['tournament.'], description: 'Event type prefixes to deliver; empty or absent: every event' })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  eventTypes?: string[];

  @ApiPropertyOptional({
    enum: ['public', 'everything'],
    example: 'public',
    description:
      'public (default): what the public views show (rounds once published, hidden tiles redacted, no appeals, ledgers or tokens); everything: as recorded',
  })
  @Omittable()
  @IsIn(['public', 'everything'])
  audience?: 'public' | 'everything';
}

export class DeactivateWebhookDto {
  @ApiProperty({ example: 'the ratings office moved' })
  @IsString()
  @Length(1, 500)
  reason: string;
}

/**
 * A page of a webhook's delivery log: `after` and `limit` as every paged listing (validated as PageQuery), the
 * cursor being an attempt's number in the list asked for (the `next` of the previous page, same order and outcome).
 */
export class DeliveriesQuery extends PageQuery {
  @ApiPropertyOptional({
    description: 'Attempts after this one in the listing’s order: the `next` of the previous page, with the same order and outcome (absent: the first page)',
    example: 100,
    minimum: 0,
  })
  override after?: number;

  @ApiPropertyOptional({
    enum: ['oldest', 'newest'],
    example: 'newest',
    description:
      'oldest (default): log order, the order the receiver got them, a page stays the same as attempts are added; newest: the latest attempt first (where a failing receiver is debugged)',
  })
  @Omittable()
  @IsIn(['oldest', 'newest'])
  order?: 'oldest' | 'newest';

  @ApiPropertyOptional({
    enum: DELIVERY_OUTCOMES,
    example: 'retry',
    description: 'Only attempts with this outcome: delivered (2xx), retry (failed, another attempt due), failed (failed, none left)',
  })
  @Omittable()
  @IsIn(DELIVERY_OUTCOMES)
  outcome?: DeliveryOutcome;

  @WaitForPosition('The listing waits for every attempt recorded before the request in any case')
  waitFor?: number;
}
