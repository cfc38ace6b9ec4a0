import { DESCRIPTORS, descriptorOf } from '../discipline-kit/registry.js';
import { invalid } from '../kernel/errors.js';
import type { PairedGame, PairedTable } from '../pairing/types.js';
import type { ByeResult, GameResult, MahjongTableResult, PairCounts } from '../standings/results.js';
import type { RulesProfile } from './profiles.js';
import { RULES } from './rules.js';
import type { ResultInput } from './tournament.commands.js';

export function byeResult(round: number, player: string): ByeResult {
  return { kind: 'bye', round, player };
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

function checkPair(v: PairCounts | undefined, field: string, rule: string, integer: boolean): void {
  if (v === undefined) return;
  for (const side of ['first', 'second'] as const) {
    const n = v[side];
    if (typeof n !== 'number' || !Number.isFinite(n) || (integer && !isCount(n)))
      invalid('tournament/result-value', `${field}.${side} must be a ${integer ? 'non-negative integer' : 'finite number'}`, rule, `result.${field}`);
  }
}

/**
 * The counts a result carries besides outcome and score are the disciplines' that name them (their descriptor's
 * `tournamentRules.resultCounts`: xiguaqi's games and captured pieces); refused for any other, citing the owner's rule.
 */
function refuseForeignCounts(profile: RulesProfile, input: { games?: PairCounts; captured?: PairCounts }): void {
  const mine = descriptorOf(profile.discipline).tournamentRules.resultCounts;
  for (const count of ['games', 'captured'] as const) {
    if (input[count] === undefined || mine[count] !== undefined) continue;
    const owners = DESCRIPTORS.filter((d) => d.tournamentRules.resultCounts[count] !== undefined);
    const rule = owners[0]?.tournamentRules.resultCounts[count] ?? RULES.scoresConsistent;
    invalid('tournament/result-value', `${count} counts are recorded for ${owners.map((d) => d.id).join(', ') || 'no'} results only`, rule, 'result');
  }
}

const winnerOf = (v: PairCounts) => (v.first > v.second ? 'first' : v.first < v.second ? 'second' : 'draw');

/** Turns an entered result for a 2-player game into the stored result, or refuses it. */
export function twoPlayerResult(profile: RulesProfile, round: number, game: PairedGame, input: ResultInput): GameResult {
  const base = { round, table: game.table, first: game.first, second: game.second };
  switch (input.kind) {
    case 'played': {
      if (!['first', 'second', 'draw'].includes(input.outcome))
        invalid('tournament/result-outcome', `outcome must be first, second or draw`, RULES.scoresConsistent, 'result.outcome');
      if (profile.scores === 'required' && input.score === undefined)
        invalid('tournament/result-score-required', `a ${profile.discipline} result records both scores`, RULES.scoresRequired, 'result.score');
      if (profile.scores === 'none' && input.score !== undefined)
        invalid('tournament/result-score-not-recorded', `a ${profile.discipline} result records the outcome, not a score`, RULES.scoresNone, 'result.score');
      checkPair(input.score, 'score', RULES.scoresConsistent, false);
      if (input.score !== undefined && winnerOf(input.score) !== input.outcome)
        invalid(
          'tournament/result-inconsistent',
          `scores ${input.score.first}–${input.score.second} do not give outcome "${input.outcome}"`,
          RULES.scoresConsistent,
          'result.outcome',
        );
      refuseForeignCounts(profile, input);
      checkPair(input.games, 'games', RULES.xiguaqiGames, true);
      checkPair(input.captured, 'captured', RULES.xiguaqiCaptured, true);
      // 西瓜棋 第十条: 三局两胜/五局三胜, the match goes to whoever won more games.
      if (input.games !== undefined && winnerOf(input.games) !== input.outcome)
        invalid(
          'tournament/result-inconsistent',
          `games ${input.games.first}–${input.games.second} do not give match outcome "${input.outcome}"`,
          RULES.xiguaqiGames,
          'result.games',
        );
      return {
        kind: 'played',
        ...base,
        outcome: input.outcome,
        ...(input.score !== undefined && { score: { first: input.score.first, second: input.score.second } }),
        ...(input.games !== undefined && { games: { first: input.games.first, second: input.games.second } }),
        ...(input.captured !== undefined && { captured: { first: input.captured.first, second: input.captured.second } }),
      };
    }
    case 'forfeit':
      if (input.absent !== 'first' && input.absent !== 'second')
        invalid('tournament/result-value', 'absent must be first or second', RULES.unknownGame, 'result.absent');
      return { kind: 'forfeit', ...base, absent: input.absent };
    case 'double-forfeit':
      return { kind: 'double-forfeit', ...base };
    case 'mahjong-table':
      return invalid('tournament/result-format', `table ${game.table} is a 2-player game: it takes a 2-player result`, RULES.twoPlayerOnly, 'result.kind');
  }
}

/** Turns entered table points into the stored table result (ranks at the table from the points). */
export function mahjongResult(round: number, table: PairedTable, input: ResultInput): MahjongTableResult {
  if (input.kind !== 'mahjong-table')
    return invalid(
      'tournament/result-format',
      `table ${table.table} is a mahjong table: it takes table points for four seats`,
      RULES.twoPlayerOnly,
      'result.kind',
    );
  const seated = table.seats.map((s) => s.player).sort();
  const given = input.seats.map((s) => s.player).sort();
  if (given.length !== 4 || given.some((p, i) => p !== seated[i]))
    invalid(
      'tournament/mahjong-seats',
      `table ${table.table} seats ${seated.join(', ')}; the result names ${given.join(', ') || 'nobody'}`,
      RULES.mahjongSeats,
      'result.seats',
    );
  for (const s of input.seats)
    if (typeof s.points !== 'number' || !Number.isFinite(s.points))
      invalid('tournament/result-value', `points of ${s.player} must be a finite number`, RULES.mahjongSeats, 'result.seats');
  const sum = input.seats.reduce((acc, s) => acc + s.points, 0);
  // WMC: 和牌者從三家對手支取得分 — points only move between the four players; 罰分 is booked separately.
  if (sum !== 0) invalid('tournament/mahjong-table-not-zero-sum', `table ${table.table} points sum to ${sum}, not 0`, RULES.mahjongZeroSum, 'result.seats');
  const pointsOf = new Map(input.seats.map((s) => [s.player, s.points]));
  return {
    kind: 'mahjong-table',
    round,
    table: table.table,
    seats: table.seats.map((s) => {
      const points = pointsOf.get(s.player) as number;
      return { player: s.player, wind: s.wind, points, rank: 1 + input.seats.filter((o) => o.points > points).length };
    }),
  };
}
