import { invalid, notFound, refuse } from '../kernel/errors.js';
import type { PairedGame, PairedTable, PairingResult, PairingSystem, Wind } from '../pairing/types.js';
import { eliminatedBefore, knockoutRoundsBefore } from './knockout.js';
import { RULES } from './rules.js';
import { findPlayer, isActiveIn, type OpenTournament, type PlayerState } from './tournament.state.js';

const WIND_ORDER: readonly Wind[] = ['E', 'S', 'W', 'N'];

export interface ProposedPairing {
  readonly games: readonly PairedGame[];
  readonly tables: readonly PairedTable[];
  readonly bye: string | null;
  /** Every bye-holder (knockout); `bye` is the first. Absent: just `bye`. */
  readonly byes?: readonly string[];
  /** Players deliberately not paired, with why (knockout). */
  readonly out?: PairingResult['out'];
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

/** Every bye-holder of a proposed pairing: `byes` when given, else the one `bye`. */
export function byeHolders(p: { readonly bye: string | null; readonly byes?: readonly string[] }): readonly string[] {
  return p.byes ?? (p.bye === null ? [] : [p.bye]);
}

/**
 * Checks a pairing against the tournament: every active player exactly once (or the bye), nobody
 * withdrawn, absent or from another division, tables well formed, forbidden pairings respected.
 * For system 'knockout' (RULES.knockoutField): several byes are allowed, and an active player may be
 * left out when the pairing lists them in `out` with a true reason (eliminated per the stream;
 * below the cut only in the first knockout round); an eliminated player is never seated.
 */
export function validatePairing(t: OpenTournament, division: string, round: number, p: ProposedPairing, system?: PairingSystem): void {
  const knockout = system === 'knockout';
  const byes = byeHolders(p);
  if (p.byes !== undefined && (p.bye ?? null) !== (byes[0] ?? null))
    invalid('tournament/pairing-bye', `the bye (${p.bye ?? 'none'}) must be the first of the byes (${byes.join(', ') || 'none'})`, RULES.byeOnlyOdd, 'pairing');
  // A manual pairing (system undefined) may record several byes, as a file's round gave them (RULES.byesAsRecorded).
  const manual = system === undefined;
  if (!knockout && !manual && byes.length > 1)
    invalid('tournament/pairing-bye', `${byes.length} byes: only a knockout or a manual pairing gives more than one bye`, RULES.byeOnlyOdd, 'pairing');
  const mahjong = t.profile.format === 'mahjong-table';
  if (mahjong && (p.games.length > 0 || byes.length > 0))
    invalid('tournament/pairing-format', 'a mahjong round is paired in tables of four, without 2-player games or byes', RULES.mahjongTable, 'pairing');
  if (!mahjong && p.tables.length > 0)
    invalid('tournament/pairing-format', `a ${t.discipline} round is paired in 2-player games, not tables`, RULES.twoPlayerOnly, 'pairing');

  const tableNumbers = mahjong ? p.tables.map((x) => x.table) : p.games.map((g) => g.table);
  for (const n of tableNumbers)
    if (!Number.isInteger(n) || n < 1)
      invalid('tournament/pairing-table-number', `table numbers are positive integers, got ${n}`, RULES.pairingCoverage, 'pairing');
  const dupTable = tableNumbers.find((n, i) => tableNumbers.indexOf(n) !== i);
  if (dupTable !== undefined) invalid('tournament/pairing-table-number', `table ${dupTable} appears twice`, RULES.pairingCoverage, 'pairing');

  for (const table of p.tables) {
    const winds = table.seats.map((s) => s.wind).join('');
    if (table.seats.length !== 4 || winds !== WIND_ORDER.join(''))
      invalid(
        'tournament/mahjong-table-seats',
        `table ${table.table} must seat four players as E, S, W, N (got ${winds || 'none'})`,
        RULES.mahjongTable,
        'pairing',
      );
  }
  for (const g of p.games)
    if (g.first === g.second) invalid('tournament/pairing-self', `table ${g.table} pairs ${g.first} with themself`, RULES.pairingCoverage, 'pairing');

  const seated = [...p.games.flatMap((g) => [g.first, g.second]), ...p.tables.flatMap((x) => x.seats.map((s) => s.player)), ...byes];
  const seen = new Set<string>();
  for (const id of seated) {
    const player = findPlayer(t, id);
    if (!player) notFound('tournament/unknown-player', `the pairing names ${id}, who is not registered in tournament ${t.id}`, 'pairing');
    if (player.division !== division)
      invalid('tournament/pairing-wrong-division', `${id} plays in division ${player.division}, not ${division}`, RULES.division, 'pairing');
    if (!isActiveIn(player, round))
      refuse('tournament/pairing-inactive-player', `round ${round} cannot seat ${id}: the player ${whyInactive(player, round)}`, RULES.pairingCoverage, {
        field: 'pairing',
      });
    if (seen.has(id)) invalid('tournament/pairing-duplicate-player', `${id} is seated more than once in round ${round}`, RULES.pairingCoverage, 'pairing');
    seen.add(id);
  }
  const active = activePlayers(t, division, round);
  if (knockout) validateKnockoutField(t, division, round, p, seen);
  const leftOut = new Set(knockout ? (p.out ?? []).map((o) => o.player) : []);
  const missing = active.filter((x) => !seen.has(x.id) && !leftOut.has(x.id)).map((x) => x.id);
  if (missing.length > 0)
    invalid(
      'tournament/pairing-missing-player',
      `round ${round} leaves out ${missing.length} active player(s): ${missing.join(', ')}`,
      knockout ? RULES.knockoutField : RULES.pairingCoverage,
      'pairing',
      {
        missing,
      },
    );
  if (!mahjong && !knockout && byes.length <= 1) {
    const odd = active.length % 2 === 1;
    if (odd !== (p.bye !== null))
      invalid(
        'tournament/pairing-bye',
        odd ? `${active.length} active players: one of them gets the bye` : `${active.length} active players: nobody gets a bye`,
        RULES.byeOnlyOdd,
        'pairing',
      );
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
      refuse('tournament/forbidden-pairing', `table ${table} pairs ${a} with ${b}, which is forbidden (${ban.reason})`, RULES.pairingForbidden, {
        field: 'pairing',
      });
  }
}

/** Knockout (RULES.knockoutField): nobody eliminated is seated; everyone in `out` is out for a true reason. */
function validateKnockoutField(t: OpenTournament, division: string, round: number, p: ProposedPairing, seated: ReadonlySet<string>): void {
  const eliminated = eliminatedBefore(t, division, round);
  const firstKnockoutRound = knockoutRoundsBefore(t, division, round).length === 0;
  for (const id of seated)
    if (eliminated.has(id))
      refuse('tournament/knockout-eliminated-player', `round ${round} cannot seat ${id}: the player is out of the knockout`, RULES.knockoutField, {
        field: 'pairing',
      });
  const listed = new Set<string>();
  for (const o of p.out ?? []) {
    if (seated.has(o.player) || listed.has(o.player))
      invalid('tournament/knockout-out', `${o.player} is listed as out and also seated, or listed twice`, RULES.knockoutField, 'pairing');
    listed.add(o.player);
    const player = findPlayer(t, o.player);
    if (!player || player.division !== division)
      invalid('tournament/knockout-out', `${o.player} is not a player of division ${division}`, RULES.knockoutField, 'pairing');
    if (o.why === 'eliminated' && !eliminated.has(o.player))
      refuse('tournament/knockout-out', `${o.player} is listed as eliminated but has not lost or left an earlier knockout round`, RULES.knockoutField, {
        field: 'pairing',
      });
    if (o.why === 'below-cut' && !firstKnockoutRound)
      refuse('tournament/knockout-out', `${o.player} is listed below the cut, but the cut is made only in the first knockout round`, RULES.knockoutField, {
        field: 'pairing',
      });
    if (o.why !== 'eliminated' && o.why !== 'below-cut')
      invalid('tournament/knockout-out', `${o.player} is out for an unknown reason "${String(o.why)}"`, RULES.knockoutField, 'pairing');
  }
}
