import { invalid, notFound, refuse } from '../kernel/errors.js';
import type { PairedGame, PairedTable, PairingResult, Wind } from '../pairing/types.js';
import { RULES } from './rules.js';
import { findPlayer, isActiveIn, type OpenTournament, type PlayerState } from './tournament.state.js';

const WIND_ORDER: readonly Wind[] = ['E', 'S', 'W', 'N'];

export interface ProposedPairing {
  readonly games: readonly PairedGame[];
  readonly tables: readonly PairedTable[];
  readonly bye: string | null;
  /** Relaxations the pairing system declared (manual pairings declare none). */
  readonly repeats: PairingResult['repeats'];
}

/** The players expected at the boards of this round of this division. */
export function activePlayers(t: OpenTournament, division: string, round: number): PlayerState[] {
  return t.players.filter((p) => p.division === division && isActiveIn(p, round));
}

function whyInactive(p: PlayerState, round: number): string {
  if (p.joinsAtRound > round) return `joins only at round ${p.joinsAtRound}`;
  if (p.withdrawnFromRound !== null && round >= p.withdrawnFromRound) return `withdrew from round ${p.withdrawnFromRound}`;
  return `is absent in round ${round}`;
}

/**
 * Checks a pairing against the tournament: every active player exactly once (or the bye), nobody
 * withdrawn, absent or from another division, tables well formed, forbidden pairings respected.
 */
export function validatePairing(t: OpenTournament, division: string, round: number, p: ProposedPairing): void {
  const mahjong = t.profile.format === 'mahjong-table';
  if (mahjong && (p.games.length > 0 || p.bye !== null))
    invalid('tournament/pairing-format', 'a mahjong round is paired in tables of four, without 2-player games or byes', RULES.mahjongTable, 'pairing');
  if (!mahjong && p.tables.length > 0) invalid('tournament/pairing-format', `a ${t.discipline} round is paired in 2-player games, not tables`, RULES.twoPlayerOnly, 'pairing');

  const tableNumbers = mahjong ? p.tables.map((x) => x.table) : p.games.map((g) => g.table);
  for (const n of tableNumbers) if (!Number.isInteger(n) || n < 1) invalid('tournament/pairing-table-number', `table numbers are positive integers, got ${n}`, RULES.pairingCoverage, 'pairing');
  const dupTable = tableNumbers.find((n, i) => tableNumbers.indexOf(n) !== i);
  if (dupTable !== undefined) invalid('tournament/pairing-table-number', `table ${dupTable} appears twice`, RULES.pairingCoverage, 'pairing');

  for (const table of p.tables) {
    const winds = table.seats.map((s) => s.wind).join('');
    if (table.seats.length !== 4 || winds !== WIND_ORDER.join(''))
      invalid('tournament/mahjong-table-seats', `table ${table.table} must seat four players as E, S, W, N (got ${winds || 'none'})`, RULES.mahjongTable, 'pairing');
  }
  for (const g of p.games) if (g.first === g.second) invalid('tournament/pairing-self', `table ${g.table} pairs ${g.first} with themself`, RULES.pairingCoverage, 'pairing');

  const seated = [...p.games.flatMap((g) => [g.first, g.second]), ...p.tables.flatMap((x) => x.seats.map((s) => s.player)), ...(p.bye === null ? [] : [p.bye])];
  const seen = new Set<string>();
  for (const id of seated) {
    const player = findPlayer(t, id);
    if (!player) notFound('tournament/unknown-player', `the pairing names ${id}, who is not registered in tournament ${t.id}`, 'pairing');
    if (player.division !== division)
      invalid('tournament/pairing-wrong-division', `${id} plays in division ${player.division}, not ${division}`, RULES.division, 'pairing');
    if (!isActiveIn(player, round))
      refuse('tournament/pairing-inactive-player', `round ${round} cannot seat ${id}: the player ${whyInactive(player, round)}`, RULES.pairingCoverage, { field: 'pairing' });
    if (seen.has(id)) invalid('tournament/pairing-duplicate-player', `${id} is seated more than once in round ${round}`, RULES.pairingCoverage, 'pairing');
    seen.add(id);
  }
  const active = activePlayers(t, division, round);
  const missing = active.filter((x) => !seen.has(x.id)).map((x) => x.id);
  if (missing.length > 0)
    invalid('tournament/pairing-missing-player', `round ${round} leaves out ${missing.length} active player(s): ${missing.join(', ')}`, RULES.pairingCoverage, 'pairing', { missing });
  if (!mahjong) {
    const odd = active.length % 2 === 1;
    if (odd !== (p.bye !== null))
      invalid('tournament/pairing-bye', odd ? `${active.length} active players: one of them gets the bye` : `${active.length} active players: nobody gets a bye`, RULES.byeOnlyOdd, 'pairing');
  }

  // Forbidden pairings: allowed only when the system declared the relaxation.
  const meetings: Array<[string, string, number]> = [
    ...p.games.map((g): [string, string, number] => [g.first, g.second, g.table]),
    ...p.tables.flatMap((x) => x.seats.flatMap((s, i) => x.seats.slice(i + 1).map((o): [string, string, number] => [s.player, o.player, x.table]))),
  ];
  const same = (a: string, b: string, x: { a: string; b: string }) => (x.a === a && x.b === b) || (x.a === b && x.b === a);
  for (const [a, b, table] of meetings) {
    const ban = t.forbidden.find((f) => same(a, b, f));
    if (ban && !p.repeats.some((r) => r.why === 'forbidden' && same(a, b, r)))
      refuse('tournament/forbidden-pairing', `table ${table} pairs ${a} with ${b}, which is forbidden (${ban.reason})`, RULES.pairingForbidden, { field: 'pairing' });
  }
}
