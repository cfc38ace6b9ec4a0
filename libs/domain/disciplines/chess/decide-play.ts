/** The players' commands: moves, resignation, draw offers and claims, flag claims. */
import { invalid, refuse } from '../../kernel/index.js';
import { RULES } from './chess.rules.js';
import { flagDown, remainingAt, runningSeat } from './clock.js';
import { automaticEnd, cannotMate, claimFounded, replay, tryMove } from './position.js';
import type { ChessCommand, ChessEvent, ChessGame, ChessResult, Seat } from './chess.types.js';

export const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);
export const TWO_MINUTES = 120_000;

export function ended(game: ChessGame, result: ChessResult, at: string): ChessEvent {
  return { type: 'chess.GameEnded', data: { result, players: game.players, link: game.link, at } };
}

export function decidePlay(command: ChessCommand, g: ChessGame, at: string): ChessEvent[] {
  switch (command.type) {
    case 'chess.make-move': {
      const { seat, move } = command.data;
      if (runningSeat(g) !== seat) refuse('chess/not-your-turn', `seat ${seat} is not to move`, RULES.turn, { field: 'seat' });
      const chess = replay(g.moves, g.startFen);
      const made = tryMove(chess, move);
      if (!made) invalid('chess/illegal-move', `${move} is not a legal move in ${g.fen}`, RULES.legalMove, 'move');
      const left = remainingAt(g, at)[seat];
      // The increment is added once the move is made, never to a clock whose flag is already down (rapid rules 10, 21(4)).
      // An imported record has no clock: only the [%clk] its file writes, kept as written (issue 30).
      const written = command.data.writtenClockMs;
      const clock = g.source
        ? { ...(written !== undefined && { writtenClockMs: written }) }
        : { remainingMs: left > 0 ? left + g.timeControl.incrementSeconds * 1000 : left };
      const m = {
        ply: g.moves.length + 1,
        seat,
        san: made.san,
        from: made.from,
        to: made.to,
        ...(made.promotion && { promotion: made.promotion }),
        fen: chess.fen(),
        at,
        ...clock,
      };
      const end = automaticEnd(chess, seat);
      return [{ type: 'chess.MoveMade', data: m }, ...(end ? [ended(g, end, at)] : [])];
    }
    case 'chess.record-result':
      if (!g.source) refuse('chess/not-imported', 'a written result is recorded only on an imported record', RULES.imported, { field: 'winner' });
      return [ended(g, { winner: command.data.winner, reason: 'recorded', rule: RULES.imported }, at)];
    case 'chess.resign':
      return [ended(g, { winner: other(command.data.seat), reason: 'resignation', rule: RULES.resignation }, at)];
    case 'chess.offer-draw':
      return [{ type: 'chess.DrawOffered', data: { seat: command.data.seat } }];
    case 'chess.accept-draw': {
      const { seat } = command.data;
      if (g.drawOffer !== other(seat)) refuse('chess/no-draw-offer', `no draw offer by seat ${other(seat)} stands`, RULES.drawOffer, { field: 'seat' });
      return [ended(g, { winner: null, reason: 'agreement', rule: RULES.agreement }, at)];
    }
    case 'chess.claim-draw': {
      const { seat, reason } = command.data;
      const rule = reason === 'repetition' ? RULES.repetitionClaim : RULES.fiftyMoveClaim;
      if (flagDown(g, seat, at)) refuse('chess/claimant-flag-down', `seat ${seat}'s flag has fallen`, RULES.claimantFlag, { field: 'seat' });
      // FIDE 9.2 (rapid rules 18): a threefold repetition on the board draws at once.
      if (claimFounded(replay(g.moves, g.startFen), reason))
        return [ended(g, { winner: null, reason: reason === 'repetition' ? 'threefold-repetition' : 'fifty-moves', rule }, at)];
      // Rapid rules 12(1): anything else (a perpetual check or forced repetition) is demonstrated by the claimant and
      // judged by the arbiter (rule-draw-claim, ground perpetual); only the arbiter's "untrue" adds 2 minutes.
      if (reason === 'repetition')
        refuse(
          'chess/repetition-not-shown',
          'no position has occurred three times: a perpetual check or forced repetition is demonstrated to the arbiter, who rules on the claim (ground perpetual)',
          RULES.perpetualClaim,
          { field: 'reason' },
        );
      // FIDE 9.5 (rapid rules 18): an incorrect 50-move claim gives the opponent 2 minutes.
      return [
        { type: 'chess.DrawClaimRefused', data: { seat, reason, rule } },
        { type: 'chess.TimeAdded', data: { seat: other(seat), ms: TWO_MINUTES, rule, reason: `unfounded ${reason} claim by seat ${seat}` } },
      ];
    }
    case 'chess.claim-flag': {
      if (g.source) refuse('chess/imported-untimed', 'an imported record was not timed here: no flag can be claimed on it', RULES.imported, { field: 'seat' });
      const seat = command.data.seat;
      const opponent = other(seat);
      // Rapid rules 10, 11(1): both flags down is a draw, whoever claims.
      if (flagDown(g, seat, at) && flagDown(g, opponent, at)) return [ended(g, { winner: null, reason: 'both-flags', rule: RULES.bothFlags }, at)];
      if (!flagDown(g, opponent, at) || flagDown(g, seat, at))
        refuse('chess/flag-not-down', `the claim needs seat ${seat}'s flag up and seat ${opponent}'s down`, RULES.flagMustBeDown, { field: 'seat' });
      // Rapid rules 11(2): the flag fell, but the claimant cannot mate by any series of legal moves: drawn.
      if (cannotMate(replay(g.moves, g.startFen), seat)) return [ended(g, { winner: null, reason: 'flag-cannot-mate', rule: RULES.flagCannotMate }, at)];
      return [ended(g, { winner: seat, reason: 'flag', rule: RULES.flag }, at)];
    }
    default:
      return invalid('chess/unknown-command', `unknown command ${command.type}`, RULES.started);
  }
}
