import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { COLLECTIONS, type TournamentListItem } from '../../runtime/features/tournament/index.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ServesHtml } from '../security-headers.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { TournamentReads } from '../tournaments/tournament-reads.js';
import { federationNav, PageRenderer, pageHref, pageLanguage } from './page-frame.js';
import { LangQuery } from './pages.dto.js';

/**
 * The federation's pages (issue 35): its tournament list. Public, the same whoever asks (a token changes nothing): what
 * GET /v1/tournaments gives the public (roundsPaired, which counts unpublished rounds, is never read here).
 */
@ApiExcludeController()
@Controller('pages')
export class FederationPagesController {
  private readonly reads: TournamentReads;
  private readonly pages = new PageRenderer();

  constructor(@Inject(ARBITRA_CORE) core: ArbitraCore, @Inject(ARBITRA_CONFIG) config: ArbitraConfig) {
    this.reads = new TournamentReads(core, config);
  }

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
}
