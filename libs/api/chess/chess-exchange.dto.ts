/** The body of importing a chess tournament from a FIDE TRF-16 file; unknown fields refused. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { Omittable } from '../omittable.js';
import { IsPersonName } from '../person-name.js';
import { ID_MESSAGE, ID_PATTERN } from '../tournaments/tournament-params.dto.js';

const TRF_EXAMPLE =
  '012 Club Rapid\nXXR 5\n001    1      Ames, Ann                         1800                             1.0    1     2 w 1\n001    2      Brown, Bo                         1700                             0.0    2     1 b 0\n';

export class ImportTrfDto {
  @ApiProperty({ example: 'club-rapid-2026', description: 'The id of the new chess tournament' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;

  @ApiPropertyOptional({ example: 'Club Rapid 2026', description: 'Default: the name on the 012 record' })
  @Omittable()
  @IsString()
  @Length(1, 200)
  @IsPersonName()
  name?: string;

  @ApiProperty({ example: TRF_EXAMPLE, description: 'The FIDE TRF-16 text: header records and one 001 record a player' })
  @IsString()
  @Length(1, 2_000_000)
  trf: string;
}
