/** A tournament's ids (stream names and URLs), its path parameters, and the queries of its reads. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Length, Matches, Max, Min } from 'class-validator';
import { Omittable } from '../omittable.js';
import { QueryNumber } from '../query-number.js';
import { acceptQuickly } from '../quick-accept.js';
import { WaitForPosition } from '../wait-for.js';

/** Ids become part of stream names and URLs. */
export const ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
export const ID_MESSAGE = '$property must be 1–100 letters, digits, dots, underscores or hyphens';

export class TournamentParams {
  @ApiProperty({ example: 'hk-open-2026', description: 'Tournament id' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;
}

export class PlayerParams extends TournamentParams {
  @ApiProperty({ example: 'chan-hok-hei' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  playerId: string;
}

export class ReadQuery {
  @WaitForPosition()
  waitFor?: number;
}

export class DivisionQuery extends ReadQuery {
  @ApiPropertyOptional({ description: 'Division (default: every division, or the only one)', example: 'main' })
  @Omittable()
  @IsString()
  @Length(1, 100)
  division?: string;
}

export class StandingsQuery extends DivisionQuery {
  @ApiPropertyOptional({ description: 'Standings as of round N (results and penalties of rounds ≤ N)', example: 1, minimum: 1 })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(1)
  @Max(1000)
  round?: number;

  @ApiPropertyOptional({ description: 'Standings as the record stood at this global log position (audit: what was published then)', example: 42, minimum: 1 })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(1)
  asOfPosition?: number;
}

/** An id as a JSON Schema, for the commands' quick path (quick-accept.ts); a value it refuses goes through the class. */
export const ID_SCHEMA = { type: 'string', pattern: ID_PATTERN.source };
acceptQuickly(TournamentParams, { type: 'object', additionalProperties: false, required: ['id'], properties: { id: ID_SCHEMA } });
