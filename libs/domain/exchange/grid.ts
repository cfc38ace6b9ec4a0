import type { GameResult } from '../standings/results.js';
import { roundKey, type OpenTournament, type RoundState } from '../tournament/tournament.state.js';

/**
 * One division as a crosstable of rounds: what the Scrabble exchange files (.TOU, TSH `.t`) are written
 * from. Players are numbered in registration order (1-based), the number the files use for opponents.
 * Build it from the view the caller may see (the public: `publishedView`, so no unpublished round leaks).
 */
export type GridCell =
  /** A game: `score`/`opponentScore` are null while the result is not in. */
  | {
      readonly kind: 'game';
      readonly table: number;
      readonly opponent: number;
      readonly first: boolean;
      readonly score: number | null;
      readonly opponentScore: number | null;
      readonly outcome: 'win' | 'draw' | 'loss' | null;
    }
  /**
   * A forfeit at a paired table: `spread` is what the profile gives (WESPA seed 缺席: the winner +100); `double` when
   * both players were absent (both lose by the profile's double-forfeit spread).
   */
  | {
      readonly kind: 'forfeit';
      readonly table: number;
      readonly opponent: number;
      readonly first: boolean;
      readonly won: boolean;
      readonly double: boolean;
      readonly spread: number;
    }
  | { readonly kind: 'bye'; readonly outcome: 'win' | 'draw' | 'loss'; readonly spread: number }
  /** Not paired this round: absent, withdrawn or not yet joined. */
  | { readonly kind: 'none' };

export interface GridPlayer {
  readonly number: number;
  readonly id: string;
  readonly name: string;
  readonly rating?: number;
  readonly cells: readonly GridCell[];
}

export interface DivisionGrid {
  readonly division: string;
  readonly rounds: number;
  readonly players: readonly GridPlayer[];
  /** The days the rounds name (YYYY-MM-DD), sorted; empty when none does. */
  readonly days: readonly string[];
}

function resultOf(r: RoundState, table: number): GameResult | undefined {
  return r.results[`t${table}`];
}

function gameCell(t: OpenTournament, r: RoundState, table: number, me: string, opponent: number, first: boolean): GridCell {
  const result = resultOf(r, table);
  if (result?.kind === 'forfeit')
    return { kind: 'forfeit', table, opponent, first, won: (result.absent === 'first') !== first, double: false, spread: t.profile.forfeitSpread };
  if (result?.kind === 'double-forfeit') return { kind: 'forfeit', table, opponent, first, won: false, double: true, spread: t.profile.doubleForfeitSpread };
  if (result?.kind !== 'played') return { kind: 'game', table, opponent, first, score: null, opponentScore: null, outcome: null };
  const mine = result.score ? (result.first === me ? result.score.first : result.score.second) : null;
  const theirs = result.score ? (result.first === me ? result.score.second : result.score.first) : null;
  const outcome = result.outcome === 'draw' ? 'draw' : (result.outcome === 'first') === first ? 'win' : 'loss';
  return { kind: 'game', table, opponent, first, score: mine, opponentScore: theirs, outcome };
}

export function divisionGrid(t: OpenTournament, division: string): DivisionGrid {
  const players = t.players.filter((p) => p.division === division);
  const number = new Map(players.map((p, i) => [p.id, i + 1]));
  const rounds = Object.values(t.rounds).filter((r) => r.division === division);
  const count = rounds.reduce((n, r) => Math.max(n, r.round), 0);
  const cellsOf = (id: string): GridCell[] =>
    Array.from({ length: count }, (_, i): GridCell => {
      const r = t.rounds[roundKey(division, i + 1)];
      if (!r) return { kind: 'none' };
      const g = r.games.find((x) => x.first === id || x.second === id);
      if (g) {
        const first = g.first === id;
        return gameCell(t, r, g.table, id, number.get(first ? g.second : g.first) ?? 0, first);
      }
      const bye = Object.values(r.results).find((x) => x.kind === 'bye' && x.player === id);
      if (bye || r.bye === id || r.byes?.includes(id)) return { kind: 'bye', outcome: t.profile.bye.outcome, spread: t.profile.bye.spread };
      return { kind: 'none' };
    });
  const days = [...new Set(rounds.map((r) => r.day).filter((d): d is string => d !== undefined))].sort();
  return {
    division,
    rounds: count,
    days,
    players: players.map((p, i) => ({
      number: i + 1,
      id: p.id,
      name: p.name,
      ...(p.rating !== undefined && { rating: p.rating }),
      cells: cellsOf(p.id),
    })),
  };
}
