import type { Tally, TallyLine } from './tally.js';
import type { TieBreakCode } from './tie-breaks.js';

/**
 * Tie-break values. What is implemented, exactly:
 *
 * Chess: "FIDE TB 2023-09" below = FIDE Play-off and Tie-Break Regulations, effective 1 Sept 2023 (till 31 Mar 2024;
 * handbook.fide.com/chapter/TieBreakRegulations2023). Not the text effective 1 July 2023 (approved 04/08/2022): that one is
 * numbered differently (tie-break list in its art. 4.6, unplayed rounds in its art. 14). Checked 2026-12-01 (issue 13): the
 * version, its title and arts. 1-4; the article numbers below and the art. 16 summary come from secondary copies of the
 * 1 Aug 2024 text, which FIDE says changed no tie-break definition (fide.com news 2849) — see docs/traceability/tournament.md.
 * - BH (Buchholz, FIDE TB 2023-09 art. 8.1): sum over rounds 1..R of the opponent's final score.
 *   The player's own unplayed rounds (bye, forfeit won or lost, double forfeit, absence, late-entry rounds) count as a
 *   game against a dummy opponent whose score is the player's own final score (FIDE TB 2023-09 art. 16.4).
 *   Opponents' scores are taken as they stand (art. 16.3 would count an opponent's trailing requested byes or withdrawal
 *   rounds, art. 16.2.5, as draws: not implemented).
 * - BH-C1 (Cut-1 modifier, FIDE TB 2023-09 art. 14.1): BH without its single lowest contribution (art. 16.5 would cut a
 *   requested bye's or forfeit loss's contribution first: not implemented).
 * - SB (Sonneborn-Berger, FIDE TB 2023-09 art. 9.1, not 8.2: art. 8 is opponents' scores alone): sum of
 *   (1 for a win, ½ for a draw) × the opponent's score; unplayed rounds use the same dummy opponent (own score) × what
 *   the round gave (art. 16.4).
 * - DE (Direct Encounter, FIDE TB 2023-09 art. 6): among the players still tied, points scored in the games between
 *   them; applied only when every pair of them has met, otherwise it separates nobody (simplified: art. 6 excludes
 *   forfeits, averages repeated meetings and has a partial rule for Swiss events; see directEncounter).
 * - WON (FIDE TB 2023-09 art. 7.2): games won over the board (forfeit wins and byes excluded).
 * - WIN (FIDE TB 2023-09 art. 7.1): wins including unplayed wins (bye scored as a win, forfeit win).
 * - PS (Progressive scores, FIDE TB 2023-09 art. 7.5): sum of the running score after each round 1..R.
 *
 * A round in progress is not an unplayed round (Arbitra reading of FIDE TB 2023-09 art. 16, which
 * manages games that were not played, i.e. rounds that are over). Rounds 1..completeThrough are
 * complete (every result in); a later round counts for a player only once their own result of it
 * is in (a game, a forfeit, or the bye recorded at pairing time). Until then the round is "not
 * yet played" for them: no dummy opponent, no repeated running score, and their opponent-based
 * tie-breaks (BH, BH-C1, SB, PS, SOS, SODOS, SOSOS) are those of the standings through the last
 * complete round (`standings.ts` passes that context), so nothing of the round in progress reaches
 * them until their own result is in. Once every result is in, the round is complete for everyone.
 *
 * Go (no tie-break text in the ING excerpt; McMahon practice, Arbitra default): SOS = sum of the
 * scores of every opponent the player was paired with (played or forfeited); SODOS = the same
 * over opponents beaten (½ for a draw); SOSOS = sum of those opponents' SOS. Byes and absences
 * contribute 0.
 * With a McMahon profile the scores here are McMahon scores (standings.ts passes them; mcmahon.ts).
 *
 * SPREAD (Scrabble): cumulative spread. GAME-WINS / CAPTURED-DIFF (Xiguaqi): sums over matches.
 */
export interface TieBreakContext {
  readonly tally: Tally;
  /** Score of every player as ranked (after penalties). */
  readonly score: ReadonlyMap<string, number>;
  /** Spread of every player (after penalties when they apply to spread). */
  readonly spread: ReadonlyMap<string, number>;
  /** Rounds considered: 1..rounds. */
  readonly rounds: number;
  /**
   * Rounds 1..completeThrough are complete: a missing result there is an unplayed round (FIDE TB 2023-09 art. 16).
   * A later round without the player's result is not yet played and is not counted. Default: rounds.
   */
  readonly completeThrough?: number;
}

const frac = (o: TallyLine['outcome']) => (o === 'win' ? 1 : o === 'draw' ? 0.5 : 0);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function linesOf(ctx: TieBreakContext, p: string): readonly TallyLine[] {
  return ctx.tally[p] ?? [];
}

/**
 * The player's rounds as counted: each round 1..rounds, `undefined` for an unplayed round of a
 * complete round (FIDE TB 2023-09 art. 16); rounds after `completeThrough` without the player's result are left
 * out (not yet played).
 */
function byRound(ctx: TieBreakContext, p: string): Array<TallyLine | undefined> {
  const lines = linesOf(ctx, p);
  const complete = ctx.completeThrough ?? ctx.rounds;
  const out: Array<TallyLine | undefined> = [];
  for (let round = 1; round <= ctx.rounds; round++) {
    const line = lines.find((l) => l.round === round);
    if (line || round <= complete) out.push(line);
  }
  return out;
}

/** Tie-breaks built from the player's rounds and opponents' scores (a round in progress changes them). */
export const ROUND_BASED_TIE_BREAKS: ReadonlySet<TieBreakCode> = new Set<TieBreakCode>(['BH', 'BH-C1', 'SB', 'PS', 'SOS', 'SODOS', 'SOSOS']);

const scoreOf = (ctx: TieBreakContext, p: string) => ctx.score.get(p) ?? 0;

/** FIDE TB 2023-09 art. 16.4: an unplayed round counts against a dummy opponent with the player's own score. */
function buchholzContributions(ctx: TieBreakContext, p: string): number[] {
  return byRound(ctx, p).map((l) => (l && l.played && l.opponent !== null ? scoreOf(ctx, l.opponent) : scoreOf(ctx, p)));
}

function sos(ctx: TieBreakContext, p: string): number {
  return sum(linesOf(ctx, p).flatMap((l) => (l.opponent === null ? [] : [scoreOf(ctx, l.opponent)])));
}

/** The value of a tie-break that does not depend on who else is tied. */
export function tieBreakValue(code: Exclude<TieBreakCode, 'DE'>, ctx: TieBreakContext, p: string): number {
  switch (code) {
    case 'SPREAD':
      return ctx.spread.get(p) ?? 0;
    case 'BH':
      return sum(buchholzContributions(ctx, p));
    case 'BH-C1': {
      const c = buchholzContributions(ctx, p);
      return c.length === 0 ? 0 : sum(c) - Math.min(...c);
    }
    case 'SB':
      return sum(byRound(ctx, p).map((l) => (!l ? 0 : frac(l.outcome) * (l.played && l.opponent !== null ? scoreOf(ctx, l.opponent) : scoreOf(ctx, p)))));
    case 'WON':
      return linesOf(ctx, p).filter((l) => l.played && l.outcome === 'win').length;
    case 'WIN':
      return linesOf(ctx, p).filter((l) => l.outcome === 'win').length;
    case 'PS': {
      let running = 0;
      return sum(
        byRound(ctx, p).map((l) => {
          running += l ? l.points : 0;
          return running;
        }),
      );
    }
    case 'SOS':
      return sos(ctx, p);
    case 'SODOS':
      return sum(linesOf(ctx, p).flatMap((l) => (l.opponent === null ? [] : [frac(l.outcome) * scoreOf(ctx, l.opponent)])));
    case 'SOSOS':
      return sum(linesOf(ctx, p).flatMap((l) => (l.opponent === null ? [] : [sos(ctx, l.opponent)])));
    case 'GAME-WINS':
      return sum(linesOf(ctx, p).map((l) => l.gameWins));
    case 'CAPTURED-DIFF':
      return sum(linesOf(ctx, p).map((l) => l.capturedDiff));
  }
}

/**
 * Direct encounter within a tied group (FIDE TB 2023-09 art. 6): points each scored against the
 * others of the group, when all of them have met each other; otherwise 0 for all (no separation).
 * Differs from art. 6 (as summarised from the 1 Aug 2024 text): forfeits count here as meetings and points (art. 6
 * excludes them); repeated meetings are summed, not averaged; no partial rule for Swiss events (a player ahead whatever
 * the missing games); applied once, not again to a tie it leaves.
 */
export function directEncounter(ctx: TieBreakContext, group: readonly string[]): Map<string, number> {
  const members = new Set(group);
  const out = new Map<string, number>();
  const met = (a: string, b: string) => linesOf(ctx, a).some((l) => l.opponent === b);
  const allMet = group.every((a, i) => group.slice(i + 1).every((b) => met(a, b)));
  for (const p of group)
    out.set(
      p,
      allMet
        ? sum(
            linesOf(ctx, p)
              .filter((l) => l.opponent !== null && members.has(l.opponent))
              .map((l) => l.points),
          )
        : 0,
    );
  return out;
}
