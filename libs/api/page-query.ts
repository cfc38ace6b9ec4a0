import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { Omittable } from './omittable.js';
import { QueryNumber } from './query-number.js';

/** A page of an ordered list (the log, checkpoints, a tournament's history): what comes after `after`, at most `limit`. */
export class PageQuery {
  @ApiPropertyOptional({ description: 'Entries after this global position or sequence number (the `next` of the previous page)', example: 0, minimum: 0 })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(0)
  after?: number;

  @ApiPropertyOptional({ description: 'Page size', example: 100, minimum: 1, maximum: 1000 })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}
