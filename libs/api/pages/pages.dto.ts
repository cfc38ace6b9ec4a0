import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, Min } from 'class-validator';
import { Omittable } from '../omittable.js';
import { QueryNumber } from '../query-number.js';
import { DivisionQuery, ReadQuery } from '../tournaments/tournament.dto.js';
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
