/**
 * `trf-check <file.trf>`: what `POST /v1/chess/tournaments/import/trf` would record from a TRF-16 file (FIDE Handbook
 * C.04.A: an endorsed program imports TRF-16), without a data directory: the file read and its commands decided in
 * memory by the tournament's own rules. Prints the players and rounds, what is not kept and the discrepancies, or the
 * refusal naming its line. Exit 0 when the file would be recorded, 1 when it would be refused, 2 on a bad invocation.
 */
import { ExchangeFormatError, parseTrf, trfImportCommands } from '../../libs/domain/exchange/index.js';
import { DomainError, fold } from '../../libs/domain/kernel/index.js';
import { readText } from './dutch-check.js';
import { tournamentDecider, type TournamentCommand, type TournamentState } from '../../libs/domain/tournament/index.js';

export function trfCheckCommand(args: string[], out: (line: string) => void, err: (line: string) => void, now: string): number {
  const file = args[0];
  if (!file || args.length > 1) {
    err('trf-check needs one TRF-16 file: trf-check <file.trf>');
    return 2;
  }
  const text = readText(file, err);
  if (text === null) return 2;
  try {
    const read = parseTrf(text);
    const source = { format: 'trf' as const, sha256: '', importedBy: 'trf-check', importedAt: now, headers: read.headers };
    const plan = trfImportCommands(read, { id: 'trf-check', name: read.name ?? file, source });
    let state: TournamentState = tournamentDecider.initialState();
    plan.commands.forEach((c, i) => {
      const command = { ...c, context: { at: now, actor: { id: 'trf-check', role: 'admin' }, commandId: `trf-check:${i}` } } as TournamentCommand;
      state = fold(tournamentDecider, tournamentDecider.decide(command, state), state);
    });
    out(`would record ${plan.players.length} players and ${plan.rounds} round(s) (${plan.commands.length} commands)`);
    for (const n of read.notKept) out(`not kept, line ${n.line}: ${n.text} (${n.why})`);
    for (const d of plan.discrepancies) out(`discrepancy, line ${d.line}: ${d.why}`);
    return 0;
  } catch (e) {
    if (e instanceof ExchangeFormatError || e instanceof DomainError) {
      out(`refused: ${e.message} (${e.rule})`);
      return 1;
    }
    throw e;
  }
}
