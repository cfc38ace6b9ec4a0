import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { GAME_COLLECTIONS, gameFeaturesOf, gamesProjectionName, publicGameAsOf, type GameListItem } from '../../runtime/games/index.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { awaitPosition } from '../command-request.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { ReadQuery } from '../tournaments/tournament-params.dto.js';

/** Every game of every discipline registered (each entry names its `discipline`). */
@ApiTags('games')
@Controller('v1/games')
export class GamesListController {
  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Every game of every discipline, with its discipline, players, phase, scores and link (public)' })
  @ApiOkResponse({ schema: { example: { games: [{ id: 'hk-open-2026-r1-t1', discipline: 'scrabble', phase: 'playing', scores: [22, 0], link: null }] } } })
  async list(@Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    await awaitPosition(request, this.core, this.config.waitMaxMs);
    // The log's position for admin and a linked game's arbiters; anyone else reads the game's revision (issue 32). An
    // unlinked game's starter reads the position at GET …/games/:id.
    const who = request.principal;
    const official = (g: GameListItem) =>
      who?.role === 'admin' || ((who?.role === 'arbiter' || who?.role === 'chief-arbiter') && g.link !== null && who.tournaments.includes(g.link.tournamentId));
    const games = gameFeaturesOf(this.core.options.features).flatMap((f) =>
      this.core.readModels
        .list<GameListItem>(gamesProjectionName(f), GAME_COLLECTIONS.index)
        .map(({ value: g }) => (official(g) ? g : Object.assign({}, g, { asOf: publicGameAsOf(g.asOf) }))),
    );
    return { games };
  }
}
