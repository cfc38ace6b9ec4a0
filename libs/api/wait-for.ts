import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Min } from 'class-validator';
import { Omittable } from './omittable.js';
import { QueryNumber } from './query-number.js';

const WAIT_FOR =
  'Read-your-writes: wait until the read models have applied this global log position (the `position` of an official’s command answer; a number past the log is 400 for a reader of log positions, for anyone without log positions, a player or the public, any number waits for everything recorded when the read arrived)';

/**
 * `?waitFor=<position>` on a GET's query class: a whole number from 0, validated like every query field (the
 * wait itself is `awaitPosition`, command-request.ts). `note` adds what the route does besides.
 */
export function WaitForPosition(note?: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description: note ? `${WAIT_FOR}. ${note}` : WAIT_FOR, example: 42, minimum: 0 }),
    Omittable(),
    QueryNumber(),
    IsInt(),
    Min(0),
  );
}
