import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { importGcgRecord, parseGcg, type PlayerInfo, type ScrabbleCommand } from '../../domain/disciplines/scrabble/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { SCRABBLE_GAME } from '../../runtime/features/scrabble/index.js';
import { Allow, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { answer, commandContext } from '../command-request.js';
import { ProblemException } from '../problem.js';
import { recordSource } from '../exchange/record-source.js';
import { requireReadableNames } from '../person-name.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { EVENTS_EXAMPLE, GAME_COMMAND_EXAMPLE, GAME_VIEW_EXAMPLE, SCORESHEET_EXAMPLE } from '../games/examples.js';
import { GameRunner, loadGame } from '../games/game-runner.js';
import { requireGranted, resolveLink } from '../games/game-link.js';
import { GAME_ID, GameParams, ReadQuery } from '../games/game.dto.js';
import { ImportGcgDto, StartGameDto } from './scrabble.dto.js';
import { naming } from '../games/request-fields.js';
import { IMPORT_FIELDS } from './request-fields.js';
import { awaitGamePosition, gameEvents, readGame } from '../games/game-reads.js';
import { gameView, gcgView, scoreSheetView } from './scrabble-view.js';

const OFFICIALS = ['arbiter', 'chief-arbiter'] as const;
const NICK_RULE = 'Arbitra: a player id is 1–100 letters, digits, dots, underscores or hyphens (as when a game is started)';

/**
 * A GCG nickname as a player id, validated as game creation validates ids: kept when it is one,
 * else mapped (accents dropped, other characters to "-") and reported as mapped; 422 naming `gcg` when nothing is left.
 */
function playerIdOf(nick: string): { id: string; mapped: boolean } {
  if (GAME_ID.test(nick)) return { id: nick, mapped: false };
  const id = nick
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  if (!GAME_ID.test(id)) {
    throw new ProblemException(422, 'games/gcg-player-id', 'Unprocessable command', `the nickname "${nick}" cannot be made into a player id`, {
      field: 'gcg',
      rule: NICK_RULE,
    });
  }
  return { id, mapped: true };
}

/**
 * Scrabble games: start or import a game, and read it (view, events, score sheet, GCG). Reads
 * are public, but while a game is in progress racks, the bag and unseen tiles are shown only to
 * the game's officials (all) and to each player (their own).
 */
@ApiTags('games')
@ApiBearerAuth()
@Controller('v1/scrabble/games')
export class GamesController {
  private readonly run;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
  ) {
    this.run = new GameRunner(core, SCRABBLE_GAME);
  }

  @Post()
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      'Start a game: players, starter, clock side, tiles counted (seed 開始前); optional tournament link (arbiter or chief arbiter of that tournament; any official for an unlinked game)',
  })
  @ApiCreatedResponse({ description: 'scrabble.GameCreated; ETag is the stream revision', schema: { example: GAME_COMMAND_EXAMPLE } })
  async start(@Body() body: StartGameDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireGranted(request, body.link);
    const players = [
      { id: body.players[0].id, name: body.players[0].name },
      { id: body.players[1].id, name: body.players[1].name },
    ] as const;
    const link = body.link ? await resolveLink(this.core, SCRABBLE_GAME, body.id, body.link, players) : undefined;
    const profile = body.profile ? (JSON.parse(JSON.stringify(body.profile)) as Record<string, unknown>) : undefined;
    return this.run.start(request, reply, body.id, body, {
      type: 'scrabble.start-game',
      players,
      starter: body.starter,
      clockSide: body.clockSide,
      clockSideChosenBy: body.clockSideChosenBy,
      tilesCounted: body.tilesCounted,
      tracking: body.tracking ?? false,
      ...(profile && { profile }),
      ...(link && { link }),
    });
  }

  @Post('import')
  @Allow(...OFFICIALS)
  @ApiOperation({
    summary:
      'Import a game from GCG, all or nothing: its commands are decided in turn and stored in one append (score-only game); racks, written words, exchanged letters, notes and pragmas are kept as written (no clock: the record was not timed here); a running total contradicting the line’s score is refused naming the line; the answer names what could not be kept and any nickname mapped to a player id; optional tournament link (arbiter, chief arbiter)',
  })
  @ApiCreatedResponse({
    description: 'The whole game, stored in one append; ETag is the final stream revision',
    schema: {
      example: {
        id: 'club-1',
        commands: 12,
        revision: 30,
        position: 140,
        scores: [412, 376],
        phase: 'finished',
        players: [
          { nick: 'ann', id: 'ann', name: 'Ann', mapped: false },
          { nick: 'José', id: 'Jose', name: 'José Ruiz', mapped: true },
        ],
        source: { format: 'gcg', sha256: '9f2c…', importedBy: 'arb-1', importedAt: '2026-11-29T10:00:00.000Z', headers: [['title', 'Club night']] },
        notKept: [{ line: 9, text: '#note before the first move', why: 'a note before the first move line has no turn to be kept with' }],
      },
    },
  })
  async import(@Body() body: ImportGcgDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireGranted(request, body.link);
    const ctx = commandContext(request);
    // The record's commands are numbered under the request's command id (an Idempotency-Key's, if sent), so a retry is known.
    await this.run.requireNew(body.id, request, `${ctx.commandId}-1`);
    const parsed = await naming(IMPORT_FIELDS, () => parseGcg(body.gcg));
    // Issue 30: the file's names are refused as a request's would be (control, bidi-override, invisible-only).
    requireReadableNames(
      parsed.players.flatMap((p, i) => [
        { value: p.name, where: `#player${i + 1} full name` },
        { value: p.nick, where: `#player${i + 1} nick` },
      ]),
      'gcg',
    );
    const players = parsed.players.map((p) => ({ nick: p.nick, name: p.name, ...playerIdOf(p.nick) }));
    const infos: readonly [PlayerInfo, PlayerInfo] = [
      { id: players[0].id, name: players[0].name },
      { id: players[1].id, name: players[1].name },
    ];
    // Issue 30: the record's source is kept; it is not timed here, so every command carries the receive time.
    const source = recordSource('gcg', body.gcg, ctx, parsed.headers);
    const opts = { commandIdPrefix: ctx.commandId, actor: ctx.actor, stepSeconds: 0, startAt: ctx.at, players: infos, source };
    const record = await naming(IMPORT_FIELDS, () => importGcgRecord(body.gcg, opts));
    const commands = record.commands;
    const start = commands[0] as Extract<ScrabbleCommand, { type: 'scrabble.start-game' }>;
    if (body.link)
      commands[0] = { ...start, data: { ...start.data, link: await resolveLink(this.core, SCRABBLE_GAME, body.id, body.link, start.data.players) } };
    // All or nothing: every command decided on the state the ones before it leave, one append (expected: no stream yet).
    const result = await naming(IMPORT_FIELDS, () => this.run.startFromRecord(body.id, commands, body));
    const after = await loadGame(this.core, SCRABBLE_GAME, body.id);
    const { events: _events, ...response } = answer(reply, result);
    const scores = after.state.phase === 'none' ? [0, 0] : after.state.game.scores;
    return { id: body.id, commands: commands.length, ...response, scores, phase: after.state.phase, players, source, notKept: record.notKept };
  }

  private async doc(request: AuthedRequest, id: string) {
    await awaitGamePosition(this.core, SCRABBLE_GAME, id, request, this.config.waitMaxMs);
    return readGame(this.core, SCRABBLE_GAME, id, request.principal);
  }

  @Get(':id')
  @Public()
  @ApiOperation({
    summary: 'The game: board, scores, clocks, bag count, whose turn, open hold/challenge, flags (racks hidden from the public while in progress)',
  })
  @ApiOkResponse({ schema: { example: GAME_VIEW_EXAMPLE } })
  async view(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    const { doc, viewer } = await this.doc(request, p.id);
    // The clock is read as of this request (the server's time), not as of the last event.
    return gameView(doc, viewer, new Date().toISOString());
  }

  @Get(':id/scoresheet')
  @Public()
  @ApiOperation({ summary: 'The score sheet: each turn, its score, both cumulative totals, the clock after the turn, penalties and end racks (seed 分數)' })
  @ApiOkResponse({ schema: { example: SCORESHEET_EXAMPLE } })
  async scoresheet(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    const { doc, viewer } = await this.doc(request, p.id);
    return scoreSheetView(doc, viewer);
  }

  @Get(':id/gcg')
  @Public()
  @ApiProduces('text/plain')
  @ApiOperation({ summary: 'The game as GCG text (racks only where the reader may see them)' })
  @ApiOkResponse({ schema: { type: 'string', example: '#character-encoding UTF-8\n#player1 ann Ann\n#player2 bob Bob\n>ann: 8G QI +22 22\n' } })
  async gcg(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { doc, viewer } = await this.doc(request, p.id);
    void reply.header('content-type', 'text/plain; charset=utf-8');
    void reply.header('content-disposition', `inline; filename="${p.id}.gcg"`);
    return gcgView(doc, viewer);
  }

  @Get(':id/events')
  @Public()
  @ApiOperation({ summary: 'Every event of the game, in order (drawn and exchanged tiles of other seats hidden while in progress)' })
  @ApiOkResponse({ schema: { example: EVENTS_EXAMPLE } })
  events(@Param() p: GameParams, @Query() _q: ReadQuery, @Req() request: AuthedRequest) {
    return gameEvents(this.core, SCRABBLE_GAME, p.id, request.principal);
  }
}
