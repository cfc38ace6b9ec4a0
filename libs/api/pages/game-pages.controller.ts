import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { PageLang } from '../../domain/discipline-kit/pages.js';
import { COLLECTIONS, roundDocKey, type RoundDocument } from '../../runtime/features/tournament/index.js';
import type { TournamentLink } from '../../runtime/games/index.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { readGame } from '../games/game-reads.js';
import { unknownGame } from '../games/game-runner.js';
import type { DisciplineDescriptor } from '../../domain/discipline-kit/descriptor.js';
import { ProblemException } from '../problem.js';
import { ServesHtml } from '../security-headers.js';
import { federationNav, pageHref, pageLanguage } from './page-frame.js';
import { PagesController } from './pages-base.js';
import { gamePage, type GamePage, type MoveHref } from './page-games.js';
import { PAGE_CSS } from './page-style.js';
import { GAME_CSS } from './page-templates-games.js';
import type { Strings } from './page-views.js';
import { gameFeatureOf, gamePageDescriptor, recordOf } from './page-records.js';
import { GamePageParams, GamePageQuery } from './pages.dto.js';

/**
 * A recorded game's page at any move (issue 35), for every discipline: read through readGame as the API's public game
 * views read it, with no token's view (a token changes nothing: officials read hidden tiles through the API). A game
 * linked to a round not published yet answers as that round's page does (404), so the page tells nothing of it.
 */
@ApiExcludeController()
@Controller('pages/games')
export class GamePagesController extends PagesController {
  @Get(':discipline/:id')
  @Public()
  @ServesHtml()
  async game(@Param() p: GamePageParams, @Query() q: GamePageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const { lang, s } = pageLanguage(q.lang, request);
    const path = `/games/${p.discipline}/${encodeURIComponent(p.id)}`;
    const href: MoveHref = (n, game) => pageHref(path, lang, { ...(game !== undefined && { game: String(game) }), move: String(n) });
    const descriptor = gamePageDescriptor(p.discipline)!;
    const { link, page } = this.view(descriptor, p.id, q, lang, s, href);
    const tournament = link ? this.publishedTournament(link) : null;
    const g = page();
    const discipline = descriptor.pages.names[lang];
    const where = tournament && link ? ` — ${tournament.name}, ${s.round(link.round)}, ${s.table} ${link.table}` : '';
    const nav = tournament
      ? [
          { href: pageHref(`/tournaments/${tournament.id}`, lang), label: tournament.name },
          { href: pageHref(`/tournaments/${tournament.id}/standings`, lang), label: s.standings },
          ...federationNav(lang),
        ]
      : federationNav(lang);
    const frame = this.pages.frame({
      lang,
      title: `${s.game.title(discipline, p.id)}${where} — ${g.at}`,
      navLabel: tournament?.name ?? s.tournaments,
      nav,
      keep: { move: q.move === undefined ? undefined : String(q.move), game: q.game === undefined ? undefined : String(q.game) },
    });
    return this.pages.send(request, reply, '@game', {
      ...frame,
      css: PAGE_CSS + GAME_CSS,
      heading: `${s.game.title(discipline, p.id)}${where}`,
      g,
      records: recordOf(descriptor, p.id, lang),
    });
  }

  /**
   * The game's tournament link, and its public state (no token's view) as the discipline's page at the move asked for,
   * built only once the link is known to be public: a move beyond the game's must not say how long a hidden game is.
   */
  private view(
    d: DisciplineDescriptor,
    id: string,
    q: GamePageQuery,
    lang: PageLang,
    s: Strings,
    href: MoveHref,
  ): { link: TournamentLink | null; page: () => GamePage } {
    const feature = gameFeatureOf(this.core.options.features, d);
    if (!feature) throw unknownGame(id, d.folder);
    const r = readGame(this.core, feature, id, undefined);
    const players = r.facts.players;
    return {
      link: r.facts.link,
      page: () => gamePage(d, players, feature.readModel.summary(r.state), { id, state: r.state, move: q.move, game: q.game, lang, s, href }),
    };
  }

  /** The linked tournament, once the game's round is published; else the round page's 404 (RULES.unpublishedHidden). */
  private publishedTournament(link: TournamentLink) {
    const summary = this.reads.summary(link.tournamentId);
    const division = link.division ?? summary.divisions[0];
    const doc = this.reads.doc<RoundDocument>(COLLECTIONS.round, roundDocKey(link.tournamentId, division, link.round));
    if (!doc || doc.status === 'paired')
      throw new ProblemException(404, 'tournament/round-not-published', 'Not found', `round ${link.round} of ${division} is not published yet`, {
        field: 'id',
        rule: 'Arbitra: a round is published once, after it is paired',
      });
    return summary;
  }
}
