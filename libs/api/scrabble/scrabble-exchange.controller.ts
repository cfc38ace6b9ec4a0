import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  divisionGrid,
  ExchangeExportError,
  ExchangeFormatError,
  importCommands,
  parseTou,
  parseTsh,
  writeTou,
  writeTsh,
  type ImportedFile,
} from '../../domain/exchange/index.js';
import type { TournamentCommand } from '../../domain/tournament/index.js';
import { publishedView, type OpenTournament } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { TournamentAggregate } from '../../runtime/features/tournament/index.js';
import { Allow, Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { runSequence } from '../command-request.js';
import { asImportRefusal, requireCreator } from '../exchange/exchange-import.js';
import { personNameProblem } from '../person-name.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { divisionOf } from '../tournaments/tournament-command.js';
import { sendsFile, tournamentToExport } from '../tournaments/tournament-export.js';
import { TournamentReads } from '../tournaments/tournament-reads.js';
import { DivisionQuery, TournamentParams } from '../tournaments/tournament-params.dto.js';
import { ImportTouDto, ImportTshDto } from './scrabble-exchange.dto.js';

/** Reads a file; a file that is not its format is a 422 naming the request field, the line and the format's rule. */
function readFile(field: string, read: () => ImportedFile): ImportedFile {
  let file: ImportedFile;
  try {
    file = read();
  } catch (e) {
    if (!(e instanceof ExchangeFormatError)) throw e;
    throw new ProblemException(422, `exchange/${e.format}-unreadable`, 'Unprocessable request', e.message, { field, rule: e.rule, line: e.line });
  }
  for (const d of file.divisions)
    for (const p of d.players) {
      const problem = p.name.length > 200 ? 'is longer than 200 characters' : personNameProblem(p.name);
      if (problem)
        throw new ProblemException(422, 'exchange/player-name', 'Unprocessable request', `line ${p.line}: the player name ${problem}`, {
          field,
          rule: 'Arbitra: names are stored as people read them (docs/security.md, Names)',
          line: p.line,
        });
    }
  const title = file.name === undefined ? null : file.name.length > 200 ? 'is longer than 200 characters' : personNameProblem(file.name);
  if (title)
    throw new ProblemException(422, 'exchange/tournament-name', 'Unprocessable request', `line 1: the tournament name ${title}`, {
      field,
      rule: 'Arbitra: names are stored as people read them (docs/security.md, Names)',
      line: 1,
    });
  return file;
}

/** The export, or a 422 naming the player the format cannot write (a name its readers would misread) and the rule. */
function writable(write: () => string): string {
  try {
    return write();
  } catch (e) {
    if (!(e instanceof ExchangeExportError)) throw e;
    throw new ProblemException(422, `exchange/${e.format}-unwritable`, 'Unprocessable request', e.message, { field: 'id', rule: e.rule, player: e.player });
  }
}

const IMPORT_EXAMPLE = {
  id: 'club-open-2026',
  commands: 412,
  revision: 411,
  position: 9120,
  rounds: 23,
  players: [{ division: 'A', number: 1, id: 'smylie-jackson', name: 'Smylie, Jackson', line: 1 }],
  notKept: [{ line: 1, text: 'newr 2010 2012 2015', why: 'TSH field newr is not recorded by Arbitra' }],
};

/**
 * Scrabble tournaments in the files federations exchange: the WESPA rating submission (.TOU) and the
 * standard tournament software's per-division `.t` file, out (published rounds only, to anyone) and in
 * (a new tournament recorded through the command path, all or nothing).
 */
@ApiTags('exchange')
@ApiBearerAuth()
@Controller('v1/scrabble/tournaments')
export class ScrabbleExchangeController {
  private readonly reads: TournamentReads;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) config: ArbitraConfig,
  ) {
    this.reads = new TournamentReads(core, config);
  }

  @Get(':id/tou')
  @Public()
  @ApiProduces('text/plain')
  @ApiOperation({ summary: 'The tournament as a WESPA .TOU rating submission (published rounds; one *section a division, or ?division=)' })
  async tou(@Param() p: TournamentParams, @Query() q: DivisionQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const t = await this.scrabble(request, p.id);
    const divisions = q.division === undefined ? t.divisions : [divisionOf(t, q.division)];
    const grids = divisions.map((d) => divisionGrid(t, d));
    const days = grids.flatMap((g) => g.days).sort();
    sendsFile(reply, 'text/plain', `${p.id}.tou`);
    // The file is of published rounds: without a day recorded it is dated by the last public change (issue 32).
    const publicAsOf = this.reads.publicAsOf(p.id) ?? this.reads.summary(p.id).asOf;
    return writable(() => writeTou(t.name, days.at(-1) ?? publicAsOf.at.slice(0, 10), grids));
  }

  @Get(':id/tsh')
  @Public()
  @ApiProduces('text/plain')
  @ApiOperation({ summary: 'One division as the tournament software’s .t file: name, rating, opponents; scores; board; p12 (published rounds)' })
  async tsh(@Param() p: TournamentParams, @Query() q: DivisionQuery, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const t = await this.scrabble(request, p.id);
    const division = divisionOf(t, q.division);
    sendsFile(reply, 'text/plain', `${division.toLowerCase().replace(/[^a-z0-9._-]/g, '_')}.t`);
    return writable(() => writeTsh(divisionGrid(t, division)));
  }

  @Post('import/tou')
  @Allow('chief-arbiter')
  @ApiOperation({ summary: 'Record a .TOU file as a new Scrabble tournament, all or nothing (admin, or a chief arbiter granted the id)' })
  @ApiCreatedResponse({ schema: { example: IMPORT_EXAMPLE } })
  async importTou(@Body() body: ImportTouDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireCreator(request, body.id);
    const file = readFile('tou', () => parseTou(body.tou));
    const name = body.name ?? file.name;
    if (!name)
      throw new ProblemException(400, 'validation/failed', 'Invalid request', 'the file’s *M line names no tournament: give name', {
        field: 'name',
        rule: 'Arbitra: a tournament needs a name',
      });
    return this.record(request, reply, body.id, name, file, 'TOU', 'tou');
  }

  @Post('import/tsh')
  @Allow('chief-arbiter')
  @ApiOperation({ summary: 'Record TSH .t files (one a division) as a new Scrabble tournament, all or nothing (admin, or a chief arbiter granted the id)' })
  @ApiCreatedResponse({ schema: { example: IMPORT_EXAMPLE } })
  async importTsh(@Body() body: ImportTshDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    requireCreator(request, body.id);
    const names = body.divisions.map((d) => d.name);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup !== undefined)
      throw new ProblemException(400, 'validation/failed', 'Invalid request', `division ${dup} is given twice`, {
        field: 'divisions',
        rule: 'Arbitra: division names are unique',
      });
    const files = body.divisions.map((d, i) => readFile(`divisions[${i}].t`, () => parseTsh(d.t, d.name)));
    const file: ImportedFile = { divisions: files.flatMap((f) => f.divisions), notKept: files.flatMap((f) => f.notKept) };
    return this.record(request, reply, body.id, body.name, file, 'TSH', 'divisions');
  }

  private async record(request: AuthedRequest, reply: FastifyReply, id: string, name: string, file: ImportedFile, format: string, field: string) {
    const plan = importCommands(file, { id, name, format });
    try {
      const { events: _events, ...answer } = await runSequence(this.core, request, reply, TournamentAggregate, id, (context) =>
        plan.commands.map((c, i) => ({ ...c, context: i === 0 ? context : { ...context, commandId: `${context.commandId}:${i}` } }) as TournamentCommand),
      );
      return { id, commands: plan.commands.length, ...answer, rounds: plan.rounds, players: plan.players, notKept: [...file.notKept, ...plan.notKept] };
    } catch (e) {
      throw asImportRefusal(e, field);
    }
  }

  /** The tournament as the public sees it (published rounds only, for every caller), after `?waitFor=`; or 404/422. */
  private async scrabble(request: AuthedRequest, id: string): Promise<OpenTournament> {
    const { tournament } = await tournamentToExport(this.reads, request, id, 'scrabble', {
      type: 'exchange/not-a-scrabble-tournament',
      rule: 'WESPA .TOU and TSH .t files report Scrabble tournaments',
    });
    // Open information stops at publication (RULES.unpublishedHidden): an unpublished round is exported to nobody.
    return publishedView(tournament);
  }
}
