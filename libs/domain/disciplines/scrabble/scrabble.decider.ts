/** The Scrabble game decider (WESPA rules): one aggregate per game stream. */
import { assertNever, type Decider } from '../../kernel/decider.js';
import { invalid, refuse } from '../../kernel/errors.js';
import { isIsoInstant } from '../../kernel/command.js';
import { Emitter } from './scrabble.emitter.js';
import { overtimeMs } from './clock.js';
import { evolve } from './scrabble.evolve.js';
import type { ScrabbleCommand } from './scrabble.commands.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import type { ScrabbleState } from './scrabble.state.js';
import { RULES } from './scrabble.rules.js';
import { decideDrawTiles, decidePlayerArrived, decideResolveOverdraw, decideStartAbsentClock, decideStartGame } from './scrabble.decide-setup.js';
import { decideAcceptMove, decideAnnounceMove, decideHold, decideMakeMove, decidePressClock } from './scrabble.decide-turn.js';
import { decideAllowLateChallenge, decideChallenge, decideProposeVerdicts, decideReannounceScore, decideResolveChallenge, decideWithdrawChallenge } from './scrabble.decide-challenge.js';
import { decideCallTd, decideEndOnOvertime, decideGrantExtraTime, decidePauseClock, decideRecordIncident, decideResumeClock, decideSwitchClock } from './scrabble.decide-table.js';
import { decideCompleteRecount, decideCorrectReversedScores, decideCorrectScore, decideRecordTimePenalty, decideRequestRecount, decideSignResultSlip, decideWithdrawSignature } from './scrabble.decide-result.js';
import { decideEnterEndRacks } from './scrabble.end.js';
import { decideAnnotateTurn } from './scrabble.annotate.js';

export function initialState(): ScrabbleState {
  return { phase: 'none' };
}

function route(em: Emitter, c: ScrabbleCommand): void {
  switch (c.type) {
    case 'StartGame': return decideStartGame(em, c);
    case 'StartAbsentClock': return decideStartAbsentClock(em, c);
    case 'PlayerArrived': return decidePlayerArrived(em, c);
    case 'DrawTiles': return decideDrawTiles(em, c);
    case 'ResolveOverdraw': return decideResolveOverdraw(em, c);
    case 'AnnounceMove': return decideAnnounceMove(em, c);
    case 'PressClock': return decidePressClock(em, c);
    case 'MakeMove': return decideMakeMove(em, c);
    case 'Hold': return decideHold(em, c);
    case 'AcceptMove': return decideAcceptMove(em, c);
    case 'Challenge': return decideChallenge(em, c);
    case 'WithdrawChallenge': return decideWithdrawChallenge(em, c);
    case 'ProposeVerdicts': return decideProposeVerdicts(em, c);
    case 'ResolveChallenge': return decideResolveChallenge(em, c);
    case 'ReannounceScore': return decideReannounceScore(em, c);
    case 'AllowLateChallenge': return decideAllowLateChallenge(em, c);
    case 'PauseClock': return decidePauseClock(em, c);
    case 'ResumeClock': return decideResumeClock(em, c);
    case 'CallTd': return decideCallTd(em, c);
    case 'GrantExtraTime': return decideGrantExtraTime(em, c);
    case 'SwitchClock': return decideSwitchClock(em, c);
    case 'EndOnOvertime': return decideEndOnOvertime(em, c);
    case 'EnterEndRacks': return decideEnterEndRacks(em, c);
    case 'RecordTimePenalty': return decideRecordTimePenalty(em, c);
    case 'CorrectScore': return decideCorrectScore(em, c);
    case 'RequestRecount': return decideRequestRecount(em, c);
    case 'CompleteRecount': return decideCompleteRecount(em, c);
    case 'SignResultSlip': return decideSignResultSlip(em, c);
    case 'WithdrawSignature': return decideWithdrawSignature(em, c);
    case 'AnnotateTurn': return decideAnnotateTurn(em, c);
    case 'CorrectReversedScores': return decideCorrectReversedScores(em, c);
    case 'RecordIncident': return decideRecordIncident(em, c);
    default: return assertNever(c, 'scrabble command');
  }
}

const TURN_COMMANDS = new Set<ScrabbleCommand['type']>(['DrawTiles', 'ResolveOverdraw', 'AnnounceMove', 'PressClock', 'MakeMove', 'Hold', 'AcceptMove', 'Challenge']);

export function decide(command: ScrabbleCommand, state: ScrabbleState): ScrabbleEvent[] {
  if (!isIsoInstant(command.at)) invalid('scrabble/bad-time', `"${String(command.at)}" is not an ISO-8601 instant`, RULES.orderOfPlay, 'at');
  if (state.phase === 'none' && command.type !== 'StartGame') refuse('scrabble/game-not-started', 'no game has been created', RULES.tileCount, { kind: 'not-found' });
  // Seed 過時: "如果過時10分鐘，遊戲結束" — once a side is 10 minutes over, no further turn is recorded.
  if (state.phase === 'playing' && TURN_COMMANDS.has(command.type)) {
    const g = state.game;
    const running = g.clock.running;
    if (running !== null && overtimeMs(g.clock, command.at, g.profile.timePerSideMs)[running] >= g.profile.overtimeLimitMs) {
      refuse('scrabble/overtime-limit-reached', `seat ${running} is ${g.profile.overtimeLimitMs / 60000} minutes or more over time: the game has ended; record EndOnOvertime and call the TD`, RULES.overtimeLimit);
    }
  }
  const em = new Emitter(state, command);
  const r = command.clockReading;
  if (r && (state.phase === 'setup' || state.phase === 'playing')) {
    if (!Array.isArray(r.remainingMs) || r.remainingMs.length !== 2 || !r.remainingMs.every(Number.isFinite)) invalid('scrabble/bad-clock-reading', 'a clock reading gives the remaining ms of both sides', RULES.overtime, 'clockReading');
    // WESPA Rules v3 §1.4 (the timer; WESPA rules, not the seed): the physical timer's reading is recorded as observed.
    em.emit('scrabble.ClockReadingRecorded', { remainingMs: [r.remainingMs[0], r.remainingMs[1]] });
  }
  route(em, command);
  return em.events;
}

export const scrabbleDecider: Decider<ScrabbleCommand, ScrabbleEvent, ScrabbleState> = { initialState, decide, evolve };
