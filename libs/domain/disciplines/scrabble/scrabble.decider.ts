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
import {
  decideAllowLateChallenge,
  decideChallenge,
  decideProposeVerdicts,
  decideReannounceScore,
  decideResolveChallenge,
  decideWithdrawChallenge,
} from './scrabble.decide-challenge.js';
import {
  decideCallTd,
  decideEndOnOvertime,
  decideGrantExtraTime,
  decidePauseClock,
  decideRecordIncident,
  decideResumeClock,
  decideSwitchClock,
} from './scrabble.decide-table.js';
import {
  decideCompleteRecount,
  decideCorrectReversedScores,
  decideCorrectScore,
  decideRecordTimePenalty,
  decideRequestRecount,
  decideSignResultSlip,
  decideWithdrawSignature,
} from './scrabble.decide-result.js';
import { decideEnterEndRacks } from './scrabble.end.js';
import { decideAnnotateTurn } from './scrabble.annotate.js';

export function initialState(): ScrabbleState {
  return { phase: 'none' };
}

function route(em: Emitter, c: ScrabbleCommand): void {
  switch (c.type) {
    case 'scrabble.start-game':
      return decideStartGame(em, c.data);
    case 'scrabble.start-absent-clock':
      return decideStartAbsentClock(em, c.data);
    case 'scrabble.player-arrived':
      return decidePlayerArrived(em, c.data);
    case 'scrabble.draw-tiles':
      return decideDrawTiles(em, c.data);
    case 'scrabble.resolve-overdraw':
      return decideResolveOverdraw(em, c.data);
    case 'scrabble.announce-move':
      return decideAnnounceMove(em, c.data);
    case 'scrabble.press-clock':
      return decidePressClock(em, c.data);
    case 'scrabble.make-move':
      return decideMakeMove(em, c.data);
    case 'scrabble.hold':
      return decideHold(em, c.data);
    case 'scrabble.accept-move':
      return decideAcceptMove(em, c.data);
    case 'scrabble.challenge':
      return decideChallenge(em, c.data);
    case 'scrabble.withdraw-challenge':
      return decideWithdrawChallenge(em, c.data);
    case 'scrabble.propose-verdicts':
      return decideProposeVerdicts(em, c.data);
    case 'scrabble.resolve-challenge':
      return decideResolveChallenge(em, c.data);
    case 'scrabble.reannounce-score':
      return decideReannounceScore(em, c.data);
    case 'scrabble.allow-late-challenge':
      return decideAllowLateChallenge(em, c.data);
    case 'scrabble.pause-clock':
      return decidePauseClock(em, c.data);
    case 'scrabble.resume-clock':
      return decideResumeClock(em, c.data);
    case 'scrabble.call-td':
      return decideCallTd(em, c.data);
    case 'scrabble.grant-extra-time':
      return decideGrantExtraTime(em, c.data);
    case 'scrabble.switch-clock':
      return decideSwitchClock(em, c.data);
    case 'scrabble.end-on-overtime':
      return decideEndOnOvertime(em, c.data);
    case 'scrabble.enter-end-racks':
      return decideEnterEndRacks(em, c.data);
    case 'scrabble.record-time-penalty':
      return decideRecordTimePenalty(em, c.data);
    case 'scrabble.correct-score':
      return decideCorrectScore(em, c.data);
    case 'scrabble.request-recount':
      return decideRequestRecount(em, c.data);
    case 'scrabble.complete-recount':
      return decideCompleteRecount(em, c.data);
    case 'scrabble.sign-result-slip':
      return decideSignResultSlip(em, c.data);
    case 'scrabble.withdraw-signature':
      return decideWithdrawSignature(em, c.data);
    case 'scrabble.annotate-turn':
      return decideAnnotateTurn(em, c.data);
    case 'scrabble.correct-reversed-scores':
      return decideCorrectReversedScores(em, c.data);
    case 'scrabble.record-incident':
      return decideRecordIncident(em, c.data);
    default:
      return assertNever(c, 'scrabble command');
  }
}

const TURN_COMMANDS = new Set<ScrabbleCommand['type']>([
  'scrabble.draw-tiles',
  'scrabble.resolve-overdraw',
  'scrabble.announce-move',
  'scrabble.press-clock',
  'scrabble.make-move',
  'scrabble.hold',
  'scrabble.accept-move',
  'scrabble.challenge',
]);

export function decide(command: ScrabbleCommand, state: ScrabbleState): ScrabbleEvent[] {
  return decideFolded(command, state).events;
}

/** The events a command records and the state they leave, folded as they were emitted. */
export function decideFolded(command: ScrabbleCommand, state: ScrabbleState): { events: ScrabbleEvent[]; state: ScrabbleState } {
  const { at } = command.context;
  if (!isIsoInstant(at)) invalid('scrabble/bad-time', `"${String(at)}" is not an ISO-8601 instant`, RULES.orderOfPlay, 'at');
  if (state.phase === 'none' && command.type !== 'scrabble.start-game')
    refuse('scrabble/game-not-started', 'no game has been created', RULES.tileCount, { kind: 'not-found' });
  // Seed 過時: "如果過時10分鐘，遊戲結束" — once a side is 10 minutes over, no further turn is recorded.
  if (state.phase === 'playing' && TURN_COMMANDS.has(command.type)) {
    const g = state.game;
    const running = g.clock.running;
    if (running !== null && overtimeMs(g.clock, at, g.profile.timePerSideMs)[running] >= g.profile.overtimeLimitMs) {
      refuse(
        'scrabble/overtime-limit-reached',
        `seat ${running} is ${g.profile.overtimeLimitMs / 60000} minutes or more over time: the game has ended; record EndOnOvertime and call the TD`,
        RULES.overtimeLimit,
      );
    }
  }
  const em = new Emitter(state, command.context);
  const r = command.data.clockReading;
  if (r && (state.phase === 'setup' || state.phase === 'playing')) {
    if (state.game.source)
      invalid('scrabble/imported-untimed', 'an imported record was not timed here: no clock reading is recorded on it', RULES.imported, 'clockReading');
    if (!Array.isArray(r.remainingMs) || r.remainingMs.length !== 2 || !r.remainingMs.every(Number.isFinite))
      invalid('scrabble/bad-clock-reading', 'a clock reading gives the remaining ms of both sides', RULES.overtime, 'clockReading');
    // WESPA Rules v3 §1.4 (the timer; WESPA rules, not the seed): the physical timer's reading is recorded as observed.
    em.record('scrabble.ClockReadingRecorded', { remainingMs: [r.remainingMs[0], r.remainingMs[1]] });
  }
  route(em, command);
  return { events: em.events, state: em.state };
}

export const scrabbleDecider: Decider<ScrabbleCommand, ScrabbleEvent, ScrabbleState> = { initialState, decide, evolve, decideFolded };
