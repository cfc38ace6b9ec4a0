import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { GAME_COLLECTIONS, gameFeaturesOf, gamesProjectionName, type GameListItem } from '../../runtime/games/index.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { awaitPosition } from '../command-request.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { ReadQuery } from './game.dto.js';

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
    const games = gameFeaturesOf(this.core.options.features).flatMap((f) =>
      this.core.readModels.list<GameListItem>(gamesProjectionName(f), GAME_COLLECTIONS.index).map((r) => r.value),
    );
    return { games };
  }
}
