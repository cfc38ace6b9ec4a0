import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, Matches, Min, ValidateBy } from 'class-validator';
import { DESCRIPTORS } from '../../domain/discipline-kit/registry.js';
import { GAME_ID, GAME_ID_MESSAGE } from '../games/game.dto.js';
import { Omittable } from '../omittable.js';
import { QueryNumber } from '../query-number.js';
import { DivisionQuery, ReadQuery } from '../tournaments/tournament-params.dto.js';
import { gamePageDescriptor } from './page-records.js';
import { PAGE_LANGS, type PageLang } from './page-i18n.js';

/** A page's query: the division (default every one) and the language switch (default: Accept-Language). */
export class PageQuery extends DivisionQuery {
  @ApiPropertyOptional({ enum: PAGE_LANGS, description: 'Language of the page (default: from Accept-Language, else en)' })
  @Omittable()
  @IsIn(PAGE_LANGS)
  lang?: PageLang;
}

/** A federation page's query: the language switch only (plus ?waitFor=, as every read). */
export class LangQuery extends ReadQuery {
  @ApiPropertyOptional({ enum: PAGE_LANGS, description: 'Language of the page (default: from Accept-Language, else en)' })
  @Omittable()
  @IsIn(PAGE_LANGS)
  lang?: PageLang;
}

/** The rating list page's query: the language and where the page starts (the list's `next`). */
export class RatingsPageQuery extends LangQuery {
  @ApiPropertyOptional({ example: 0, description: 'Entries to skip (the previous page’s next)' })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(0)
  after?: number;
}

/** A game page's address: the discipline and the game's id (the API's, e.g. `/v1/go/games/:id`). */
export class GamePageParams {
  @ApiProperty({ example: 'go', description: 'The discipline’s folder, as in its API routes (chess: rapid chess)' })
  @ValidateBy({
    name: 'isGamePage',
    validator: {
      // Read when a request comes: a discipline registered after this module loaded (a test build's) has its page too.
      validate: (value: unknown) => typeof value === 'string' && gamePageDescriptor(value) !== undefined,
      defaultMessage: () => `discipline must be one of the following values: ${DESCRIPTORS.map((d) => d.folder).join(', ')}`,
    },
  })
  discipline: string;

  @ApiProperty({ example: 'hk-open-2026-r1-t1', description: 'Game id (a mahjong table, a xiguaqi match)' })
  @Matches(GAME_ID, { message: GAME_ID_MESSAGE })
  id: string;
}

/** A game page's query: the language, the move shown (0: the start; default the last), the xiguaqi match's game. */
export class GamePageQuery extends LangQuery {
  @ApiPropertyOptional({ example: 12, description: 'The position after this move (ply, Scrabble turn, mahjong hand); 0: the start; default: the last' })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(0)
  move?: number;

  @ApiPropertyOptional({ example: 1, description: 'The game of a xiguaqi match (default: the latest)' })
  @Omittable()
  @QueryNumber()
  @IsInt()
  @Min(1)
  game?: number;
}
