import type { PairedGame } from '../pairing/types.js';
import type { TournamentCommand } from '../tournament/tournament.commands.js';
import type { CommandBody } from '../kernel/command.js';
import type { ImportedFile, ImportedPlayer } from './imported.js';

export type TournamentCommandBody = CommandBody<TournamentCommand>;

export interface ImportPlan {
  readonly commands: readonly TournamentCommandBody[];
  /** Who each line became. */
  readonly players: ReadonlyArray<{ readonly division: string; readonly number: number; readonly id: string; readonly name: string; readonly line: number }>;
  readonly rounds: number;
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

interface Seat {
  readonly a: number;
  readonly b: number;
  readonly firstIsA: boolean;
  readonly table?: number;
  readonly scores: readonly [number, number] | null;
}

function seatsOf(players: readonly ImportedPlayer[], k: number): Seat[] {
  const seats: Seat[] = [];
  players.forEach((p, i) => {
    const r = p.rounds[k];
    if (r?.kind !== 'game' || r.opponent - 1 <= i) return;
    const back = players[r.opponent - 1].rounds[k];
    const backFirst = back?.kind === 'game' ? back.first : null;
    const backScore = back?.kind === 'game' ? back.score : null;
    // Who went first: the file's mark; with none, the lower-numbered player (Arbitra's reading of an unmarked game).
    const firstIsA = r.first === true || (r.first === null && backFirst !== true);
    const table = r.table !== undefined && back?.kind === 'game' && back.table === r.table ? r.table : undefined;
    seats.push({
      a: i,
      b: r.opponent - 1,
      firstIsA,
      ...(table !== undefined && { table }),
      scores: r.score === null || backScore === null ? null : [r.score, backScore],
    });
  });
  // The file's boards when every game names one and they differ; otherwise tables in player order.
  const boards = seats.map((s) => s.table);
  const usable = boards.every((b) => b !== undefined) && new Set(boards).size === boards.length;
  return seats.map((s, n) => ({ ...s, table: usable ? s.table : n + 1 }));
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
      const seats = seatsOf(d.players, k);
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
          pairing: { kind: 'manual', reason: `imported from a ${opts.format} file`, games, tables: [], bye: byes[0] ?? null },
        },
      });
      commands.push({ type: 'tournament.publish-round', data: { division: d.name, round } });
      for (const s of seats) {
        if (s.scores === null) continue;
        const [first, second] = s.firstIsA ? s.scores : [s.scores[1], s.scores[0]];
        const outcome = first > second ? 'first' : first < second ? 'second' : 'draw';
        commands.push({
          type: 'tournament.record-result',
          data: {
            division: d.name,
            round,
            table: s.table as number,
            result: { kind: 'played', outcome, score: { first, second } },
            source: { kind: 'arbiter' },
          },
        });
      }
    }
  });
  return {
    commands,
    rounds,
    players: file.divisions.flatMap((d, di) => d.players.map((p, i) => ({ division: d.name, number: i + 1, id: ids[di][i], name: p.name, line: p.line }))),
  };
}
