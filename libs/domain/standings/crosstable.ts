import type { Wind } from '../pairing/types.js';
import type { Side } from './results.js';
import { computeStandings, type StandingsInput } from './standings.js';
import { addResults, emptyTally, tallyAsOf } from './tally.js';

export interface CrosstableCell {
  readonly round: number;
  /**
   * `absent`: no result in a complete round (late entry, absence, withdrawal). `not-yet-played`: no
   * result yet in a round still in progress (after `completeThrough`; see standings.ts).
   */
  readonly kind: 'played' | 'forfeit' | 'double-forfeit' | 'bye' | 'requested-bye' | 'mahjong-table' | 'absent' | 'not-yet-played';
  readonly table: number | null;
  readonly opponent: string | null;
  /** Mahjong: the three table-mates. */
  readonly tableMates: readonly string[];
  readonly side: Side | null;
  readonly wind: Wind | null;
  readonly outcome: 'win' | 'draw' | 'loss' | null;
  /** Game score for / against when recorded; mahjong: table points for, null against. */
  readonly scoreFor: number | null;
  readonly scoreAgainst: number | null;
  readonly tableRank: number | null;
  /** What the round added to the score, and the score after it (before penalties). */
  readonly points: number;
  readonly running: number;
}

export interface CrosstableRow {
  readonly rank: number;
  readonly player: string;
  readonly name?: string;
  /** As in the standings: the player withdrew from this round on (null when they did not). */
  readonly withdrawnFromRound: number | null;
  readonly cells: readonly CrosstableCell[];
}

/** Per player (in standings order), each round 1..R: opponent, side or wind, result, score, running total. */
export function crosstable(input: StandingsInput): CrosstableRow[] {
  const full = addResults(emptyTally, input.results, input.profile);
  const tally = input.asOfRound === undefined ? full : tallyAsOf(full, input.asOfRound);
  const rounds = Math.max(0, ...Object.values(tally).flatMap((ls) => ls.map((l) => l.round)));
  const complete = input.completeThrough ?? rounds;
  return computeStandings(input).map((row) => {
    let running = 0;
    const lines = tally[row.player] ?? [];
    const cells = Array.from({ length: rounds }, (_, i): CrosstableCell => {
      const l = lines.find((x) => x.round === i + 1);
      if (!l)
        return {
          round: i + 1,
          kind: i + 1 > complete ? 'not-yet-played' : 'absent',
          table: null,
          opponent: null,
          tableMates: [],
          side: null,
          wind: null,
          outcome: null,
          scoreFor: null,
          scoreAgainst: null,
          tableRank: null,
          points: 0,
          running,
        };
      running += l.points;
      return {
        round: l.round,
        kind: l.kind,
        table: l.table,
        opponent: l.opponent,
        tableMates: l.tableMates,
        side: l.side,
        wind: l.wind,
        outcome: l.outcome,
        scoreFor: l.kind === 'mahjong-table' ? l.points : l.scoreFor,
        scoreAgainst: l.scoreAgainst,
        tableRank: l.tableRank,
        points: l.points,
        running,
      };
    });
    return { rank: row.rank, player: row.player, ...(row.name !== undefined && { name: row.name }), withdrawnFromRound: row.withdrawnFromRound, cells };
  });
}
