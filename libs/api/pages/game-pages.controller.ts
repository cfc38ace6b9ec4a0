import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { CHESS_GAME } from '../../runtime/features/chess/index.js';
import { GO_GAME } from '../../runtime/features/go/index.js';
import { MAHJONG_GAME } from '../../runtime/features/mahjong/index.js';
import { SCRABBLE_GAME } from '../../runtime/features/scrabble/index.js';
import { COLLECTIONS, roundDocKey, type RoundDocument } from '../../runtime/features/tournament/index.js';
import type { TournamentLink } from '../../runtime/games/index.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { readGame } from '../games/game-reads.js';
import { ProblemException } from '../problem.js';
import { ServesHtml } from '../security-headers.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { TournamentReads } from '../tournaments/tournament-reads.js';
import { XIGUAQI_GAME } from '../../runtime/features/xiguaqi/index.js';
import { federationNav, PageRenderer, pageHref, pageLanguage } from './page-frame.js';
import { chessPage, goPage, mahjongPage, scrabblePage, xiguaqiPage, type GamePage, type GamePageDiscipline, type MoveHref } from './page-games.js';
import { PAGE_CSS } from './page-style.js';
import { GAME_CSS } from './page-templates-games.js';
import type { Strings } from './page-views.js';
import { recordOf, tournamentDisciplineOf } from './page-records.js';
import { GamePageParams, GamePageQuery } from './pages.dto.js';

/**
 * A recorded game's page at any move (issue 35), for every discipline: read through readGame as the API's public game
 * views read it, with no token's view (a token changes nothing: officials read hidden tiles through the API). A game
 * linked to a round not published yet answers as that round's page does (404), so the page tells nothing of it.
 */
@ApiExcludeController()
@Controller('pages/games')
export class GamePagesController {
  private readonly reads: TournamentReads;
  private readonly pages = new PageRenderer();

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) config: ArbitraConfig,
  ) {
    this.reads = new TournamentReads(core, config);
  }

  @Get(':discipline/:id')
  @Public()
  @ServesHtml()
  async game(@Param() p: GamePageParams, @Query() q: GamePageQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.reads.ready(request);
    const { lang, s } = pageLanguage(q.lang, request);
    const path = `/games/${p.discipline}/${encodeURIComponent(p.id)}`;
    const href: MoveHref = (n, game) => pageHref(path, lang, { ...(game !== undefined && { game: String(game) }), move: String(n) });
    const { link, page } = this.view(p.discipline, p.id, q, s, href);
    const tournament = link ? this.publishedTournament(link) : null;
    const g = page();
    const discipline = s.disciplines[tournamentDisciplineOf(p.discipline)] ?? p.discipline;
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
      records: [recordOf(p.discipline, p.id)],
    });
  }

  /**
   * The game's tournament link, and its public state (no token's view) as the discipline's page at the move asked for,
   * built only once the link is known to be public: a move beyond the game's must not say how long a hidden game is.
   */
  private view(d: GamePageDiscipline, id: string, q: GamePageQuery, s: Strings, href: MoveHref): { link: TournamentLink | null; page: () => GamePage } {
    switch (d) {
      case 'scrabble': {
        const r = readGame(this.core, SCRABBLE_GAME, id, undefined);
        return { link: r.facts.link, page: () => scrabblePage(r.state, q.move, s, href) };
      }
      case 'go': {
        const r = readGame(this.core, GO_GAME, id, undefined);
        return { link: r.facts.link, page: () => goPage(r.state, q.move, s, href) };
      }
      case 'chess': {
        const r = readGame(this.core, CHESS_GAME, id, undefined);
        return { link: r.facts.link, page: () => chessPage(r.state, q.move, s, href) };
      }
      case 'xiguaqi': {
        const r = readGame(this.core, XIGUAQI_GAME, id, undefined);
        return { link: r.facts.link, page: () => xiguaqiPage(r.state, q.game, q.move, s, href) };
      }
      case 'mahjong': {
        const r = readGame(this.core, MAHJONG_GAME, id, undefined);
        return { link: r.facts.link, page: () => mahjongPage(id, r.state, q.move, s, href) };
      }
    }
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
