import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AppealEvent } from '../../domain/appeals/index.js';
import { streamOf } from '../../runtime/command-handler.js';
import { AppealAggregate } from '../../runtime/features/appeals/index.js';
import { unknownAppeal } from '../appeals/appeal-access.js';
import { AppealParams } from '../appeals/appeals.dto.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ServesHtml } from '../security-headers.js';
import { PagesController } from './pages-base.js';
import { appealView } from './page-appeal.js';
import { federationNav, pageHref, pageLanguage } from './page-frame.js';
import { namesOf } from './page-views.js';
import { LangQuery } from './pages.dto.js';

type Decided = Extract<AppealEvent, { type: 'appeals.AppealDecided' }>;

/**
 * A final appeal decision (issue 35): what GET /v1/appeals/:id gives the public, once the appeal is final, to anyone
 * (a token changes nothing: the appellant, the committee and the officials read the file through the API). Before it
 * is final, or when there is no such appeal, the same 404 as the API's.
 */
@ApiExcludeController()
@Controller('pages/appeals/:id')
export class AppealPagesController extends PagesController {
  @Get()
  @Public()
  @ServesHtml()
  async decision(@Param() p: AppealParams, @Query() q: LangQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const stream = streamOf(AppealAggregate, p.id);
    const { state } = await this.core.commands.load(AppealAggregate, stream);
    const decided = state.step === 'final' ? (await this.core.store.readStream(stream)).find((e) => e.type === 'appeals.AppealDecided') : undefined;
    if (!decided || !state.tournamentId || !state.contested) throw unknownAppeal(p.id);
    const summary = this.reads.summary(state.tournamentId);
    const { lang, s } = pageLanguage(q.lang, request);
    const view = appealView(p.id, state.contested.type, (decided as unknown as Decided).data, namesOf(summary), s);
    const a = { ...view, atText: `${view.at.slice(0, 10)} ${view.at.slice(11, 16)} UTC` };
    const tournamentHref = pageHref(`/tournaments/${encodeURIComponent(summary.id)}`, lang);
    const frame = this.pages.frame({
      lang,
      title: `${summary.name} — ${a.title}`,
      navLabel: summary.name,
      nav: [{ href: tournamentHref, label: summary.name }, ...federationNav(lang)],
    });
    return this.pages.send(request, reply, '@appeal', { ...frame, a, tournamentName: summary.name, links: { tournament: tournamentHref } });
  }
}
