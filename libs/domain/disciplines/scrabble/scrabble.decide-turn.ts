/** Deciding a turn: announcing a move, pressing the clock, hold and acceptance. */
import { msBetween } from '../../kernel/command.js';
import { invalid, refuse } from '../../kernel/errors.js';
import { checkSeat, type Emitter } from './scrabble.emitter.js';
import type { DataOf } from './scrabble.commands.js';
import type { TurnStatus } from './scrabble.state.js';
import { RULES } from './scrabble.rules.js';
import { endGame } from './scrabble.end.js';
import { completeMove, prepareMove } from './scrabble.move.js';
import { other, type Seat } from './seat.js';

function playingStatus(em: Emitter): TurnStatus {
  const s = em.state;
  if (s.phase !== 'playing') refuse('scrabble/not-in-play', `the game is not in play (phase ${s.phase})`, RULES.orderOfPlay, { field: 'id' });
  return s.status;
}

/** Seed Challenge: a hold held longer than the profile allows is flagged as possible misconduct. */
export function endHold(em: Emitter, st: TurnStatus): void {
  if (st.kind !== 'pending' || !st.hold) return;
  const holdMs = msBetween(st.hold.since, em.ctx.at);
  if (holdMs > em.game.profile.holdMisconductMs)
    em.record('scrabble.HoldFlagged', { seat: st.hold.seat, turn: st.turn, holdMs, thresholdMs: em.game.profile.holdMisconductMs });
}

/** The opponent moving on without hold or challenge accepts the pending play. */
function takeTurn(em: Emitter, seat: Seat): void {
  const st = playingStatus(em);
  // Seed 更換棋子: the exchange is finished by drawing the replacements before the next move.
  if (em.game.exchangeAside?.seat === seat)
    refuse('scrabble/exchange-draw-pending', `seat ${seat} must first draw the replacements for the exchange`, RULES.exchange, { field: 'seat' });
  if (st.kind === 'pending' && st.seat !== seat) {
    if (st.goingOut) refuse('scrabble/game-ending', 'the opponent went out: accept or challenge the last play', RULES.endGame);
    endHold(em, st);
    em.record('scrabble.MoveAccepted', { turn: st.turn, how: 'next-move' });
    return;
  }
  if (st.kind !== 'to-move' || st.seat !== seat) {
    const whose = st.kind === 'to-move' ? st.seat : st.kind === 'pending' ? other(st.seat) : st.seat;
    refuse('scrabble/not-your-turn', `it is not seat ${seat}'s turn (${st.kind}, seat ${whose})`, RULES.orderOfPlay, { field: 'seat' });
  }
}

export function decideAnnounceMove(em: Emitter, c: DataOf<'scrabble.announce-move'>): void {
  playingStatus(em);
  checkSeat(c.seat);
  takeTurn(em, c.seat);
  // Seed 完成一步: "當計時器還未被按下時，你可以轉換你在該步之選擇" — a new announcement replaces the last.
  const p = prepareMove(em.game, c.seat, c.move, c.announcedScore);
  em.record('scrabble.MoveAnnounced', { seat: c.seat, move: p.move, announcedScore: p.announcedScore, computedScore: p.computed });
}

export function decidePressClock(em: Emitter, c: DataOf<'scrabble.press-clock'>): void {
  const st = playingStatus(em);
  checkSeat(c.seat);
  if (st.kind !== 'to-move' || st.seat !== c.seat || !st.tentative)
    refuse('scrabble/nothing-announced', 'announce the move and its score before pressing the clock', RULES.orderOfPlay, { field: 'seat' });
  // Seed 完成一步: after the clock is pressed the move (tiles, exchange count, blank letters) is final.
  completeMove(em, c.seat, { move: st.tentative.move, announcedScore: st.tentative.announcedScore, computed: st.tentative.computed }, 'clock');
}

export function decideMakeMove(em: Emitter, c: DataOf<'scrabble.make-move'>): void {
  playingStatus(em);
  checkSeat(c.seat);
  takeTurn(em, c.seat);
  completeMove(em, c.seat, prepareMove(em.game, c.seat, c.move, c.announcedScore), 'clock');
}

function opponentOfPending(em: Emitter, seat: Seat, what: 'hold' | 'accept'): Extract<TurnStatus, { kind: 'pending' }> {
  const st = playingStatus(em);
  checkSeat(seat);
  if (st.kind === 'to-move' && st.seat !== seat && st.tentative) {
    refuse(`scrabble/${what}-before-clock`, `the player has not pressed the clock yet`, RULES.holdAfterPress);
  }
  if (st.kind !== 'pending')
    refuse(`scrabble/${what}-after-acceptance`, 'there is no play awaiting acceptance: it was accepted when replacement tiles were drawn', RULES.acceptance);
  if (st.seat === seat) invalid(`scrabble/${what}-own-move`, `seat ${seat} cannot ${what} their own play`, RULES.holdAfterPress, 'seat');
  return st;
}

export function decideHold(em: Emitter, c: DataOf<'scrabble.hold'>): void {
  const st = opponentOfPending(em, c.seat, 'hold');
  if (st.hold) refuse('scrabble/already-held', 'the play is already held', RULES.holdAfterPress);
  // Seed Hold: said with the clock running on the holder's own time.
  em.record('scrabble.HoldCalled', { seat: c.seat, turn: st.turn });
}

export function decideAcceptMove(em: Emitter, c: DataOf<'scrabble.accept-move'>): void {
  const st = opponentOfPending(em, c.seat, 'accept');
  endHold(em, st);
  em.record('scrabble.MoveAccepted', { turn: st.turn, how: 'said' });
  // Seed 完成遊戲: the opponent accepts the going-out play and the game ends.
  if (st.goingOut) endGame(em, 'went-out', st.seat);
}
