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
 *   An opponent's score is the one art. 16.3 gives the opponent's opponents: their requested byes (half-point bye, or
 *   a complete round without their result: absence, withdrawal, late entry, the TRF Z Arbitra exports) that only
 *   voluntary unplayed rounds (VUR: requested byes, forfeit losses) follow count as draws (art. 16.2.5, 16.3.2); every
 *   other round counts what it scored (art. 16.3.1). See `scoreForOpponents`.
 * - BH-C1 (Cut-1 modifier, FIDE TB 2023-09 art. 14.1): BH without its least significant contribution; a player with a
 *   VUR has that round's contribution cut instead (art. 16.5), the lowest one otherwise.
 * - SB (Sonneborn-Berger, FIDE TB 2023-09 art. 9.1, not 8.2: art. 8 is opponents' scores alone): sum of
 *   (1 for a win, ½ for a draw) × the opponent's score (art. 16.3, as for BH); unplayed rounds use the same dummy
 *   opponent (own score) × what the round gave (art. 16.4).
 * - DE (Direct Encounter, FIDE TB 2023-09 art. 6): among the players still tied, points scored in the games between
 *   them; applied only when every pair of them has met, otherwise it separates nobody (simplified: art. 6 excludes
 *   forfeits, averages repeated meetings and has a partial rule for Swiss events; see directEncounter).
 * - WON (FIDE TB 2023-09 art. 7.2): games won over the board (forfeit wins and byes excluded).
 * - WIN (FIDE TB 2023-09 art. 7.1): wins including unplayed wins (bye scored as a win, forfeit win).
 * - PS (Progressive scores, FIDE TB 2023-09 art. 7.5): sum of the running score after each round 1..R.
 * Art. 16 was read from secondary sources (the handbook page stored here is cut after art. 4): FIDE TEC's tie-break
 * checker (github.com/TEC-FIDE/TieBreakServer, tiebreak.py) and a summary of C.07 art. 16; see docs/traceability/tournament.md.
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
  /** The profile's points for a draw: what art. 16.3.2 counts an opponent's trailing requested bye as. */
  readonly drawPoints: number;
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

/**
 * A requested bye (FIDE TB 2023-09 art. 16.1): a half-point bye, or a complete round without the player's result, which
 * the crosstable shows as `absent` and the TRF export writes Z (zero-point bye). A full-point bye is not one (art. 16.2.1).
 */
const isRequestedBye = (l: TallyLine | undefined) => l === undefined || (l.kind === 'requested-bye' && l.outcome !== 'win');

/** A voluntary unplayed round, VUR (FIDE TB 2023-09 art. 16.1): a requested bye or a forfeit loss (a double forfeit's too). */
const isVur = (l: TallyLine | undefined) => isRequestedBye(l) || (l?.kind === 'forfeit' && l.outcome === 'loss') || l?.kind === 'double-forfeit';

const forOpponents = new WeakMap<TieBreakContext, Map<string, number>>();

/**
 * A player's score as their opponents' BH and SB take it (FIDE TB 2023-09 art. 16.3): the requested byes that only VURs
 * follow (art. 16.2.5: e.g. the rounds after a withdrawal, or a bye in the last round) count as draws (art. 16.3.2);
 * every other round counts its points (art. 16.3.1), a forfeit loss too (art. 16.2.4).
 */
function scoreForOpponents(ctx: TieBreakContext, p: string): number {
  let cache = forOpponents.get(ctx);
  if (!cache) forOpponents.set(ctx, (cache = new Map()));
  const known = cache.get(p);
  if (known !== undefined) return known;
  const lines = linesOf(ctx, p);
  const complete = ctx.completeThrough ?? ctx.rounds;
  let adjusted = scoreOf(ctx, p);
  // From the last round back while the rounds are VURs (as byRound counts them: a round not yet played is skipped).
  for (let round = ctx.rounds; round >= 1; round--) {
    const line = lines.find((l) => l.round === round);
    if (!line && round > complete) continue;
    if (!isVur(line)) break;
    if (isRequestedBye(line)) adjusted += ctx.drawPoints - (line?.points ?? 0);
  }
  cache.set(p, adjusted);
  return adjusted;
}

interface Contribution {
  readonly value: number;
  /** From one of the player's own VURs (art. 16.5 cuts these first). */
  readonly vur: boolean;
}

/**
 * BH per round: a game's opponent counts their art. 16.3 score; an unplayed round counts a dummy opponent with the
 * player's own score (FIDE TB 2023-09 art. 16.4).
 */
function buchholzContributions(ctx: TieBreakContext, p: string): Contribution[] {
  return byRound(ctx, p).map((l) =>
    l && l.played && l.opponent !== null ? { value: scoreForOpponents(ctx, l.opponent), vur: false } : { value: scoreOf(ctx, p), vur: isVur(l) },
  );
}

/**
 * Cut-1 (FIDE TB 2023-09 art. 14.1): the sum without its least significant value; for a player with VURs, without the
 * lowest VUR contribution instead (art. 16.5; for BH it is never below the least significant value, so always cut).
 */
function cutOne(cs: readonly Contribution[]): number {
  if (cs.length === 0) return 0;
  const vurs = cs.filter((c) => c.vur).map((c) => c.value);
  return sum(cs.map((c) => c.value)) - Math.min(...(vurs.length > 0 ? vurs : cs.map((c) => c.value)));
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
      return sum(buchholzContributions(ctx, p).map((c) => c.value));
    case 'BH-C1':
      return cutOne(buchholzContributions(ctx, p));
    case 'SB':
      return sum(
        byRound(ctx, p).map((l) => (!l ? 0 : frac(l.outcome) * (l.played && l.opponent !== null ? scoreForOpponents(ctx, l.opponent) : scoreOf(ctx, p)))),
      );
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
