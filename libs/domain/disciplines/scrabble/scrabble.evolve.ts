/**
 * evolve: applies one recorded event to the state. Never refuses: events are facts. Each family of
 * events is applied in its own file (scrabble.evolve-setup, -turn, -challenge, -table, -end).
 */
import { assertNever } from '../../kernel/decider.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import type { ScrabbleState } from './scrabble.state.js';
import { evolveSetup } from './scrabble.evolve-setup.js';
import { evolveTurn } from './scrabble.evolve-turn.js';
import { evolveChallenge } from './scrabble.evolve-challenge.js';
import { evolveTable } from './scrabble.evolve-table.js';
import { evolveEnd } from './scrabble.evolve-end.js';
export { scorelessRun } from './scrabble.game-updates.js';

export function evolve(state: ScrabbleState, event: ScrabbleEvent): ScrabbleState {
  switch (event.type) {
    case 'scrabble.GameCreated':
    case 'scrabble.AbsentClockStarted':
    case 'scrabble.LatePlayerArrived':
    case 'scrabble.GameForfeited':
    case 'scrabble.TilesDrawn':
    case 'scrabble.ExchangedTilesReturned':
    case 'scrabble.OverdrawResolved':
    case 'scrabble.ClockStarted':
      return evolveSetup(state, event);
    case 'scrabble.MoveAnnounced':
    case 'scrabble.MoveCompleted':
    case 'scrabble.ScoreMismatchFlagged':
    case 'scrabble.HoldCalled':
    case 'scrabble.HoldFlagged':
    case 'scrabble.MoveAccepted':
      return evolveTurn(state, event);
    case 'scrabble.ChallengeMade':
    case 'scrabble.VerdictsProposed':
    case 'scrabble.ChallengeResolved':
    case 'scrabble.ScoreReannounced':
    case 'scrabble.ReannouncedScoreMismatchFlagged':
    case 'scrabble.LateChallengeAllowed':
      return evolveChallenge(state, event);
    case 'scrabble.ClockReadingRecorded':
    case 'scrabble.ClockPaused':
    case 'scrabble.ClockResumed':
    case 'scrabble.TdCalled':
    case 'scrabble.ExtraTimeGranted':
    case 'scrabble.ClockSwitched':
    case 'scrabble.IncidentRecorded':
      return evolveTable(state, event);
    case 'scrabble.GameEnded':
    case 'scrabble.TimePenaltyApplied':
    case 'scrabble.EndRackScored':
    case 'scrabble.RackDisagreementFlagged':
    case 'scrabble.ScoreCorrected':
    case 'scrabble.RecountRequested':
    case 'scrabble.RecountCompleted':
    case 'scrabble.ResultSlipSigned':
    case 'scrabble.SignatureWithdrawn':
    case 'scrabble.TurnAnnotated':
    case 'scrabble.GameFinished':
    case 'scrabble.SignedResultCorrected':
      return evolveEnd(state, event);
    default:
      return assertNever(event, 'scrabble event');
  }
}
