import { applyDecorators } from '@nestjs/common';
import { IsISO8601, Matches } from 'class-validator';

/** An ISO-8601 date and time that ends in its time zone (`Z` or `±hh:mm`). */
const WITH_ZONE = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant: an ISO-8601 date and time with its time zone. `@IsISO8601` alone took `2026-11-29T14:00:00` and
 * `2026-11-29`, which the server then read in its own time zone: a time the client never gave.
 */
export const IsInstant = () =>
  applyDecorators(
    IsISO8601({ strict: true }),
    Matches(WITH_ZONE, { message: '$property must be an ISO-8601 instant with its time zone, e.g. 2026-11-29T14:00:00Z' }),
  );
