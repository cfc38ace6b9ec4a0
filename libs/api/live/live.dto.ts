import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { ID_PATTERN } from '../tournaments/tournament-params.dto.js';

export class LiveGameParams {
  @ApiProperty({ example: 'scrabble', description: 'The game’s discipline (as in /v1/<discipline>/games)' })
  @Matches(/^[a-z][a-z-]{1,30}$/, { message: '$property must be a discipline name such as scrabble or chess' })
  discipline: string;

  @ApiProperty({ example: 'club-2026-11-29-1' })
  @Matches(ID_PATTERN, { message: '$property must be 1–100 letters, digits, dots, underscores or hyphens' })
  id: string;
}
