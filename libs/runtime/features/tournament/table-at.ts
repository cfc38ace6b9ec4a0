/** Which game is at table T of round R, division D: what a game linked to a tournament checks against. */
import { refuse } from '../../../domain/kernel/index.js';
import type { Discipline } from '../../../domain/standings/index.js';
import { resolveDivision, roundKey, type RulesProfile } from '../../../domain/tournament/index.js';
import type { ArbitraCore } from '../../arbitra-core.js';
import { streamOf } from '../../command-handler.js';
import { linkedGames } from '../../games/game-read-model.js';
import { TournamentAggregate } from './tournament.feature.js';

export const LINK_RULE = "Arbitra: a linked game is the pairing at that round and table; its players are the pairing's players";
const DISCIPLINE_RULE = "Arbitra: a linked game is of the tournament's discipline";
export const ONE_GAME_RULE =
  'Arbitra: a table of a round is played by one game: a second game is not linked to a round and table that already has one (the round file would list the board twice, and only one result can count)';
/** How long a link check waits for the games read model to apply what the log holds before it looks. */
const READ_MODEL_WAIT_MS = 3000;
const PUBLISHED_RULE =
  'Arbitra: until a round is published its pairing, byes and results are seen by the tournament officials only; a game is linked to a published round';

/** A table of a published round: its players in seat order (2 for a game, 4 for a mahjong table; a game's seat 0 is its "first"). */
export interface PairedTableAt {
  readonly tournamentId: string;
  readonly division: string;
  readonly round: number;
  readonly table: number;
  readonly seats: readonly string[];
}

/**
 * The pairing at `table` of `round` in `division` (or the only division) of a tournament, as the
 * command path folds it now. Refuses, naming the link's field: an unknown tournament
 * (`link.tournamentId`), a missing or unknown division (`link.division`), a round not paired or not
 * yet published (`link.round`), a table the round does not have (`link.table`).
 */
export async function tableAt(
  core: ArbitraCore,
  tournamentId: string,
  at: { round: number; table: number; division?: string },
  disciplines?: readonly Discipline[],
): Promise<PairedTableAt> {
  const { profile: _profile, ...table } = await tableWithProfileAt(core, tournamentId, at, disciplines);
  return table;
}

/** `tableAt` with the tournament's rules profile as loaded for the check (a discipline may require more of a linked game: chess its minutes). */
export async function tableWithProfileAt(
  core: ArbitraCore,
  tournamentId: string,
  at: { round: number; table: number; division?: string },
  disciplines?: readonly Discipline[],
): Promise<PairedTableAt & { readonly profile: RulesProfile }> {
  const { state } = await core.commands.load(TournamentAggregate, streamOf(TournamentAggregate, tournamentId));
  if (state.status !== 'open')
    refuse('tournament/unknown-tournament', `no tournament ${tournamentId}`, LINK_RULE, { kind: 'not-found', field: 'link.tournamentId' });
  // A game's result is posted to the tournament it is linked to: a chess game in a Scrabble tournament would corrupt its standings.
  if (disciplines && !disciplines.includes(state.discipline))
    refuse(
      'games/link-discipline-mismatch',
      `tournament ${tournamentId} is a ${state.discipline} tournament; this game can be linked to ${disciplines.join(' or ')} tournaments only`,
      DISCIPLINE_RULE,
      { kind: 'invalid', field: 'link.tournamentId' },
    );
  const division = resolveDivision(state, at.division, 'link.division');
  const round = state.rounds[roundKey(division, at.round)];
  if (!round)
    refuse('games/link-round-not-paired', `round ${at.round} of ${division} is not paired in ${state.id}`, LINK_RULE, {
      kind: 'not-found',
      field: 'link.round',
    });
  // A linked game shows its pairing to the public, so a round is linked only once published (tournament RULES.unpublishedHidden).
  if (round.status === 'paired')
    refuse(
      'games/link-round-not-published',
      `round ${at.round} of ${division} is not published yet in ${state.id}: publish it before starting its games`,
      PUBLISHED_RULE,
      {
        field: 'link.round',
      },
    );
  const game = round.games.find((g) => g.table === at.table);
  const seats = game ? [game.first, game.second] : round.tables.find((t) => t.table === at.table)?.seats.map((s) => s.player);
  if (!seats)
    refuse('games/link-no-such-table', `round ${at.round} of ${division} has no game at table ${at.table}`, LINK_RULE, {
      kind: 'not-found',
      field: 'link.table',
    });
  return { tournamentId, division, round: at.round, table: at.table, seats, profile: state.profile };
}

/** The games read model had not applied the log within the wait: the link cannot be checked now (503, retry shortly). */
export class ReadModelBehindError extends Error {
  constructor(
    readonly position: number,
    readonly waitedMs: number,
  ) {
    super(`the games read model has not reached position ${position} within ${waitedMs} ms`);
    this.name = 'ReadModelBehindError';
  }
}

/**
 * Refuses (409 `games/link-table-taken`, naming `link.table` and the game already there) to link game `gameId` to a
 * table another game of the discipline is already linked to (Arbitra: one game per table). The same game id passes,
 * so that a retried start gets its first answer. Read from the discipline's games read model (`projection`) once it
 * has applied the log as it is now (waited for at most 3 s, else ReadModelBehindError: a link is never checked on a
 * stale model); two starts for one table racing in the same moment are not told apart here — the tournament still
 * takes only the first result and keeps the other refused.
 */
export async function requireTableFree(core: ArbitraCore, projection: string, at: PairedTableAt, gameId: string): Promise<void> {
  const head = await core.store.headPosition();
  if (!(await core.projections.waitFor(head, READ_MODEL_WAIT_MS))) throw new ReadModelBehindError(head, READ_MODEL_WAIT_MS);
  const taken = linkedGames(core.readModels, projection, at).find((g) => g.id !== gameId && g.link?.table === at.table);
  if (taken)
    refuse(
      'games/link-table-taken',
      `table ${at.table} of round ${at.round} of ${at.division} in ${at.tournamentId} is already played by game ${taken.id}: a table takes one game`,
      ONE_GAME_RULE,
      { field: 'link.table', details: { linkedGame: taken.id } },
    );
}
