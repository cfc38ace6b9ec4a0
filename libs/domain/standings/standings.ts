import { mcmahonScores } from './mcmahon.js';
import type { GameResult, Penalty } from './results.js';
import type { ScoringProfile } from './scoring-profile.js';
import { addResults, emptyTally, tallyAsOf, type Tally } from './tally.js';
import { directEncounter, ROUND_BASED_TIE_BREAKS, tieBreakValue, type TieBreakContext } from './tie-break-values.js';
import type { TieBreakCode } from './tie-breaks.js';

export interface StandingsPlayer {
  readonly id: string;
  readonly name?: string;
  /** The round the player withdrew from (no pairing from it on), when they withdrew. */
  readonly withdrawnFromRound?: number | null;
  /** As registered; Go with a McMahon profile: EGD GoR-style, sets the initial McMahon score (mcmahon.ts). */
  readonly rating?: number;
}

export interface StandingsInput {
  readonly players: readonly StandingsPlayer[];
  readonly results: readonly GameResult[];
  readonly profile: ScoringProfile;
  readonly penalties?: readonly Penalty[];
  /** Only rounds ≤ asOfRound (results and penalties). */
  readonly asOfRound?: number;
  /**
   * Rounds 1..completeThrough are complete (every result in). A later round is in progress: its
   * results that are in count (score and the player's own tie-breaks), but for a player without a
   * result in it the round is not yet played, not unplayed: their round-based tie-breaks stay
   * those through the last complete round (see tie-break-values.ts). Default: every round complete.
   */
  readonly completeThrough?: number;
}

export interface StandingsRow {
  /** Shared by tied players (1, 2, 2, 4). */
  readonly rank: number;
  readonly player: string;
  readonly name?: string;
  /** Wins (draw ½) or points, or mahjong table points; after penalties when they apply to the score. */
  readonly score: number;
  /** Go with a McMahon profile: initial McMahon score + score; the ranking and SOS/SODOS/SOSOS use it. */
  readonly mcmahon?: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Rounds with a result (played, forfeited or bye). */
  readonly rounds: number;
  readonly spread: number;
  readonly penaltyPoints: number;
  /** The player withdrew: they are not paired from `withdrawnFromRound` on, and keep their rank from what they played. */
  readonly withdrawn: boolean;
  readonly withdrawnFromRound: number | null;
  /** In the profile's order. */
  readonly tieBreaks: ReadonlyArray<{ readonly code: TieBreakCode; readonly value: number }>;
}

/** Standings from scratch: one pass over the results. */
export function computeStandings(input: StandingsInput): StandingsRow[] {
  const tally = addResults(emptyTally, input.results, input.profile);
  return standingsFromTally(tally, input.players, input.profile, input.penalties ?? [], input.asOfRound, input.completeThrough);
}

/** Standings from a tally built incrementally with `addResults` (round by round, in any order). */
export function standingsFromTally(
  fullTally: Tally,
  players: readonly StandingsPlayer[],
  profile: ScoringProfile,
  penalties: readonly Penalty[] = [],
  asOfRound?: number,
  completeThrough?: number,
): StandingsRow[] {
  const tally = asOfRound === undefined ? fullTally : tallyAsOf(fullTally, asOfRound);
  const ids = [...new Set([...players.map((p) => p.id), ...Object.keys(tally)])].sort();
  const names = new Map(players.map((p) => [p.id, p.name]));
  const withdrawnFrom = new Map(players.map((p) => [p.id, p.withdrawnFromRound ?? null]));
  const penaltyOf = penaltiesThrough(penalties, asOfRound);
  let rounds = 0;
  for (const id of ids) for (const l of tally[id] ?? []) rounds = Math.max(rounds, l.round);
  const complete = completeThrough === undefined ? rounds : Math.max(0, Math.min(completeThrough, rounds));
  // McMahon (profile value): rank by McMahon score, and SOS/SODOS/SOSOS sum the opponents' McMahon scores
  // (the usual McMahon convention), so the tie-break context carries McMahon scores in place of scores.
  const ratingOf = new Map(players.map((p) => [p.id, p.rating]));
  const ranked = (t: ReturnType<typeof totals>) => (profile.mcmahon ? { ...t, score: mcmahonScores(profile.mcmahon, ratingOf, t.score) } : t);
  const plain = totals(tally, ids, profile, penaltyOf);
  const ctx: TieBreakContext = { tally, ...ranked(plain), rounds, completeThrough: complete, drawPoints: profile.points.draw };
  const { score, spread } = ctx;

  // A round in progress: a player without a result after the last complete round has not played
  // it yet; their round-based tie-breaks are those of the standings through the last complete round.
  const before = complete < rounds ? tallyAsOf(tally, complete) : null;
  const asOfComplete: TieBreakContext | null = before && {
    tally: before,
    ...ranked(totals(before, ids, profile, penaltiesThrough(penalties, complete))),
    rounds: complete,
    drawPoints: profile.points.draw,
  };
  const waiting = (id: string) => !(tally[id] ?? []).some((l) => l.round > complete);
  const valueOf = (code: Exclude<TieBreakCode, 'DE'>, id: string) =>
    asOfComplete && ROUND_BASED_TIE_BREAKS.has(code) && waiting(id) ? tieBreakValue(code, asOfComplete, id) : tieBreakValue(code, ctx, id);

  // Tie-breaks that do not depend on the tied group are computed once.
  const fixed = new Map<TieBreakCode, Map<string, number>>();
  for (const code of profile.tieBreaks) if (code !== 'DE') fixed.set(code, new Map(ids.map((id) => [id, valueOf(code, id)])));

  // Rank: split groups of equal players by the score, then by each tie-break in order.
  let groups: string[][] = ids.length > 0 ? [ids] : [];
  const deValues = new Map<string, number>();
  const keys: Array<(group: string[]) => ReadonlyMap<string, number>> = [
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
      // Not `{ rank, player, ...(named && { name }), score, … }`: keys after a spread are slow on Node 20 once the site
      // has seen both shapes (McMahon and other profiles, named and unnamed players). Same keys, same order.
      const name = names.get(id);
      const head = name !== undefined ? { rank, player: id, name } : { rank, player: id };
      rows.push(
        Object.assign(head, { score: plain.score.get(id) ?? 0 }, profile.mcmahon ? { mcmahon: score.get(id) ?? 0 } : {}, {
          wins: lines.filter((l) => l.outcome === 'win').length,
          draws: lines.filter((l) => l.outcome === 'draw').length,
          losses: lines.filter((l) => l.outcome === 'loss').length,
          rounds: lines.length,
          spread: spread.get(id) ?? 0,
          penaltyPoints: penaltyOf.get(id) ?? 0,
          withdrawn: (withdrawnFrom.get(id) ?? null) !== null,
          withdrawnFromRound: withdrawnFrom.get(id) ?? null,
          tieBreaks: profile.tieBreaks.map((code) => ({ code, value: code === 'DE' ? (deValues.get(id) ?? 0) : (fixed.get(code)?.get(id) ?? 0) })),
        }),
      );
    }
  }
  return rows;
}

function penaltiesThrough(penalties: readonly Penalty[], round: number | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const pen of penalties) if (round === undefined || pen.round <= round) out.set(pen.player, (out.get(pen.player) ?? 0) + pen.points);
  return out;
}

/** Score and spread of every player from their lines, after the penalties where they apply. */
function totals(
  tally: Tally,
  ids: readonly string[],
  profile: ScoringProfile,
  penaltyOf: ReadonlyMap<string, number>,
): { score: Map<string, number>; spread: Map<string, number> } {
  const score = new Map<string, number>();
  const spread = new Map<string, number>();
  for (const id of ids) {
    const lines = tally[id] ?? [];
    const pen = penaltyOf.get(id) ?? 0;
    score.set(id, lines.reduce((a, l) => a + l.points, 0) - (profile.penaltiesApplyTo === 'score' ? pen : 0));
    spread.set(id, lines.reduce((a, l) => a + l.spread, 0) - (profile.penaltiesApplyTo === 'spread' ? pen : 0));
  }
  return { score, spread };
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
