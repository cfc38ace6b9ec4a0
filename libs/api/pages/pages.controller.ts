import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
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
import { ProblemException } from '../problem.js';
import { ServesHtml } from '../security-headers.js';
import { PagesController } from './pages-base.js';
import { RoundParams } from '../tournaments/round.dto.js';
import { divisionOf } from '../tournaments/tournament-command.js';
import { PlayerParams, TournamentParams } from '../tournaments/tournament-params.dto.js';
import { federationNav, pageHref, pageLanguage } from './page-frame.js';
import { PAGE_STRINGS, type PageLang } from './page-i18n.js';
import { crosstableView, namesOf, pendingGames, playerView, publicSummary, roundView, standingsView, tournamentView } from './page-views.js';
import { recordLinks } from './page-records.js';
import { PageQuery } from './pages.dto.js';

/**
 * Read-only HTML pages of a tournament for players and the venue (issue 35): the tournament, a round's pairings, the
 * standings. They show the public view only, whoever asks (a token changes nothing): published rounds, the stored
 * public standings (RULES.unpublishedHidden), read through the same TournamentReads as the REST controllers.
 */
@ApiExcludeController()
@Controller('pages/tournaments/:id')
export class TournamentPagesController extends PagesController {
  @Get()
  @Public()
  @ServesHtml()
  async tournament(@Param() p: TournamentParams, @Query() q: PageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const summary = this.reads.summary(p.id);
    const { lang, s } = pageLanguage(q.lang, request);
    const t = tournamentView(summary, s);
    const roundHref = (division: string, n: number) => pageHref(`/tournaments/${p.id}/rounds/${n}`, lang, { division });
    return this.pages.send(request, reply, '@tournament', { ...this.frame(p.id, summary.name, lang, q, t.name), t, roundHref });
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
    const { lang, s } = pageLanguage(q.lang, request);
    const r = roundView(doc, namesOf(summary), s, lang);
    return this.pages.send(request, reply, '@round', { ...this.frame(p.id, summary.name, lang, q, `${summary.name} — ${r.label} ${s.pairings}`), r });
  }

  @Get('standings')
  @Public()
  @ServesHtml()
  async standings(@Param() p: TournamentParams, @Query() q: PageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const summary = publicSummary(this.reads.summary(p.id));
    const { lang, s } = pageLanguage(q.lang, request);
    const names = namesOf(summary);
    // The stored public standings (published rounds only), the document GET /v1/tournaments/:id/standings serves.
    const divisions = this.divisionDocs<StandingsDocument>(COLLECTIONS.standings, p.id, summary, q).map((d) => standingsView(d, summary, names, s));
    return this.pages.send(request, reply, '@standings', { ...this.frame(p.id, summary.name, lang, q, `${summary.name} — ${s.standings}`), divisions });
  }

  @Get('crosstable')
  @Public()
  @ServesHtml()
  async crosstable(@Param() p: TournamentParams, @Query() q: PageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const summary = publicSummary(this.reads.summary(p.id));
    const { lang, s } = pageLanguage(q.lang, request);
    const names = namesOf(summary);
    // The stored public crosstable (published rounds only), the document GET /v1/tournaments/:id/crosstable serves.
    const divisions = this.divisionDocs<CrosstableDocument>(COLLECTIONS.crosstable, p.id, summary, q).map((d) => crosstableView(d, names, s));
    return this.pages.send(request, reply, '@crosstable', { ...this.frame(p.id, summary.name, lang, q, `${summary.name} — ${s.crosstable}`), divisions });
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
    const { lang, s } = pageLanguage(q.lang, request);
    const key = divisionKey(p.id, player.division);
    const view = playerView(
      player,
      this.reads.doc<StandingsDocument>(COLLECTIONS.standings, key),
      this.reads.doc<CrosstableDocument>(COLLECTIONS.crosstable, key),
      namesOf(summary),
      s,
    );
    const names = namesOf(summary);
    const listed = new Set(view.games.map((g) => g.round));
    // Published rounds without the player's result yet: their public pairing gives the table (publicSummary: published only).
    const open = summary.rounds
      .filter((r) => r.division === player.division && !listed.has(r.round))
      .map((r) => this.reads.doc<RoundDocument>(COLLECTIONS.round, roundDocKey(p.id, r.division, r.round)))
      .filter((d): d is RoundDocument => d !== undefined && d.status !== 'paired');
    const played = [...view.games, ...pendingGames(player.id, open, names, s)].sort((a, b) => a.round - b.round);
    const records = recordLinks(this.core.readModels, this.core.options.features, summary.discipline, { tournamentId: p.id, division: player.division }, lang);
    // Each recorded game: its record (the API's export) and its page at the last move, in the page's language.
    const games = played.map((g) =>
      Object.assign({}, g, {
        records: records(g.round, g.table).map((r) => ({
          ...r,
          page: pageHref(`/games/${r.game.discipline}/${encodeURIComponent(r.game.id)}`, lang),
          pageLabel: r.game.shows === 'card' ? s.game.card : s.game.board,
        })),
      }),
    );
    return this.pages.send(request, reply, '@player', {
      ...this.frame(p.id, summary.name, lang, q, `${summary.name} — ${player.name}`),
      p: { ...view, games },
    });
  }

  /** A tournament's stored per-division documents (the divisions asked for, or all), those that exist. */
  private divisionDocs<D>(collection: string, id: string, summary: TournamentSummary, q: PageQuery): D[] {
    const wanted = q.division === undefined ? summary.divisions : [divisionOf(summary, q.division)];
    return wanted.map((d) => this.reads.doc<D>(collection, divisionKey(id, d))).filter((d): d is D => d !== undefined);
  }

  /** What every page's layout shows: title, the tournament's navigation and the language switch. */
  private frame(id: string, tournamentName: string, lang: PageLang, q: PageQuery, title: string) {
    const s = PAGE_STRINGS[lang];
    return {
      ...this.pages.frame({
        lang,
        title,
        navLabel: tournamentName,
        nav: [
          { href: pageHref(`/tournaments/${id}`, lang), label: tournamentName },
          { href: pageHref(`/tournaments/${id}/standings`, lang), label: s.standings },
          { href: pageHref(`/tournaments/${id}/crosstable`, lang), label: s.crosstable },
          ...federationNav(lang),
        ],
        keep: { division: q.division },
        live: `/v1/tournaments/${encodeURIComponent(id)}/live`,
      }),
      tournamentName,
      playerHref: (player: string) => pageHref(`/tournaments/${id}/players/${encodeURIComponent(player)}`, lang),
      links: { standings: pageHref(`/tournaments/${id}/standings`, lang) },
    };
  }
}
