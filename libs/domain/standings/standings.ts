import type { GameResult, Penalty } from './results.js';
import type { ScoringProfile } from './scoring-profile.js';
import { addResults, emptyTally, tallyAsOf, type Tally } from './tally.js';
import { directEncounter, tieBreakValue, type TieBreakContext } from './tie-break-values.js';
import type { TieBreakCode } from './tie-breaks.js';

export interface StandingsPlayer {
  readonly id: string;
  readonly name?: string;
}

export interface StandingsInput {
  readonly players: readonly StandingsPlayer[];
  readonly results: readonly GameResult[];
  readonly profile: ScoringProfile;
  readonly penalties?: readonly Penalty[];
  /** Only rounds ≤ asOfRound (results and penalties). */
  readonly asOfRound?: number;
}

export interface StandingsRow {
  /** Shared by tied players (1, 2, 2, 4). */
  readonly rank: number;
  readonly player: string;
  readonly name?: string;
  /** Wins (draw ½) or points, or mahjong table points; after penalties when they apply to the score. */
  readonly score: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Rounds with a result (played, forfeited or bye). */
  readonly rounds: number;
  readonly spread: number;
  readonly penaltyPoints: number;
  /** In the profile's order. */
  readonly tieBreaks: ReadonlyArray<{ readonly code: TieBreakCode; readonly value: number }>;
}

/** Standings from scratch: one pass over the results. */
export function computeStandings(input: StandingsInput): StandingsRow[] {
  const tally = addResults(emptyTally, input.results, input.profile);
  return standingsFromTally(tally, input.players, input.profile, input.penalties ?? [], input.asOfRound);
}

/** Standings from a tally built incrementally with `addResults` (round by round, in any order). */
export function standingsFromTally(
  fullTally: Tally,
  players: readonly StandingsPlayer[],
  profile: ScoringProfile,
  penalties: readonly Penalty[] = [],
  asOfRound?: number,
): StandingsRow[] {
  const tally = asOfRound === undefined ? fullTally : tallyAsOf(fullTally, asOfRound);
  const ids = [...new Set([...players.map((p) => p.id), ...Object.keys(tally)])].sort();
  const names = new Map(players.map((p) => [p.id, p.name]));
  const penaltyOf = new Map<string, number>();
  for (const pen of penalties) if (asOfRound === undefined || pen.round <= asOfRound) penaltyOf.set(pen.player, (penaltyOf.get(pen.player) ?? 0) + pen.points);

  const score = new Map<string, number>();
  const spread = new Map<string, number>();
  let rounds = 0;
  for (const id of ids) {
    const lines = tally[id] ?? [];
    const pen = penaltyOf.get(id) ?? 0;
    score.set(id, lines.reduce((a, l) => a + l.points, 0) - (profile.penaltiesApplyTo === 'score' ? pen : 0));
    spread.set(id, lines.reduce((a, l) => a + l.spread, 0) - (profile.penaltiesApplyTo === 'spread' ? pen : 0));
    for (const l of lines) rounds = Math.max(rounds, l.round);
  }
  const ctx: TieBreakContext = { tally, score, spread, rounds };

  // Tie-breaks that do not depend on the tied group are computed once.
  const fixed = new Map<TieBreakCode, Map<string, number>>();
  for (const code of profile.tieBreaks) if (code !== 'DE') fixed.set(code, new Map(ids.map((id) => [id, tieBreakValue(code, ctx, id)])));

  // Rank: split groups of equal players by the score, then by each tie-break in order.
  let groups: string[][] = ids.length > 0 ? [ids] : [];
  const deValues = new Map<string, number>();
  const keys: Array<(group: string[]) => Map<string, number>> = [
    () => score,
    ...profile.tieBreaks.map((code) =>
      code === 'DE'
        ? (group: string[]) => {
            const de = group.length > 1 ? directEncounter(ctx, group) : new Map([[group[0], 0]]);
            for (const [p, v] of de) deValues.set(p, v);
            return de;
          }
        : () => fixed.get(code) as Map<string, number>,
    ),
  ];
  for (const key of keys) groups = groups.flatMap((g) => splitBy(g, key(g)));

  const rows: StandingsRow[] = [];
  for (const group of groups) {
    const rank = rows.length + 1;
    for (const id of group) {
      const lines = tally[id] ?? [];
      rows.push({
        rank,
        player: id,
        ...(names.get(id) !== undefined && { name: names.get(id) }),
        score: score.get(id) ?? 0,
        wins: lines.filter((l) => l.outcome === 'win').length,
        draws: lines.filter((l) => l.outcome === 'draw').length,
        losses: lines.filter((l) => l.outcome === 'loss').length,
        rounds: lines.length,
        spread: spread.get(id) ?? 0,
        penaltyPoints: penaltyOf.get(id) ?? 0,
        tieBreaks: profile.tieBreaks.map((code) => ({ code, value: code === 'DE' ? (deValues.get(id) ?? 0) : (fixed.get(code)?.get(id) ?? 0) })),
      });
    }
  }
  return rows;
}

/** Splits a group (already in id order) into sub-groups by descending value; equal values stay together. */
function splitBy(group: string[], value: ReadonlyMap<string, number>): string[][] {
  if (group.length < 2) return [group];
  const sorted = [...group].sort((a, b) => (value.get(b) ?? 0) - (value.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
  const out: string[][] = [];
  for (const id of sorted) {
    const last = out[out.length - 1];
    if (last && (value.get(last[0]) ?? 0) === (value.get(id) ?? 0)) last.push(id);
    else out.push([id]);
  }
  return out;
}
