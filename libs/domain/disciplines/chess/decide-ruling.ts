/** The arbiter's rulings: draw claims to judge, illegal moves and breaches claimed, penalties. Each cites its rule. */
import { invalid, refuse } from '../../kernel/index.js';
import { RULES } from './chess.rules.js';
import { flagDown, remainingAt, runningSeat } from './clock.js';
import { ended, other, TWO_MINUTES } from './decide-play.js';
import { replay, tryMove } from './position.js';
import type { ChessCommand, ChessEvent, ChessGame } from './chess.types.js';

const FIVE_MINUTES = 300_000;

export function decideRuling(command: ChessCommand, g: ChessGame, at: string): ChessEvent[] {
  switch (command.type) {
    case 'chess.rule-draw-claim': {
      const { claimant, ground, upheld, note } = command.data;
      const rule = ground === 'perpetual' ? RULES.perpetualClaim : ground === 'no-winning-chances' ? RULES.noWinningChances : RULES.timeTroubleDraw;
      // Rapid rules 12: the claimant's flag has not fallen.
      if (flagDown(g, claimant, at)) refuse('chess/claimant-flag-down', `seat ${claimant}'s flag has fallen`, RULES.claimantFlag, { field: 'claimant' });
      if (upheld) return [ended(g, { winner: null, reason: ground, rule }, at)];
      const refused: ChessEvent = { type: 'chess.DrawClaimRefused', data: { seat: claimant, reason: ground, rule } };
      // Rapid rules 12(1) and 12(2): an untrue claim (perpetual check / forced repetition, or no winning chances)
      // gives the opponent 2 minutes; rule 11 names no penalty.
      if (ground === 'time-trouble') return [refused];
      const what = ground === 'perpetual' ? 'perpetual check or forced repetition' : 'no winning chances';
      const reason = `unfounded claim of ${what} by seat ${claimant}${note ? `: ${note}` : ''}`;
      return [refused, { type: 'chess.TimeAdded', data: { seat: other(claimant), ms: TWO_MINUTES, rule, reason } }];
    }
    case 'chess.rule-illegal-move': {
      const { offender, move, note } = command.data;
      // Rapid rules 19: only the last move can be taken back: the offender is the one whose move it was.
      if (runningSeat(g) !== offender)
        refuse('chess/illegal-move-not-last', `the last move was not seat ${offender}'s`, RULES.illegalMove, { field: 'offender' });
      if (tryMove(replay(g.moves, g.startFen), move))
        invalid('chess/move-is-legal', `${move} is legal in the position ${g.fen}: there is nothing to take back`, RULES.legalMove, 'move');
      const offence = g.illegalMoves[offender] + 1;
      const claimant = other(offender);
      return [
        { type: 'chess.IllegalMoveRuled', data: { offender, move, restoredFen: g.fen, offence, rule: RULES.illegalMove, ...(note && { note }) } },
        { type: 'chess.TimeAdded', data: { seat: claimant, ms: TWO_MINUTES, rule: RULES.illegalMove, reason: `illegal move ${move} by seat ${offender}` } },
      ];
    }
    case 'chess.rule-breach': {
      const { offender, breach, note } = command.data;
      // Rapid rules 2: moves need not be recorded once either clock shows less than five minutes.
      if (breach === 'rule-2' && remainingAt(g, at).some((ms) => ms < FIVE_MINUTES))
        invalid('chess/recording-not-required', 'with less than 5 minutes on a clock neither player must record', 'rapid rules 2', 'breach');
      const offence = (g.breaches[breach]?.[offender] ?? 0) + 1;
      // Rapid rules 21(3): breaches of rules 2 and 5 are penalised from the second one.
      const warningOnly = (breach === 'rule-2' || breach === 'rule-5') && offence < 2;
      const ruled: ChessEvent = { type: 'chess.BreachRuled', data: { offender, breach, offence, warningOnly, rule: RULES.breach, ...(note && { note }) } };
      if (warningOnly) return [ruled];
      return [
        ruled,
        { type: 'chess.TimeAdded', data: { seat: other(offender), ms: TWO_MINUTES, rule: RULES.breach, reason: `${breach} by seat ${offender}` } },
      ];
    }
    case 'chess.penalize': {
      const { seat, penalty, rule, reason } = command.data;
      if (!rule.trim()) invalid('chess/penalty-rule', 'a penalty cites the rule it applies (document and section)', RULES.arbiterPenalty, 'rule');
      const imposed: ChessEvent = { type: 'chess.PenaltyImposed', data: { seat, penalty, rule, reason } };
      if (penalty.kind === 'loss') return [imposed, ended(g, { winner: other(seat), reason: 'penalty', rule }, at)];
      if (!Number.isInteger(penalty.ms) || penalty.ms <= 0)
        invalid('chess/penalty-time', 'time added is a positive whole number of ms', RULES.arbiterPenalty, 'penalty.ms');
      return [imposed, { type: 'chess.TimeAdded', data: { seat: other(seat), ms: penalty.ms, rule, reason } }];
    }
    default:
      return invalid('chess/unknown-command', `unknown command ${command.type}`, RULES.started);
  }
}
