import type { RecordSource } from '../kernel/record-source.js';
import type { PairedGame } from '../pairing/types.js';
import type { ResultInput } from '../tournament/tournament.commands.js';
import { playerIds, type TournamentCommandBody } from './import-commands.js';
import { ExchangeFormatError } from './imported.js';
import { TRF_RULES, type TrfImportFile, type TrfImportPlayer } from './trf.js';

export interface TrfImportPlan {
  readonly commands: readonly TournamentCommandBody[];
  /** Who each player record became. */
  readonly players: ReadonlyArray<{ readonly startRank: number; readonly id: string; readonly name: string; readonly line: number }>;
  readonly rounds: number;
  /** Points columns that are not the sum of the player's results (recorded as the file's results, listed here). */
  readonly discrepancies: Array<{ readonly line: number; readonly text: string; readonly why: string }>;
}

/** Points of a result code under the chess profile (win 1, draw ½, loss 0; the pairing-allocated bye a win). */
const POINTS: Readonly<Record<string, number>> = { '1': 1, '=': 0.5, '0': 0, '+': 1, '-': 0, U: 1, H: 0.5, F: 1, Z: 0, ' ': 0 };

/** The result of a game from White's block and Black's: played, forfeit (who was absent), double forfeit, or none yet. */
function resultOf(white: string, black: string): ResultInput | null {
  if (white === '1') return { kind: 'played', outcome: 'first' };
  if (white === '0') return { kind: 'played', outcome: 'second' };
  if (white === '=') return { kind: 'played', outcome: 'draw' };
  if (white === '+') return { kind: 'forfeit', absent: 'second' };
  if (white === '-' && black === '+') return { kind: 'forfeit', absent: 'first' };
  if (white === '-') return { kind: 'double-forfeit' };
  return null;
}

/** The requested bye each TRF-16 bye code records (Z zero-, H half-, F full-point). */
const REQUESTED: Readonly<Record<string, 'zero' | 'half' | 'full'>> = { Z: 'zero', H: 'half', F: 'full' };

/**
 * What a round without an opponent is: the pairing-allocated bye (U), a bye requested in advance (Z, H, F: recorded
 * with its value), an absence without a value (-, blank), or not recordable (+, W, … without an opponent).
 */
function unpaired(p: TrfImportPlayer, round: number): { kind: 'bye' } | { kind: 'absent'; bye?: 'zero' | 'half' | 'full' } {
  const b = p.blocks[round - 1];
  if (!b || b.result === '-' || b.result === ' ') return { kind: 'absent' };
  if (b.result === 'U') return { kind: 'bye' };
  const bye = REQUESTED[b.result];
  if (bye !== undefined) return { kind: 'absent', bye };
  throw new ExchangeFormatError('trf', p.line, `round ${round}: result "${b.result}" without an opponent cannot be recorded`, TRF_RULES.recordable);
}

/**
 * The commands that record a TRF-16 file as a new chess tournament paired by fide-dutch, in order: create (with the
 * file's source), register every player in starting-rank order, then per round the absences, the file's pairing
 * (manual, White first), its publication and every result it writes. Decided in one sequence, all or nothing.
 */
export function trfImportCommands(file: TrfImportFile, opts: { readonly id: string; readonly name: string; readonly source: RecordSource }): TrfImportPlan {
  const [ids] = playerIds([file]);
  // A points column that is not the sum of the results written: the results are recorded, the contradiction listed (issue 30).
  const discrepancies = file.players.flatMap((p) => {
    const sum = p.blocks.reduce((s, b) => s + (b ? (POINTS[b.result] ?? 0) : 0), 0);
    return p.points !== null && p.points !== sum
      ? [{ line: p.line, text: `81–84 ${p.points.toFixed(1)}`, why: `the points column says ${p.points}; the results written give ${sum}` }]
      : [];
  });
  const id = (startRank: number) => ids[startRank - 1];
  const commands: TournamentCommandBody[] = [
    {
      type: 'tournament.create',
      data: {
        id: opts.id,
        name: opts.name,
        discipline: 'chess-rapid',
        pairingSystems: ['fide-dutch'],
        ...(file.roundsPlanned !== undefined && { roundsPlanned: file.roundsPlanned }),
        ...((file.rapidMinutes !== undefined || file.acceleration !== undefined) && {
          profile: {
            ...(file.rapidMinutes !== undefined && { rapidMinutes: file.rapidMinutes }),
            ...(file.acceleration !== undefined && { acceleration: file.acceleration }),
          },
        }),
        source: discrepancies.length > 0 ? { ...opts.source, discrepancies } : opts.source,
      },
    },
  ];
  for (const p of file.players)
    commands.push({
      type: 'tournament.register-player',
      data: {
        player: {
          id: id(p.startRank),
          name: p.name,
          ...(p.rating !== undefined && { rating: p.rating }),
          ...(p.federation !== undefined && { country: p.federation }),
          ...(p.fideId !== undefined && { federationId: p.fideId }),
        },
      },
    });
  for (let round = 1; round <= file.rounds; round++) {
    const games: Array<PairedGame & { result: ResultInput | null }> = [];
    let bye: string | null = null;
    for (const p of file.players) {
      const b = p.blocks[round - 1];
      if (b?.opponent != null && b.opponent !== p.startRank) {
        if (b.colour !== 'w') continue;
        const back = file.players[b.opponent - 1].blocks[round - 1];
        games.push({ table: games.length + 1, first: id(p.startRank), second: id(b.opponent), result: resultOf(b.result, back?.result ?? ' ') });
        continue;
      }
      const u = unpaired(p, round);
      if (u.kind === 'absent') {
        const data = { playerId: id(p.startRank), round, reason: `TRF file: no game in round ${round}`, ...(u.bye !== undefined && { bye: u.bye }) };
        commands.push({ type: 'tournament.mark-absent', data });
        continue;
      }
      if (bye !== null) throw new ExchangeFormatError('trf', p.line, `round ${round}: a second pairing-allocated bye (U)`, TRF_RULES.recordable);
      bye = id(p.startRank);
    }
    const day = file.roundDays[round - 1];
    commands.push({
      type: 'tournament.pair-round',
      data: {
        round,
        pairing: {
          kind: 'manual',
          reason: 'imported from a TRF file',
          games: games.map(({ table, first, second }) => ({ table, first, second })),
          tables: [],
          bye,
        },
        ...(day !== undefined && { day }),
      },
    });
    commands.push({ type: 'tournament.publish-round', data: { round } });
    for (const g of games)
      if (g.result !== null)
        commands.push({ type: 'tournament.record-result', data: { round, table: g.table, result: g.result, source: { kind: 'arbiter' } } });
  }
  return {
    commands,
    rounds: file.rounds,
    discrepancies,
    players: file.players.map((p) => ({ startRank: p.startRank, id: id(p.startRank), name: p.name, line: p.line })),
  };
}
