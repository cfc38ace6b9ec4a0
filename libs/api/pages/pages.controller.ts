import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import {
  COLLECTIONS,
  divisionKey,
  roundDocKey,
  type CrosstableDocument,
  type RoundDocument,
  type StandingsDocument,
  type TournamentSummary,
} from '../../runtime/features/tournament/index.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { matchesIfNoneMatch, PUBLIC_DOCUMENT_CACHE } from '../document-response.js';
import { ProblemException } from '../problem.js';
import { ServesHtml } from '../security-headers.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { RoundParams } from '../tournaments/round.dto.js';
import { divisionOf } from '../tournaments/tournament-command.js';
import { TournamentReads } from '../tournaments/tournament-reads.js';
import { PlayerParams, TournamentParams } from '../tournaments/tournament.dto.js';
import { negotiateLang, PAGE_LANGS, PAGE_STRINGS, type PageLang } from './page-i18n.js';
import { LIVE_SCRIPT, PAGE_CSS, pageTemplates } from './page-templates.js';
import { crosstableView, namesOf, playerView, publicSummary, roundView, standingsView, tournamentView } from './page-views.js';
import { PageQuery } from './pages.dto.js';

/** Where the pages live: their own prefix, beside the API's /v1. */
export const PAGES_PREFIX = '/pages';

/**
 * Read-only HTML pages of a tournament for players and the venue (issue 35): the tournament, a round's pairings, the
 * standings. They show the public view only, whoever asks (a token changes nothing): published rounds, the stored
 * public standings (RULES.unpublishedHidden), read through the same TournamentReads as the REST controllers.
 */
@ApiExcludeController()
@Controller('pages/tournaments/:id')
export class TournamentPagesController {
  private readonly reads: TournamentReads;
  private readonly eta = pageTemplates();

  constructor(@Inject(ARBITRA_CORE) core: ArbitraCore, @Inject(ARBITRA_CONFIG) config: ArbitraConfig) {
    this.reads = new TournamentReads(core, config);
  }

  @Get()
  @Public()
  @ServesHtml()
  async tournament(@Param() p: TournamentParams, @Query() q: PageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const summary = this.reads.summary(p.id);
    const { lang, s } = this.language(q, request);
    const t = tournamentView(summary, s);
    const roundHref = (division: string, n: number) => this.href(`/tournaments/${p.id}/rounds/${n}`, lang, { division });
    return this.send(request, reply, '@tournament', { ...this.frame(p.id, summary.name, lang, q, t.name), t, roundHref });
  }

  @Get('rounds/:n')
  @Public()
  @ServesHtml()
  async round(@Param() p: RoundParams, @Query() q: PageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const summary = this.reads.summary(p.id);
    const division = divisionOf(summary, q.division ?? (summary.divisions.length === 1 ? undefined : summary.divisions[0]));
    const doc = this.reads.doc<RoundDocument>(COLLECTIONS.round, roundDocKey(p.id, division, p.n));
    // A paired round and a round not paired get the same answer: that a round is paired is the officials' (as the API).
    if (!doc || doc.status === 'paired')
      throw new ProblemException(404, 'tournament/round-not-published', 'Not found', `round ${p.n} of ${division} is not published yet`, {
        field: 'n',
        rule: 'Arbitra: a round is published once, after it is paired',
      });
    const { lang, s } = this.language(q, request);
    const r = roundView(doc, namesOf(summary), s, lang);
    return this.send(request, reply, '@round', { ...this.frame(p.id, summary.name, lang, q, `${summary.name} — ${r.label} ${s.pairings}`), r });
  }

  @Get('standings')
  @Public()
  @ServesHtml()
  async standings(@Param() p: TournamentParams, @Query() q: PageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const summary = publicSummary(this.reads.summary(p.id));
    const { lang, s } = this.language(q, request);
    const names = namesOf(summary);
    // The stored public standings (published rounds only), the document GET /v1/tournaments/:id/standings serves.
    const divisions = this.divisionDocs<StandingsDocument>(COLLECTIONS.standings, p.id, summary, q).map((d) => standingsView(d, summary, names, s));
    return this.send(request, reply, '@standings', { ...this.frame(p.id, summary.name, lang, q, `${summary.name} — ${s.standings}`), divisions });
  }

  @Get('crosstable')
  @Public()
  @ServesHtml()
  async crosstable(@Param() p: TournamentParams, @Query() q: PageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const summary = publicSummary(this.reads.summary(p.id));
    const { lang, s } = this.language(q, request);
    const names = namesOf(summary);
    // The stored public crosstable (published rounds only), the document GET /v1/tournaments/:id/crosstable serves.
    const divisions = this.divisionDocs<CrosstableDocument>(COLLECTIONS.crosstable, p.id, summary, q).map((d) => crosstableView(d, names, s));
    return this.send(request, reply, '@crosstable', { ...this.frame(p.id, summary.name, lang, q, `${summary.name} — ${s.crosstable}`), divisions });
  }

  @Get('players/:playerId')
  @Public()
  @ServesHtml()
  async player(@Param() p: PlayerParams, @Query() q: PageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const summary = publicSummary(this.reads.summary(p.id));
    const player = summary.players.find((x) => x.id === p.playerId);
    if (!player)
      throw new ProblemException(404, 'tournament/unknown-player', 'Not found', `player ${p.playerId} is not registered in tournament ${p.id}`, {
        field: 'playerId',
        rule: 'the referenced record must exist',
      });
    const { lang, s } = this.language(q, request);
    const key = divisionKey(p.id, player.division);
    const view = playerView(
      player,
      this.reads.doc<StandingsDocument>(COLLECTIONS.standings, key),
      this.reads.doc<CrosstableDocument>(COLLECTIONS.crosstable, key),
      namesOf(summary),
      s,
    );
    return this.send(request, reply, '@player', { ...this.frame(p.id, summary.name, lang, q, `${summary.name} — ${player.name}`), p: view });
  }

  /** A tournament's stored per-division documents (the divisions asked for, or all), those that exist. */
  private divisionDocs<D>(collection: string, id: string, summary: TournamentSummary, q: PageQuery): D[] {
    const wanted = q.division === undefined ? summary.divisions : [divisionOf(summary, q.division)];
    return wanted.map((d) => this.reads.doc<D>(collection, divisionKey(id, d))).filter((d): d is D => d !== undefined);
  }

  private language(q: PageQuery, request: AuthedRequest) {
    const lang = negotiateLang(q.lang, request.headers['accept-language']);
    return { lang, s: PAGE_STRINGS[lang] };
  }

  private href(path: string, lang: PageLang, query: Record<string, string | undefined> = {}): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, v);
    params.set('lang', lang);
    return `${PAGES_PREFIX}${path}?${params.toString()}`;
  }

  /** What every page's layout shows: title, the navigation and the language switch (same page, other language). */
  private frame(id: string, tournamentName: string, lang: PageLang, q: PageQuery, title: string) {
    return {
      lang,
      s: PAGE_STRINGS[lang],
      css: PAGE_CSS,
      liveScript: LIVE_SCRIPT,
      playerHref: (player: string) => this.href(`/tournaments/${id}/players/${encodeURIComponent(player)}`, lang),
      live: `/v1/tournaments/${encodeURIComponent(id)}/live`,
      title,
      tournamentName,
      links: {
        tournament: this.href(`/tournaments/${id}`, lang),
        standings: this.href(`/tournaments/${id}/standings`, lang),
        crosstable: this.href(`/tournaments/${id}/crosstable`, lang),
      },
      langs: PAGE_LANGS.map((l) => ({ lang: l, name: PAGE_STRINGS[l].langName, current: l === lang, href: `?${this.switchQuery(q, l)}` })),
    };
  }

  private switchQuery(q: PageQuery, lang: PageLang): string {
    const params = new URLSearchParams();
    if (q.division !== undefined) params.set('division', q.division);
    params.set('lang', lang);
    return params.toString();
  }

  /**
   * The page with a strong ETag over its bytes (so a tag says nothing the page does not: no stream revision, which moves
   * when a round is paired unpublished), 304 on If-None-Match; Vary: Accept-Language, as the language may come from it.
   */
  private send(request: AuthedRequest, reply: FastifyReply, template: string, data: object): string | undefined {
    const html = this.eta.render(template, data);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 32)}"`;
    // text/html on the 304 too: it gets the page's headers (CSP), which a browser merges into the page it keeps; with
    // the API's CSP (default-src 'none') a revalidated page lost its style and its live script.
    void reply.header('etag', etag).header('cache-control', PUBLIC_DOCUMENT_CACHE).header('vary', 'Accept-Language');
    void reply.header('content-type', 'text/html; charset=utf-8');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      void reply.status(304);
      return undefined;
    }
    return html;
  }
}
