import { assertNever } from '../kernel/decider.js';
import type { ForbiddenPairing, PairingResult } from '../pairing/types.js';
import type { GameResult, Penalty } from '../standings/results.js';
import type { RegisteredPlayer, RoundPairing, TournamentEvent, TournamentSettings } from './tournament.events.js';

export interface PlayerState extends RegisteredPlayer {
  readonly joinsAtRound: number;
  readonly withdrawnFromRound: number | null;
  readonly absentRounds: readonly number[];
  /** Absences requested as byes worth points (requested-byes.ts); absent when there are none. */
  readonly requestedByes?: ReadonlyArray<{ readonly round: number; readonly points: 'half' | 'full' }>;
}

export type RoundStatus = 'paired' | 'published' | 'locked';

/** A paired round as the decider keeps it: the pairing as recorded (less its explanation), its status and results. */
export interface RoundState extends Omit<RoundPairing, 'repeats' | 'explanation'> {
  readonly status: RoundStatus;
  /** Keyed by `t<table>`, `bye` (the round's `bye`) or `bye:<player>` (further knockout byes). */
  readonly results: Readonly<Record<string, GameResult>>;
}

export interface OpenTournament extends TournamentSettings {
  readonly status: 'open';
  /** In registration order. */
  readonly players: readonly PlayerState[];
  readonly forbidden: readonly ForbiddenPairing[];
  /** Keyed by roundKey(division, round). */
  readonly rounds: Readonly<Record<string, RoundState>>;
  readonly penalties: readonly Penalty[];
}

export type TournamentState = { readonly status: 'none' } | OpenTournament;

export const roundKey = (division: string, round: number): string => `${division}/${round}`;
export const resultKey = (table: number | null): string => (table === null ? 'bye' : `t${table}`);

/** The key of a bye result: `bye` for the round's `bye`, `bye:<player>` for a further knockout bye. */
function byeKey(player: string, division: string, round: number, state: TournamentState): string {
  const r = state.status === 'open' ? state.rounds[roundKey(division, round)] : undefined;
  return r === undefined || r.bye === player ? 'bye' : `bye:${player}`;
}

export function initialTournamentState(): TournamentState {
  return { status: 'none' };
}

function open(state: TournamentState, type: string): OpenTournament {
  if (state.status !== 'open') throw new Error(`${type} applied to a tournament that was never created`);
  return state;
}

function updatePlayer(t: OpenTournament, id: string, f: (p: PlayerState) => PlayerState): OpenTournament {
  return {
    ...t,
    players: carryPositions(
      t.players,
      t.players.map((p) => (p.id === id ? f(p) : p)),
    ),
  };
}

/**
 * Where each player id sits in a players array, shared by the arrays evolved from one another: a player is only ever
 * appended or replaced in place, so an id keeps its position. Built on the first lookup in an array (a fold pays nothing
 * until then) and carried to the arrays evolved from it, so a lookup does not scan the whole field (470 players: about
 * 6 µs a scan, and every registration scans). An entry is the first position an id was given and is never removed; it
 * can be stale (a state decided on and dropped gave that id another position): a lookup checks it and then scans, so it
 * answers what a scan would.
 */
const positions = new WeakMap<readonly PlayerState[], Map<string, number>>();

function positionsOf(players: readonly PlayerState[]): Map<string, number> {
  let map = positions.get(players);
  if (!map) {
    map = new Map();
    for (let i = 0; i < players.length; i++) if (!map.has(players[i].id)) map.set(players[i].id, i);
    positions.set(players, map);
  }
  return map;
}

/** `next`, evolved from `players` (each player at the position it had; any new ones appended), shares its positions. */
function carryPositions(players: readonly PlayerState[], next: PlayerState[]): PlayerState[] {
  const map = positions.get(players);
  if (map) {
    for (let i = players.length; i < next.length; i++) if (!map.has(next[i].id)) map.set(next[i].id, i);
    positions.set(next, map);
  }
  return next;
}

function updateRound(t: OpenTournament, division: string, round: number, f: (r: RoundState) => RoundState): OpenTournament {
  const key = roundKey(division, round);
  const r = t.rounds[key];
  if (!r) throw new Error(`no round ${key}`);
  return { ...t, rounds: { ...t.rounds, [key]: f(r) } };
}

export function evolveTournament(state: TournamentState, event: TournamentEvent): TournamentState {
  switch (event.type) {
    case 'tournament.TournamentCreated': {
      const d = event.data;
      return {
        status: 'open',
        id: d.id,
        name: d.name,
        discipline: d.discipline,
        profile: d.profile,
        divisions: d.divisions,
        roundsPlanned: d.roundsPlanned,
        pairingSystems: d.pairingSystems,
        ...(d.source !== undefined && { source: d.source }),
        players: [],
        forbidden: [],
        rounds: {},
        penalties: [],
      };
    }
    case 'tournament.PlayerRegistered': {
      const t = open(state, event.type);
      // Object.assign, not `{ ...player, joinsAtRound, … }`: on Node 20 a spread followed by keys its source lacks costs
      // about 0.6–0.9 µs a key (measured alone), and every fold of a tournament runs this once per player.
      const player = Object.assign({}, event.data.player, { joinsAtRound: event.data.joinsAtRound, withdrawnFromRound: null, absentRounds: [] as number[] });
      return { ...t, players: carryPositions(t.players, [...t.players, player]) };
    }
    case 'tournament.PlayerWithdrawn':
      return updatePlayer(open(state, event.type), event.data.playerId, (p) => ({ ...p, withdrawnFromRound: event.data.fromRound }));
    case 'tournament.PlayerMarkedAbsent':
      return updatePlayer(open(state, event.type), event.data.playerId, (p) => {
        const { round, bye } = event.data;
        const absent = { ...p, absentRounds: [...p.absentRounds, round] };
        return bye === 'half' || bye === 'full' ? { ...absent, requestedByes: [...(p.requestedByes ?? []), { round, points: bye }] } : absent;
      });
    case 'tournament.PairingForbidden': {
      const t = open(state, event.type);
      return { ...t, forbidden: [...t.forbidden, { a: event.data.a, b: event.data.b, reason: event.data.reason }] };
    }
    case 'tournament.RoundPaired': {
      const t = open(state, event.type);
      const d = event.data;
      const round: RoundState = {
        division: d.division,
        round: d.round,
        status: 'paired',
        method: d.method,
        games: d.games,
        tables: d.tables,
        bye: d.bye,
        ...(d.byes !== undefined && { byes: d.byes }),
        ...(d.out !== undefined && { out: d.out }),
        ...(d.day !== undefined && { day: d.day }),
        results: {},
      };
      return { ...t, rounds: { ...t.rounds, [roundKey(d.division, d.round)]: round } };
    }
    case 'tournament.RoundPublished':
      return updateRound(open(state, event.type), event.data.division, event.data.round, (r) => ({ ...r, status: 'published' }));
    case 'tournament.RoundLocked':
      return updateRound(open(state, event.type), event.data.division, event.data.round, (r) => ({ ...r, status: 'locked' }));
    case 'tournament.ResultRecorded':
    case 'tournament.ResultCorrected': {
      const d = event.data;
      const key = d.result.kind === 'bye' ? byeKey(d.result.player, d.division, d.round, state) : resultKey(d.table);
      return updateRound(open(state, event.type), d.division, d.round, (r) => ({ ...r, results: { ...r.results, [key]: d.result } }));
    }
    case 'tournament.PenaltyApplied': {
      const t = open(state, event.type);
      return { ...t, penalties: [...t.penalties, { ...event.data }] };
    }
    default:
      return assertNever(event, 'tournament event');
  }
}

// ---- queries over the state (used by decide, pairingRequestFor and the read side) ----

/** Every bye-holder of the round (states folded before knockout was recorded have only `bye`). */
export function byesOf(r: RoundState): readonly string[] {
  return r.byes ?? (r.bye === null ? [] : [r.bye]);
}

/** The players the round deliberately did not pair (knockout). */
export function outOf(r: RoundState): NonNullable<PairingResult['out']> {
  return r.out ?? [];
}

export function findPlayer(t: OpenTournament, id: string): PlayerState | undefined {
  const at = positionsOf(t.players).get(id);
  if (at === undefined) return undefined;
  const found = t.players[at];
  return found?.id === id ? found : t.players.find((p) => p.id === id);
}

export function roundsOf(t: OpenTournament, division: string): RoundState[] {
  return Object.values(t.rounds)
    .filter((r) => r.division === division)
    .sort((a, b) => a.round - b.round);
}

export function lastPairedRound(t: OpenTournament, division: string): number {
  const rs = roundsOf(t, division);
  return rs.length === 0 ? 0 : rs[rs.length - 1].round;
}

/** Is the player expected at the board in this round (registered by then, not withdrawn, not absent)? */
export function isActiveIn(p: PlayerState, round: number): boolean {
  return p.joinsAtRound <= round && (p.withdrawnFromRound === null || round < p.withdrawnFromRound) && !p.absentRounds.includes(round);
}

/** Tables of the round still without a result. */
export function missingResults(r: RoundState): number[] {
  const tables = r.games.length > 0 ? r.games.map((g) => g.table) : r.tables.map((x) => x.table);
  return tables.filter((table) => !r.results[resultKey(table)]);
}

/**
 * The last complete round of the division: rounds 1..N are all paired and every result is in (the
 * bye is recorded at pairing time). 0 when round 1 is not complete. Later results are of a round in
 * progress (see standings.ts `completeThrough`).
 */
export function lastCompleteRound(t: OpenTournament, division: string): number {
  let complete = 0;
  for (const r of roundsOf(t, division)) {
    if (r.round !== complete + 1 || missingResults(r).length > 0) break;
    complete = r.round;
  }
  return complete;
}

export function resultsOf(t: OpenTournament, division: string, upToRound = Number.POSITIVE_INFINITY): GameResult[] {
  return roundsOf(t, division)
    .filter((r) => r.round <= upToRound)
    .flatMap((r) => Object.values(r.results));
}
