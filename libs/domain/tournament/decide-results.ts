import { canonicalJson } from '../kernel/canonical-json.js';
import { invalid, notFound, refuse } from '../kernel/errors.js';
import type { CommandContext, Role } from '../kernel/command.js';
import type { GameResult } from '../standings/results.js';
import { requireRound } from './decide-rounds.js';
import { requireOpen } from './decide-setup.js';
import { resolveDivision } from './division.js';
import { isKnockoutRound, losersOf } from './knockout.js';
import { mahjongResult, twoPlayerResult } from './result-input.js';
import { RULES } from './rules.js';
import type { ResultInput, TournamentCommandData } from './tournament.commands.js';
import type { TournamentEvent } from './tournament.events.js';
import { resultKey, roundsOf, type OpenTournament, type RoundState, type TournamentState } from './tournament.state.js';

type Cmd<T extends keyof TournamentCommandData> = TournamentCommandData[T];

/** Arbitra policy: once a round is locked only these decide a correction (appeal or chief arbiter's ruling). */
export const LOCKED_ROUND_CORRECTORS: readonly Role[] = ['appeals-committee', 'chief-arbiter'];

function resultFor(t: OpenTournament, r: RoundState, table: number, input: ResultInput): GameResult {
  if (t.profile.format === 'mahjong-table') {
    const x = r.tables.find((tb) => tb.table === table);
    if (!x) notFound('tournament/unknown-table', `round ${r.round} of ${r.division} has no table ${table}`, 'table');
    return mahjongResult(r.round, x, input);
  }
  const g = r.games.find((game) => game.table === table);
  if (!g) notFound('tournament/unknown-table', `round ${r.round} of ${r.division} has no game at table ${table}`, 'table');
  const result = twoPlayerResult(t.profile, r.round, g, input);
  if (isKnockoutRound(r) && result.kind === 'played' && result.outcome === 'draw')
    invalid(
      'tournament/knockout-needs-winner',
      `table ${table} of round ${r.round} is a knockout match: it needs a winner, not a draw (play the match to a decision)`,
      RULES.knockoutWinner,
      'result.outcome',
    );
  return result;
}

/** The field of the sent result that says who lost: the outcome of a played match, the absent side of a forfeit, else its kind. */
function loserField(input: ResultInput): string {
  return input.kind === 'played' ? 'result.outcome' : input.kind === 'forfeit' ? 'result.absent' : 'result.kind';
}

/**
 * Arbitra (RULES.knockoutCorrection): a knockout result decides who is seated in the next knockout round. Once a later
 * round of the division is paired, that pairing stands on the result as it was; a correction that changes who lost
 * would leave an eliminated player seated and the real winner out for good (RULES.knockoutField), and the record has
 * no command to withdraw a recorded pairing. So, as an arbiter would have it, the bracket is not rewritten
 * behind the players' backs: the correction is refused (409, nothing recorded) and the chief arbiter or the appeals
 * committee decides what to do about the later round (a replay can be ordered). A correction that keeps who lost (a
 * score, the games of a best-of-N, a forfeit turned into a played loss for the same player) is recorded as before.
 */
function checkBracketStands(t: OpenTournament, r: RoundState, table: number, previous: GameResult, result: GameResult, input: ResultInput): void {
  const later = roundsOf(t, r.division).find((x) => x.round > r.round);
  if (!later) return;
  const before = [...losersOf(previous)].sort();
  const after = [...losersOf(result)].sort();
  if (before.length === after.length && before.every((p, i) => p === after[i])) return;
  const who = (ps: string[]) => (ps.length === 0 ? 'nobody' : ps.join(' and '));
  refuse(
    'tournament/knockout-bracket-paired',
    `table ${table} of round ${r.round} of ${r.division} is a knockout match and round ${later.round} is already paired from it: ` +
      `the correction would change who is out (${who(before)} → ${who(after)}); only a correction that keeps who lost is recorded now`,
    RULES.knockoutCorrection,
    { field: loserField(input), details: { pairedRound: later.round, losers: before, correctedLosers: after } },
  );
}

export function decideRecord(c: Cmd<'tournament.record-result'>, state: TournamentState): TournamentEvent[] {
  const t = requireOpen(state);
  const division = resolveDivision(t, c.division);
  const r = requireRound(t, division, c.round);
  if (r.status === 'locked')
    refuse(
      'tournament/round-locked',
      `round ${c.round} of ${division} is locked: no more results (a correction needs an appeals-committee or chief-arbiter decision)`,
      RULES.resultLocked,
      {
        field: 'round',
      },
    );
  if (r.status === 'paired')
    refuse('tournament/round-not-published', `round ${c.round} of ${division} is not published yet`, RULES.notPublished, { field: 'round' });
  const result = resultFor(t, r, c.table, c.result);
  if (r.results[resultKey(c.table)])
    refuse('tournament/result-already-recorded', `table ${c.table} of round ${c.round} already has a result: correct it with a reason`, RULES.resultOnce, {
      field: 'table',
    });
  const source =
    c.source?.kind === 'game'
      ? c.source.gameId
        ? { kind: 'game' as const, gameId: c.source.gameId }
        : invalid('tournament/result-source', 'a game source names the game', RULES.unknownGame, 'source.gameId')
      : { kind: 'arbiter' as const };
  return [{ type: 'tournament.ResultRecorded', data: { division, round: c.round, table: c.table, result, source } }];
}

export function decideCorrect(c: Cmd<'tournament.correct-result'>, state: TournamentState, context: CommandContext): TournamentEvent[] {
  const t = requireOpen(state);
  const division = resolveDivision(t, c.division);
  const r = requireRound(t, division, c.round);
  if (!c.reason?.trim()) invalid('tournament/reason-required', 'a correction states its reason', RULES.correctionReason, 'reason');
  // Results are recorded for published rounds only (RULES.notPublished), so an unpublished round has nothing to
  // correct; saying so is truer than "no result yet" (its bye is recorded at pairing time and is not a table result).
  if (r.status === 'paired')
    refuse(
      'tournament/round-not-published',
      `round ${c.round} of ${division} is not published yet: it has no result to correct`,
      RULES.notPublishedCorrection,
      { field: 'round' },
    );
  // Arbitra policy: a locked round is corrected only by an appeals-committee or chief-arbiter decision.
  if (r.status === 'locked' && !LOCKED_ROUND_CORRECTORS.includes(context.actor.role))
    refuse(
      'tournament/round-locked',
      `round ${c.round} of ${division} is locked: only the appeals committee or the chief arbiter may correct it (the actor is ${context.actor.role})`,
      RULES.resultLocked,
      {
        field: 'round',
      },
    );
  const result = resultFor(t, r, c.table, c.result);
  const previous = r.results[resultKey(c.table)];
  if (!previous)
    refuse('tournament/no-result-to-correct', `table ${c.table} of round ${c.round} has no result yet: record it`, RULES.resultOnce, { field: 'table' });
  // A "correction" to the result already recorded would enter the record as a decision that changed nothing.
  if (canonicalJson(result) === canonicalJson(previous))
    invalid(
      'tournament/correction-unchanged',
      `table ${c.table} of round ${c.round} already has this result: nothing to correct`,
      RULES.correctionChanges,
      'result',
    );
  if (isKnockoutRound(r)) checkBracketStands(t, r, c.table, previous, result, c.result);
  return [
    {
      type: 'tournament.ResultCorrected',
      data: {
        division,
        round: c.round,
        table: c.table,
        corrects: previous,
        result,
        reason: c.reason,
        decidedBy: { id: context.actor.id, role: context.actor.role },
      },
    },
  ];
}
