import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { Omittable } from '../omittable.js';
import { ID_PATTERN } from '../tournaments/tournament-params.dto.js';
import { WaitForPosition } from '../wait-for.js';

export class LiveGameParams {
  @ApiProperty({ example: 'scrabble', description: 'The game’s discipline (as in /v1/<discipline>/games)' })
  @Matches(/^[a-z][a-z-]{1,30}$/, { message: '$property must be a discipline name such as scrabble or chess' })
  discipline: string;

  @ApiProperty({ example: 'club-2026-11-29-1' })
  @Matches(ID_PATTERN, { message: '$property must be 1–100 letters, digits, dots, underscores or hyphens' })
  id: string;
}

/** A live stream's query: unknown parameters are refused, as on every read. */
export class LiveQuery {
  @ApiPropertyOptional({
    example: '5',
    description: 'The id of the last event received (as the `Last-Event-ID` header, which wins when both are sent): the stream resumes after it',
  })
  @Omittable()
  @Matches(/^\d{1,15}$/, { message: '$property must be the id of an event this stream sent: a whole number from 0' })
  lastEventId?: string;

  @WaitForPosition('The stream reads the log itself: it has every recorded event already, so nothing is waited for')
  waitFor?: number;
}
