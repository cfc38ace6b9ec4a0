import type { PairedGame } from '../pairing/types.js';
import type { ResultInput, TournamentCommand } from '../tournament/tournament.commands.js';
import type { CommandBody } from '../kernel/command.js';
import { effectiveProfile } from '../tournament/profiles.js';
import type { ImportedFile, ImportedPlayer } from './imported.js';

export type TournamentCommandBody = CommandBody<TournamentCommand>;

export interface ImportPlan {
  readonly commands: readonly TournamentCommandBody[];
  /** Who each line became. */
  readonly players: ReadonlyArray<{ readonly division: string; readonly number: number; readonly id: string; readonly name: string; readonly line: number }>;
  readonly rounds: number;
  /** What the file says that the recorded tournament does not (a spread the profile sets otherwise), with the line. */
  readonly notKept: ReadonlyArray<{ readonly line: number; readonly text: string; readonly why: string }>;
}

function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'player'
  );
}

/** Player ids from names ("Smylie, Jackson" → smylie-jackson), made unique in the tournament with -2, -3… */
export function playerIds(divisions: ReadonlyArray<{ readonly players: ReadonlyArray<{ readonly name: string }> }>): string[][] {
  const taken = new Set<string>();
  return divisions.map((d) =>
    d.players.map((p) => {
      const base = slug(p.name);
      let id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
      taken.add(id);
      return id;
    }),
  );
}

type Kept = Array<{ line: number; text: string; why: string }>;

interface Seat {
  readonly a: number;
  readonly b: number;
  readonly firstIsA: boolean;
  readonly table?: number;
  readonly scores: readonly [number, number] | null;
  /** A forfeit: who was absent (a, b or both); no scores. */
  readonly absent?: 'a' | 'b' | 'both';
}

function seatsOf(players: readonly ImportedPlayer[], k: number, notKept: Kept): Seat[] {
  const seats: Seat[] = [];
  players.forEach((p, i) => {
    const r = p.rounds[k];
    if ((r?.kind !== 'game' && r?.kind !== 'forfeit') || r.opponent - 1 <= i) return;
    const back = players[r.opponent - 1].rounds[k];
    const backTable = back?.kind === 'game' || back?.kind === 'forfeit' ? back.table : undefined;
    const table = r.table !== undefined && backTable === r.table ? r.table : undefined;
    if (r.table !== undefined && backTable !== undefined && backTable !== r.table)
      notKept.push({
        line: p.line,
        text: `round ${k + 1}: board ${r.table}, its opponent's line board ${backTable}`,
        why: 'the two lines of a game name different boards: the game is recorded at a table of its own',
      });
    if (r.kind === 'forfeit') {
      // No game was played, so nobody moved first: the lower-numbered player takes the first seat (Arbitra's reading).
      const absent = r.double ? 'both' : r.won ? 'b' : 'a';
      seats.push({ a: i, b: r.opponent - 1, firstIsA: true, ...(table !== undefined && { table }), scores: null, absent });
      return;
    }
    const backFirst = back?.kind === 'game' ? back.first : null;
    const backScore = back?.kind === 'game' ? back.score : null;
    // Who went first: the file's mark; with none, the lower-numbered player (Arbitra's reading of an unmarked game),
    // listed: a game is recorded with a first player, and the file does not say which (TSH p12 3 or 4, no .TOU `+`).
    const firstIsA = r.first === true || (r.first === null && backFirst !== true);
    if (r.first === null && backFirst === null)
      notKept.push({
        line: p.line,
        text: `round ${k + 1}: who went first against ${players[r.opponent - 1].name}`,
        why: 'the file does not say who went first: the game is recorded with the lower-numbered player first',
      });
    seats.push({
      a: i,
      b: r.opponent - 1,
      firstIsA,
      ...(table !== undefined && { table }),
      scores: r.score === null || backScore === null ? null : [r.score, backScore],
    });
  });
  // The file's boards when they differ; a game without one (or whose two sides disagree) takes the lowest free table;
  // with two games on one board, tables in player order.
  const named = seats.flatMap((s) => (s.table === undefined ? [] : [s.table]));
  if (new Set(named).size !== named.length) return seats.map((s, n) => ({ ...s, table: n + 1 }));
  const taken = new Set(named);
  let free = 1;
  return seats.map((s) => {
    if (s.table !== undefined) return s;
    while (taken.has(free)) free++;
    taken.add(free);
    return { ...s, table: free };
  });
}

/** The result a seat's file lines give: a forfeit, a double forfeit, a played game with its scores, or none yet. */
function resultOf(s: Seat): ResultInput | null {
  if (s.absent === 'both') return { kind: 'double-forfeit' };
  if (s.absent !== undefined) return { kind: 'forfeit', absent: (s.absent === 'a') === s.firstIsA ? 'first' : 'second' };
  if (s.scores === null) return null;
  const [first, second] = s.firstIsA ? s.scores : [s.scores[1], s.scores[0]];
  return { kind: 'played', outcome: first > second ? 'first' : first < second ? 'second' : 'draw', score: { first, second } };
}

/**
 * The commands that record an imported file as a new Scrabble tournament, in order: create, register
 * every player, then per round the absences, a manual pairing (reason: the file), its publication and
 * every result it has. Decided in one sequence, all or nothing.
 */
export function importCommands(file: ImportedFile, opts: { readonly id: string; readonly name: string; readonly format: string }): ImportPlan {
  const ids = playerIds(file.divisions);
  const commands: TournamentCommandBody[] = [
    {
      type: 'tournament.create',
      data: { id: opts.id, name: opts.name, discipline: 'scrabble', divisions: file.divisions.map((d) => d.name), pairingSystems: ['australian-draw'] },
    },
  ];
  file.divisions.forEach((d, di) =>
    d.players.forEach((p, i) =>
      commands.push({
        type: 'tournament.register-player',
        data: { player: { id: ids[di][i], name: p.name, division: d.name, ...(p.rating !== undefined && { rating: p.rating }) } },
      }),
    ),
  );
  let rounds = 0;
  const notKept: Kept = [];
  file.divisions.forEach((d, di) => {
    const id = (i: number) => ids[di][i];
    const count = d.players.reduce((n, p) => Math.max(n, p.rounds.length), 0);
    rounds = Math.max(rounds, count);
    for (let k = 0; k < count; k++) {
      const round = k + 1;
      d.players.forEach((p, i) => {
        const r = p.rounds[k];
        if (r === undefined || r.kind === 'absent')
          commands.push({ type: 'tournament.mark-absent', data: { playerId: id(i), round, reason: `${opts.format} file: no game in round ${round}` } });
      });
      const seats = seatsOf(d.players, k, notKept);
      const games: PairedGame[] = seats.map((s) => ({
        table: s.table as number,
        first: id(s.firstIsA ? s.a : s.b),
        second: id(s.firstIsA ? s.b : s.a),
      }));
      const byes = d.players.flatMap((p, i) => (p.rounds[k]?.kind === 'bye' ? [id(i)] : []));
      commands.push({
        type: 'tournament.pair-round',
        data: {
          division: d.name,
          round,
          // Every bye the file gives in the round (TSH can give several: RULES.byesAsRecorded).
          pairing: { kind: 'manual', reason: `imported from a ${opts.format} file`, games, tables: [], bye: byes[0] ?? null, ...(byes.length > 1 && { byes }) },
        },
      });
      commands.push({ type: 'tournament.publish-round', data: { division: d.name, round } });
      for (const s of seats) {
        const result = resultOf(s);
        if (result)
          commands.push({ type: 'tournament.record-result', data: { division: d.name, round, table: s.table as number, result, source: { kind: 'arbiter' } } });
      }
    }
  });
  return {
    commands,
    rounds,
    notKept: [...notKept, ...spreadsNotKept(file)],
    players: file.divisions.flatMap((d, di) => d.players.map((p, i) => ({ division: d.name, number: i + 1, id: ids[di][i], name: p.name, line: p.line }))),
  };
}

/**
 * A forfeit's or bye's spread is the tournament profile's (WESPA seed 缺席: 100), not the file's: a file writing
 * another (TSH's customary ±50) is recorded with the profile's, and the file's value is listed, never silently changed.
 */
function spreadsNotKept(file: ImportedFile): ImportPlan['notKept'] {
  const profile = effectiveProfile('scrabble');
  const out: Array<{ line: number; text: string; why: string }> = [];
  for (const d of file.divisions)
    for (const p of d.players)
      p.rounds.forEach((r, k) => {
        const expected =
          r.kind === 'forfeit' ? (r.double ? profile.doubleForfeitSpread : profile.forfeitSpread) : r.kind === 'bye' ? profile.bye.spread : undefined;
        const written = r.kind === 'forfeit' || r.kind === 'bye' ? r.spread : undefined;
        if (expected === undefined || written === undefined || written === expected) return;
        const what = r.kind === 'bye' ? 'bye' : r.kind === 'forfeit' && r.double ? 'double forfeit' : 'forfeit';
        out.push({
          line: p.line,
          text: `round ${k + 1}: ${what} spread ${written}`,
          why: `the ${what} is recorded; its spread is the tournament profile’s (${expected}), not the file’s`,
        });
      });
  return out;
}
