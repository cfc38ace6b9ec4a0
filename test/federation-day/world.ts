import { DESCRIPTORS } from '../../libs/domain/discipline-kit/registry.js';
import type { RecordsHarness } from '../support/records-harness.js';

/**
 * Issue 28, the federation day's world: three tournaments of different disciplines (Scrabble, rapid chess, Go) run at
 * once on one server, a Go game linked to the Go tournament's table 1, and an unlinked Scrabble game whose racks are
 * hidden. `Model` is what the driver believes was recorded; `Real` is the server with its ids and tokens.
 */
export type Kind = 'scrabble' | 'chess' | 'go';
export const KINDS: readonly Kind[] = ['scrabble', 'chess', 'go'];
const DISCIPLINE: Record<Kind, string> = { scrabble: 'scrabble', chess: 'chess-rapid', go: 'go' };
export type Outcome = 'first' | 'second' | 'draw';
/** Round 1 of every tournament: two tables of the four players who registered on time. */
export const TABLES = [1, 2] as const;
/** The Go tournament's table 1 is played in the linked Go game: its result comes from the game, never by hand. */
export const byHand = (kind: Kind, table: number) => !(kind === 'go' && table === 1);

export interface TournamentModel {
  readonly id: string;
  readonly discipline: string;
  /** Registered players, in order; the first four play round 1 (p1–p2 at table 1, p3–p4 at table 2). */
  players: string[];
  /** Round 1's results by table, as last recorded or corrected. */
  results: Map<number, Outcome>;
  /** Points deducted per player in the ledger. */
  penalties: Map<string, number>;
  late: number;
}

export interface Model {
  tournaments: Record<Kind, TournamentModel>;
  go: { moves: number; ended: boolean };
  /** The draft's round 1 was published. */
  draftPublished: boolean;
  /** The last keyed command (a retry sends it again). */
  lastKeyed: Keyed | null;
  appeals: number;
  penalties: number;
}

export interface Keyed {
  readonly path: string;
  readonly body: object;
  readonly token: string;
  readonly key: string;
  readonly answer: { readonly stream: string; readonly revision: number; readonly position: number; readonly events: unknown[] };
}

export interface Real {
  readonly h: RecordsHarness;
  /** This run's ids are prefixed, so runs share one server without seeing each other. */
  readonly run: string;
  readonly chief: string;
  readonly arbiter: string;
  /** A Scrabble tournament with round 1 paired and not published (until a step publishes it). */
  readonly draft: string;
  readonly goGame: string;
  readonly scrabbleGame: string;
  /** Scrabble racks drawn in the hidden game (what must never be public while it is in progress). */
  readonly racks: readonly string[][];
  keys: number;
  clock: number;
}

const FOUR = [1, 2, 3, 4];
/** The draft's players: x and y play, z has the bye (recorded when paired, so public only once published). */
export const DRAFT_PLAYERS = ['x', 'y', 'z'];
export const T0 = Date.now() - 3_600_000;
export const at = (r: Real) => new Date(T0 + ++r.clock * 1000).toISOString();
export const appealDeposit = (discipline: string) => DESCRIPTORS.find((d) => d.id === discipline)?.appeals.profile.deposit?.amount;

/** A command under a fresh Idempotency-Key, remembered in the model as the last one (a retry repeats it). */
export async function keyed(m: Model, r: Real, path: string, body: object, token = r.arbiter) {
  const key = `${r.run}-key-${++r.keys}`;
  const res = await r.h.post(path, body, token, 201, { 'idempotency-key': key });
  await settle(r);
  m.lastKeyed = { path, body, token, key, answer: res.body };
  return res;
}

/** Let the processes (a linked game's result poster, the ledger's copy of in-game penalties) and read models catch up. */
export async function settle(r: Real): Promise<void> {
  await r.h.core.settle();
  r.h.position = await r.h.core.store.headPosition();
}

/** The day's start: the tournaments with round 1 published, a draft with round 1 paired and unpublished, the two games. */
export async function startDay(h: RecordsHarness, run: string): Promise<{ model: Model; real: Real }> {
  const ids = Object.fromEntries(KINDS.map((k) => [k, `${run}-${k}`])) as Record<Kind, string>;
  const all = [...Object.values(ids), `${run}-draft`];
  const real: Real = {
    h,
    run,
    chief: h.token('chief-arbiter', all, `${run}-chief`),
    arbiter: h.token('arbiter', all, `${run}-arbiter`),
    draft: `${run}-draft`,
    goGame: `${run}-go-t1`,
    scrabbleGame: `${run}-scrabble-hidden`,
    racks: ['AEIQRST'.split(''), 'AENORXZ'.split('')],
    keys: 0,
    clock: 0,
  };
  const tournaments = {} as Record<Kind, TournamentModel>;
  for (const kind of KINDS) {
    const id = ids[kind];
    const players = FOUR.map((n) => `${id}-p${n}`);
    await h.post('/v1/tournaments', { id, name: id, discipline: DISCIPLINE[kind], roundsPlanned: 3, pairingSystems: ['round-robin'] }, real.chief);
    for (const p of players) await h.post(`/v1/tournaments/${id}/players`, { id: p, name: `Player ${p}` }, real.arbiter);
    const games = [
      { table: 1, first: players[0], second: players[1] },
      { table: 2, first: players[2], second: players[3] },
    ];
    await h.post(`/v1/tournaments/${id}/rounds/1/pairings`, { kind: 'manual', reason: 'seeded', games, tables: [], bye: null }, real.arbiter);
    await h.post(`/v1/tournaments/${id}/rounds/1/publish`, {}, real.arbiter);
    tournaments[kind] = { id, discipline: DISCIPLINE[kind], players, results: new Map(), penalties: new Map(), late: 0 };
  }
  // A Scrabble draft tournament whose round 1 is paired and not published: nobody outside its officials may see it.
  const draft = `${run}-draft`;
  await h.post('/v1/tournaments', { id: draft, name: draft, discipline: 'scrabble', roundsPlanned: 1, pairingSystems: ['round-robin'] }, real.chief);
  for (const p of DRAFT_PLAYERS) await h.post(`/v1/tournaments/${draft}/players`, { id: `${draft}-${p}`, name: `Player ${p}` }, real.arbiter);
  const hidden = [{ table: 1, first: `${draft}-${DRAFT_PLAYERS[0]}`, second: `${draft}-${DRAFT_PLAYERS[1]}` }];
  await h.post(`/v1/tournaments/${draft}/rounds/1/pairings`, { kind: 'manual', reason: 'seeded', games: hidden, tables: [], bye: `${draft}-z` }, real.arbiter);
  const go = tournaments.go.players;
  const goPlayers = [go[0], go[1]].map((id) => ({ id, name: `Player ${id}` }));
  await h.post('/v1/go/games', { id: real.goGame, players: goPlayers, boardSize: 9, link: { tournamentId: ids.go, round: 1, table: 1 } }, real.arbiter);
  const scrabblePlayers = [`${run}-ann`, `${run}-bob`].map((id) => ({ id, name: `Player ${id}` }));
  const g = `/v1/scrabble/games/${real.scrabbleGame}`;
  const start = { id: real.scrabbleGame, players: scrabblePlayers, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, tracking: true };
  await h.post('/v1/scrabble/games', { ...start, at: at(real) }, real.arbiter);
  for (const seat of [0, 1]) await h.post(`${g}/draws`, { seat, tiles: real.racks[seat], at: at(real) }, real.arbiter);
  await settle(real);
  return { model: { tournaments, go: { moves: 0, ended: false }, draftPublished: false, lastKeyed: null, appeals: 0, penalties: 0 }, real };
}
