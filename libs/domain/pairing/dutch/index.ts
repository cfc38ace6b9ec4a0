/** The FIDE Dutch system behind the pairing contract (`pair('fide-dutch', request)`). */
import { invalid } from '../../kernel/errors.js';
import { validateRequest } from '../field.js';
import type { PairingRequest, PairingResult } from '../types.js';
import { dutchPairing } from './dutch.js';
import { dutchPlayers, type CrossRow, type VirtualPoints } from './players.js';

export { dutchPairing, DEFAULT_DUTCH_BUDGET, type DutchRequest, type DutchResult, type DutchGame } from './dutch.js';
export { dutchPlayers, type CrossRow, type CrossEntry, type DutchPlayer, type Colour } from './players.js';
export { readTrf, trfCrossTable, trfRound, type TrfFile } from './trf-read.js';
export { bakuAcceleration, bakuGroupSize, bakuVirtualPoints, BAKU_RULE } from './baku.js';
export { randomTournament, RANDOM_TOURNAMENT_LIMITS, RANDOM_TOURNAMENT_RULE, type RandomTournament, type RandomTournamentConfig } from './random-tournament.js';
export { checkTrf, checkRound, pairTrfRound, type RoundCheck } from './check.js';

/**
 * Pairing numbers as C.04.3 E.5 reads them: the starting ranks renumbered among the players who take part in this
 * pairing or took part in an earlier one (a late entry or a player absent so far has none yet).
 */
export function effectiveNumbers(rows: readonly CrossRow[], paired: ReadonlySet<string>, round: number): CrossRow[] {
  const taking = rows.filter((r) => paired.has(r.id) || r.entries.some((e) => e.round < round && (e.opponent !== null || e.pab))).sort((a, b) => a.tpn - b.tpn);
  const number = new Map(taking.map((r, i) => [r.id, i + 1]));
  return rows.map((r) => ({ ...r, tpn: number.get(r.id) ?? rows.length + r.tpn }));
}

/** The virtual points of a round from the record's table (index 0 = round 1). */
export function virtualOf(table: Readonly<Record<string, readonly number[]>> | undefined): VirtualPoints | undefined {
  return table && ((id, round) => table[id]?.[round - 1] ?? 0);
}

export function fideDutch(request: PairingRequest): PairingResult {
  validateRequest('fide-dutch', request);
  const record = request.record;
  if (!record)
    invalid(
      'pairing/record-required',
      'fide-dutch pairs from the cross-table of earlier rounds; the request has no record',
      'FIDE Handbook C.04.3 A.6, A.4',
      'record',
    );
  const ids = request.players.map((p) => p.id);
  const known = new Set(record.rows.map((r) => r.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined)
    invalid('pairing/record-incomplete', `player ${unknown} has no row in the record`, 'FIDE Handbook C.04.3 A.2', 'record', { player: unknown });
  const rows = effectiveNumbers(record.rows, new Set(ids), request.round);
  const result = dutchPairing({
    round: request.round,
    totalRounds: record.plannedRounds,
    initialColour: request.options?.initialColour === 'black' ? 'B' : 'W',
    players: dutchPlayers(rows, ids, request.round, record.points, virtualOf(record.virtualPoints)),
    forbidden: request.forbidden.map((f) => [f.a, f.b] as const),
    win: record.points.win,
  });
  const rules = new Map<string, number>();
  for (const g of result.games) rules.set(g.colourRule, (rules.get(g.colourRule) ?? 0) + 1);
  const colours = [...rules].sort(([a], [b]) => (a < b ? -1 : 1)).map(([r, n]) => `${r} ×${n}`);
  const accelerated = Object.values(record.virtualPoints ?? {}).filter((v) => (v[request.round - 1] ?? 0) > 0).length;
  const acceleration =
    accelerated > 0 ? [`${accelerated} players paired with virtual points added (accelerated pairings, C.04.5; never in the standings)`] : [];
  return {
    system: 'fide-dutch',
    round: request.round,
    games: result.games.map((g, i) => ({ table: i + 1, first: g.white, second: g.black })),
    tables: [],
    bye: result.bye,
    repeats: [],
    explanation: [...acceleration, ...result.explanation, ...(colours.length > 0 ? [`colours decided by ${colours.join(', ')} (C.04.3 E)`] : [])],
  };
}
