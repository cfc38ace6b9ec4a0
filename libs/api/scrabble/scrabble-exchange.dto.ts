/** Bodies of importing a Scrabble tournament from its exchange files (.TOU, TSH .t); unknown fields refused. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Length, Matches, ValidateNested } from 'class-validator';
import { Omittable } from '../omittable.js';
import { IsPersonName } from '../person-name.js';
import { ID_MESSAGE, ID_PATTERN } from '../tournaments/tournament-params.dto.js';

const TOU_EXAMPLE = '*M29.11.2026 Club Open\r\n*A\r\nAnn Ames             2420   +2\r\nBo Brown              380    1\r\n*** END OF FILE ***\r\n';

export class ImportTouDto {
  @ApiProperty({ example: 'club-open-2026', description: 'The id of the new tournament' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;

  @ApiPropertyOptional({ example: 'Club Open 2026', description: 'Default: the name on the *M line' })
  @Omittable()
  @IsString()
  @Length(1, 200)
  @IsPersonName()
  name?: string;

  @ApiProperty({ example: TOU_EXAMPLE, description: 'The .TOU text (WESPA rating submission): every *section a division' })
  @IsString()
  @Length(1, 500_000)
  tou: string;
}

export class TshDivisionDto {
  @ApiProperty({ example: 'A' })
  @Matches(/^[A-Za-z0-9 ._-]{1,40}$/, { message: '$property must be 1–40 letters, digits, spaces, dots, underscores or hyphens' })
  name: string;

  @ApiProperty({ example: 'Ames, Ann                1800 2; 420; p12 1\nBrown, Bo                1700 1; 380; p12 2\n', description: 'The division’s .t file' })
  @IsString()
  @Length(1, 500_000)
  t: string;
}

export class ImportTshDto {
  @ApiProperty({ example: 'club-open-2026' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id: string;

  @ApiProperty({ example: 'Club Open 2026' })
  @IsString()
  @Length(1, 200)
  @IsPersonName()
  name: string;

  @ApiProperty({ type: [TshDivisionDto], description: 'One .t file a division' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(26)
  @ValidateNested({ each: true })
  @Type(() => TshDivisionDto)
  divisions: TshDivisionDto[];
}
