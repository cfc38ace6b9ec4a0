import { Body, Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ExchangeFormatError, parseTrf, trfImportCommands, type TrfImportFile, type TrfImportPlan } from '../../domain/exchange/index.js';
import type { TournamentCommand } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { TournamentAggregate } from '../../runtime/features/tournament/index.js';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { runSequence } from '../command-request.js';
import { asImportRefusal, requireCreator } from '../exchange/exchange-import.js';
import { recordSource } from '../exchange/record-source.js';
import { personNameProblem } from '../person-name.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CORE } from '../tokens.js';
import { ImportTrfDto } from './chess-exchange.dto.js';

const IMPORT_EXAMPLE = {
  id: 'club-rapid-2026',
  commands: 9,
  revision: 8,
  position: 120,
  rounds: 1,
  players: [{ startRank: 1, id: 'ames-ann', name: 'Ames, Ann', line: 3 }],
  notKept: [{ line: 2, text: '022 Hong Kong', why: 'record 022 is not recorded by Arbitra' }],
  discrepancies: [],
};

const NAMES_RULE = 'Arbitra: names are stored as people read them (docs/security.md, Names)';

/** Reads the file; a file that is not TRF-16, or a name no reader could read, is a 422 naming `trf` and the line. */
function readTrfFile(text: string): TrfImportFile {
  let file: TrfImportFile;
  try {
    file = parseTrf(text);
  } catch (e) {
    if (!(e instanceof ExchangeFormatError)) throw e;
    throw new ProblemException(422, 'exchange/trf-unreadable', 'Unprocessable request', e.message, { field: 'trf', rule: e.rule, line: e.line });
  }
  const named = [
    ...file.players.flatMap((p) => [
      { line: p.line, what: 'player name', value: p.name },
      { line: p.line, what: 'federation', value: p.federation },
    ]),
  ];
  if (file.name !== undefined)
    named.push({ line: text.split(/\r\n|\r|\n/).findIndex((l) => l.replace(/^\uFEFF/, '').startsWith('012')) + 1, what: 'tournament name', value: file.name });
  for (const { line, what, value } of named) {
    const problem = value === undefined ? null : personNameProblem(value);
    if (problem)
      throw new ProblemException(422, 'exchange/player-name', 'Unprocessable request', `line ${line}: the ${what} ${problem}`, {
        field: 'trf',
        rule: NAMES_RULE,
        line,
      });
  }
  return file;
}

/**
 * Chess tournaments in the file FIDE exchanges: TRF-16 in (C.04.A, a tournament paired elsewhere continues here). The
 * export is GET /v1/chess/tournaments/:id/trf.
 */
@ApiTags('exchange')
@ApiBearerAuth()
@Controller('v1/chess/tournaments')
export class ChessExchangeController {
  constructor(@Inject(ARBITRA_CORE) private readonly core: ArbitraCore) {}

  @Post('import/trf')
  @Allow('chief-arbiter')
  @ApiOperation({
    summary: 'Record a FIDE TRF-16 file as a new chess tournament paired by fide-dutch, all or nothing (admin, or a chief arbiter granted the id)',
  })
  @ApiCreatedResponse({ schema: { example: IMPORT_EXAMPLE } })
  async importTrf(@Body() body: ImportTrfDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireCreator(request, body.id);
    const file = readTrfFile(body.trf);
    const name = body.name ?? file.name;
    if (!name)
      throw new ProblemException(400, 'validation/failed', 'Invalid request', 'the file has no 012 record naming the tournament: give name', {
        field: 'name',
        rule: 'Arbitra: a tournament needs a name',
      });
    let plan: TrfImportPlan | undefined;
    try {
      const { events: _events, ...answer } = await runSequence(this.core, request, reply, TournamentAggregate, body.id, (context) => {
        plan = trfImportCommands(file, { id: body.id, name, source: recordSource('trf', body.trf, context, file.headers) });
        return plan.commands.map(
          (c, i) => ({ ...c, context: i === 0 ? context : { ...context, commandId: `${context.commandId}:${i}` } }) as TournamentCommand,
        );
      });
      const done = plan as TrfImportPlan;
      return {
        id: body.id,
        commands: done.commands.length,
        ...answer,
        rounds: done.rounds,
        players: done.players,
        notKept: file.notKept,
        discrepancies: done.discrepancies,
      };
    } catch (e) {
      if (e instanceof ExchangeFormatError)
        throw new ProblemException(422, 'exchange/trf-not-recordable', 'Unprocessable request', e.message, { field: 'trf', rule: e.rule, line: e.line });
      throw asImportRefusal(e, 'trf');
    }
  }
}
