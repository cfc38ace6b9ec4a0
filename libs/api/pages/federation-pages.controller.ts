import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  listDocument,
  listInForce,
  RATING_COLLECTIONS,
  RATINGS_PROJECTION,
  rankingsPage,
  type PeriodsDocument,
  type PlayerDocument,
} from '../../runtime/features/ratings/index.js';
import { COLLECTIONS, type TournamentListItem } from '../../runtime/features/tournament/index.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ProblemException } from '../problem.js';
import { DisciplineParams, PlayerIdParams } from '../ratings/ratings.dto.js';
import { ServesHtml } from '../security-headers.js';
import { PagesController } from './pages-base.js';
import { federationNav, pageHref, pageLanguage } from './page-frame.js';
import { ratedPlayerView, ratingsView } from './page-ratings.js';
import { LangQuery, RatingsPageQuery } from './pages.dto.js';

/**
 * The federation's pages (issue 35): its tournament list, its published rating lists, a rated player's history. Public,
 * the same whoever asks (a token changes nothing): what GET /v1/tournaments gives the public (roundsPaired, which counts
 * unpublished rounds, is never read here), the list GET /v1/rankings/:discipline serves (published versions only).
 */
@ApiExcludeController()
@Controller('pages')
export class FederationPagesController extends PagesController {
  @Get(['', 'tournaments'])
  @Public()
  @ServesHtml()
  async tournaments(@Query() q: LangQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const { lang, s } = pageLanguage(q.lang, request);
    const collator = new Intl.Collator(lang === 'zh-Hant' ? 'zh-Hant' : 'en', { sensitivity: 'base' });
    const tournaments = this.reads
      .list<TournamentListItem>(COLLECTIONS.index)
      .map((t) => ({
        href: pageHref(`/tournaments/${encodeURIComponent(t.id)}`, lang),
        name: t.name,
        discipline: s.disciplines[t.discipline] ?? t.discipline,
        divisions: t.divisions.join(', '),
        players: t.players,
        roundsPublished: t.roundsPublished,
      }))
      .sort((a, b) => collator.compare(a.name, b.name));
    const frame = this.pages.frame({ lang, title: s.tournaments, navLabel: s.tournaments, nav: federationNav(lang) });
    return this.pages.send(request, reply, '@tournaments', { ...frame, tournaments });
  }

  @Get('ratings/:discipline')
  @Public()
  @ServesHtml()
  async ratings(@Param() p: DisciplineParams, @Query() q: RatingsPageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const { lang, s } = pageLanguage(q.lang, request);
    // The list in force: the latest version of the last period with a published list (a closed period without one is not shown).
    const periods = this.core.readModels.get<PeriodsDocument>(RATINGS_PROJECTION, RATING_COLLECTIONS.periods, p.discipline);
    const which = listInForce(periods);
    const list = which && listDocument(this.core, p.discipline, which.period, which.version);
    const after = q.after ?? 0;
    const page = list ? rankingsPage(list, { after, limit: 100 }) : undefined;
    const r = ratingsView(p.discipline, page, after, s, lang);
    const frame = this.pages.frame({ lang, title: r.title, navLabel: s.tournaments, nav: federationNav(lang), keep: { after: q.after?.toString() } });
    return this.pages.send(request, reply, '@ratings', { ...frame, r });
  }

  @Get('players/:id')
  @Public()
  @ServesHtml()
  async ratedPlayer(@Param() p: PlayerIdParams, @Query() q: LangQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const doc = this.core.readModels.get<PlayerDocument>(RATINGS_PROJECTION, RATING_COLLECTIONS.player, p.id);
    if (!doc)
      throw new ProblemException(404, 'players/unknown-player', 'Not found', `no player ${p.id}`, { field: 'id', rule: 'the referenced record must exist' });
    const { lang, s } = pageLanguage(q.lang, request);
    const view = ratedPlayerView(doc, s);
    const frame = this.pages.frame({ lang, title: `${doc.name} — ${s.ratings.history}`, navLabel: s.tournaments, nav: federationNav(lang) });
    return this.pages.send(request, reply, '@rated-player', { ...frame, p: view });
  }
}
