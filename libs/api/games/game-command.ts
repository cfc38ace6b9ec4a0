/** Scrabble games from HTTP: the runner bound to Scrabble's GameFeature, and the tournament link check. */
import type { GameLink, Seat } from '../../domain/disciplines/scrabble/index.js';
import { roundKey } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { streamOf } from '../../runtime/command-handler.js';
import { SCRABBLE_GAME, type ScrabbleCommandBody } from '../../runtime/features/scrabble/index.js';
import { TournamentAggregate } from '../../runtime/features/tournament/index.js';
import { ProblemException } from '../problem.js';
import { GameRunner, loadGame, unknownGame } from './game-runner.js';
import type { GameLinkDto } from './game.dto.js';

export { unknownGame };
export type CommandBody = ScrabbleCommandBody;

/** The generic runner for Scrabble. */
export const scrabbleRunner = (core: ArbitraCore) => new GameRunner(core, SCRABBLE_GAME);
export type ScrabbleRunner = ReturnType<typeof scrabbleRunner>;

/** A Scrabble game as the command path sees it now, or 404. */
export const loadScrabbleGame = (core: ArbitraCore, id: string) => loadGame(core, SCRABBLE_GAME, id);

const LINK_RULE = 'Arbitra: a linked game is the pairing at that round and table; its players are the pairing\'s players';

/**
 * Checks a link against the tournament's pairing (same two players) and completes it with the
 * division and the seat of the pairing's "first" player, so the result can be posted back.
 */
export async function resolveLink(core: ArbitraCore, link: GameLinkDto, players: readonly { id: string }[]): Promise<GameLink> {
  const { state } = await core.commands.load(TournamentAggregate, streamOf(TournamentAggregate, link.tournamentId));
  if (state.status !== 'open') throw new ProblemException(404, 'tournament/unknown-tournament', 'Not found', `no tournament ${link.tournamentId}`, { field: 'link.tournamentId', rule: LINK_RULE });
  let division = link.division;
  if (division === undefined) {
    if (state.divisions.length !== 1) throw new ProblemException(400, 'validation/failed', 'Invalid request', `tournament ${state.id} has divisions ${state.divisions.join(', ')}: say which`, { field: 'link.division', rule: LINK_RULE });
    division = state.divisions[0];
  }
  const round = state.rounds[roundKey(division, link.round)];
  if (!round) throw new ProblemException(404, 'games/link-round-not-paired', 'Not found', `round ${link.round} of ${division} is not paired in ${state.id}`, { field: 'link.round', rule: LINK_RULE });
  // A linked game shows its pairing to the public, so a round is linked only once published (tournament RULES.unpublishedHidden).
  if (round.status === 'paired')
    throw new ProblemException(409, 'games/link-round-not-published', 'Conflict with the record', `round ${link.round} of ${division} is not published yet in ${state.id}: publish it before starting its games`, {
      field: 'link.round',
      rule: 'Arbitra: until a round is published its pairing, byes and results are seen by the tournament officials only; a game is linked to a published round',
    });
  const game = round.games.find((g) => g.table === link.table);
  if (!game) throw new ProblemException(404, 'games/link-no-such-table', 'Not found', `round ${link.round} of ${division} has no game at table ${link.table}`, { field: 'link.table', rule: LINK_RULE });
  const ids = players.map((p) => p.id);
  if (!(ids.includes(game.first) && ids.includes(game.second))) {
    throw new ProblemException(422, 'games/link-players-mismatch', 'Unprocessable command', `table ${link.table} of round ${link.round} pairs ${game.first} and ${game.second}, not ${ids.join(' and ')}`, {
      field: 'players',
      rule: LINK_RULE,
    });
  }
  return { tournamentId: link.tournamentId, round: link.round, table: link.table, division, firstSeat: (ids[0] === game.first ? 0 : 1) as Seat };
}
