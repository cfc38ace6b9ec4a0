/** Deciding after the game ends: time penalties entered by hand, score corrections, recount, signing. */
import { invalid, refuse } from '../../kernel/errors.js';
import { checkSeat, type Emitter } from './scrabble.emitter.js';
import type { DataOf } from './scrabble.commands.js';
import { RULES } from './scrabble.rules.js';
import { resultOf } from './scrabble.end.js';
import { refuseIfSigned, WITHDRAWAL_RULE } from './scrabble.signing.js';

export function decideRecordTimePenalty(em: Emitter, c: DataOf<'scrabble.record-time-penalty'>): void {
  refuseIfSigned(em.state, 'a time penalty');
  if (em.state.phase !== 'ended') refuse('scrabble/not-ended', 'a time penalty is entered once the game has ended', RULES.overtime);
  if (!Number.isInteger(c.points) || c.points <= 0) invalid('scrabble/bad-points', 'a time penalty is a whole number of points > 0', RULES.overtime, 'points');
  checkSeat(c.seat);
  em.record('scrabble.TimePenaltyApplied', { seat: c.seat, overMs: null, points: c.points });
}

/** Seed 分數: both seats are among those who agree (a score correction, a reversal of signed scores). */
const bothAgree = (agreedBy: readonly number[] | undefined): boolean => Array.isArray(agreedBy) && agreedBy.includes(0) && agreedBy.includes(1);

export function decideCorrectScore(em: Emitter, c: DataOf<'scrabble.correct-score'>): void {
  const s = em.state;
  refuseIfSigned(s, 'a score correction');
  if (s.phase !== 'playing' && s.phase !== 'ended') refuse('scrabble/not-in-play', 'there is no score to correct yet', RULES.scoreCorrection, { field: 'id' });
  // Seed 分數: corrected by agreement of both players at any time before the slip is signed.
  if (!bothAgree(c.agreedBy))
    refuse('scrabble/correction-needs-both-players', 'a score error is corrected only with the agreement of both players', RULES.scoreCorrection, {
      field: 'agreedBy',
    });
  const turn = s.game.turns.find((t) => t.n === c.turn);
  if (!turn) invalid('scrabble/no-such-turn', `there is no turn ${c.turn}`, RULES.scoreCorrection, 'turn');
  if (turn.status === 'withdrawn' || turn.kind !== 'play')
    refuse('scrabble/turn-scores-zero', `turn ${c.turn} scores 0 and cannot be corrected`, RULES.scoreCorrection, { field: 'turn' });
  if (!Number.isInteger(c.score) || c.score < 0) invalid('scrabble/bad-score', 'a score is a whole number ≥ 0', RULES.scoreCorrection, 'score');
  if (c.score === turn.score) return;
  em.record('scrabble.ScoreCorrected', { seat: turn.seat, turn: turn.n, from: turn.score, to: c.score, basis: 'players-agreed' });
}

export function decideRequestRecount(em: Emitter, c: DataOf<'scrabble.request-recount'>): void {
  const s = em.state;
  refuseIfSigned(s, 'a recount');
  if (s.phase !== 'ended') refuse('scrabble/not-ended', 'a recount is requested after the game ends and before the slip is signed', RULES.recount);
  checkSeat(c.seat);
  if (s.end.recount !== 'none') refuse('scrabble/recount-already-requested', 'the game has already been recounted', RULES.recount);
  // Seed 重新計算分數: 「如果最終分數差距少於20分」 — the FINAL margin, i.e. once the end racks are settled.
  if (!s.end.racksSettled)
    refuse('scrabble/end-racks-not-settled', 'a recount depends on the final margin: enter the racks left at the end first', RULES.recount);
  const margin = Math.abs(s.game.scores[0] - s.game.scores[1]);
  // Seed 重新計算分數: "如果最終分數差距少於20分".
  if (margin >= s.game.profile.recountMarginBelow)
    refuse('scrabble/recount-margin-too-large', `a recount needs a final margin below ${s.game.profile.recountMarginBelow}; it is ${margin}`, RULES.recount);
  em.record('scrabble.RecountRequested', { seat: c.seat, margin });
}

export function decideCompleteRecount(em: Emitter, c: DataOf<'scrabble.complete-recount'>): void {
  const s = em.state;
  refuseIfSigned(s, 'a recount');
  if (s.phase !== 'ended' || s.end.recount !== 'requested') refuse('scrabble/no-recount', 'no recount is in progress', RULES.recount);
  let n = 0;
  for (const k of c.corrections) {
    const turn = em.game.turns.find((t) => t.n === k.turn);
    if (!turn || turn.kind !== 'play' || turn.status === 'withdrawn')
      invalid('scrabble/no-such-turn', `turn ${k.turn} is not a standing play`, RULES.recount, 'corrections');
    if (!Number.isInteger(k.score) || k.score < 0) invalid('scrabble/bad-score', 'a score is a whole number ≥ 0', RULES.recount, 'corrections');
    if (k.score !== turn.score) {
      em.record('scrabble.ScoreCorrected', { seat: turn.seat, turn: turn.n, from: turn.score, to: k.score, basis: 'recount' });
      n++;
    }
  }
  em.record('scrabble.RecountCompleted', { corrections: n });
}

export function decideSignResultSlip(em: Emitter, c: DataOf<'scrabble.sign-result-slip'>): void {
  const s = em.state;
  if (s.phase !== 'ended')
    refuse(s.phase === 'finished' ? 'scrabble/result-signed' : 'scrabble/not-ended', 'the result slip is signed once, after the game ends', RULES.signing, {
      field: 'id',
    });
  checkSeat(c.seat);
  if (!s.end.racksSettled) refuse('scrabble/end-racks-not-settled', 'enter the racks left at the end before signing', RULES.ownRack);
  if (s.end.recount === 'requested') refuse('scrabble/recount-in-progress', 'a recount is in progress', RULES.recount);
  if (s.end.signedBy.includes(c.seat)) refuse('scrabble/already-signed', `seat ${c.seat} has already signed`, RULES.signing);
  em.record('scrabble.ResultSlipSigned', { seat: c.seat });
  const after = em.state;
  if (after.phase === 'ended' && after.end.signedBy.length === 2) em.record('scrabble.GameFinished', { result: resultOf(after.game), link: after.game.link });
}

/** A signature on the slip is withdrawn — recorded with who (the event's `by`) and why — so a correction can follow. */
export function decideWithdrawSignature(em: Emitter, c: DataOf<'scrabble.withdraw-signature'>): void {
  const s = em.state;
  if (s.phase === 'finished')
    refuse('scrabble/result-signed', 'both players signed: the result is locked; only reversed scores may be fixed, by TD decision', RULES.signedLocked, {
      field: 'id',
    });
  if (s.phase !== 'ended') refuse('scrabble/not-ended', 'the result slip is signed, and a signature withdrawn, only after the game ends', RULES.signing);
  checkSeat(c.seat);
  if (!s.end.signedBy.includes(c.seat)) refuse('scrabble/not-signed', `seat ${c.seat} has not signed the result slip`, WITHDRAWAL_RULE, { field: 'seat' });
  if (typeof c.reason !== 'string' || c.reason.trim() === '')
    invalid('scrabble/reason-required', 'say why the signature is withdrawn', WITHDRAWAL_RULE, 'reason');
  em.record('scrabble.SignatureWithdrawn', { seat: c.seat, reason: c.reason, rule: WITHDRAWAL_RULE });
}

export function decideCorrectReversedScores(em: Emitter, c: DataOf<'scrabble.correct-reversed-scores'>): void {
  const s = em.state;
  if (s.phase !== 'finished' || s.result.forfeit)
    refuse('scrabble/not-signed', 'only a signed (non-forfeit) result can have reversed scores fixed', RULES.signedLocked);
  if (!c.tdDecision) invalid('scrabble/td-decision-required', 'name the TD decision', RULES.signedLocked, 'tdDecision');
  // Seed 分數: 「除非雙方因分數顛倒而獲比賽總監同意更改」 — both players ask, and the TD consents (the TD's decision).
  if (!bothAgree(c.agreedBy))
    refuse('scrabble/reversal-needs-both-players', 'signed scores are reversed only when both players ask for it, with the TD’s consent', RULES.signedLocked, {
      field: 'agreedBy',
    });
  const before = s.result.scores;
  // Seed 分數: only 「分數顛倒」 (reversed scores) are fixed after signing; tied scores reversed are the same scores.
  if (before[0] === before[1])
    refuse(
      'scrabble/scores-tied',
      `the scores are tied (${before[0]}–${before[1]}): reversing them changes nothing, so nothing is recorded`,
      RULES.signedLocked,
    );
  const after: [number, number] = [before[1], before[0]];
  const winner = after[0] === after[1] ? null : after[0] > after[1] ? 0 : 1;
  em.record('scrabble.SignedResultCorrected', {
    tdDecision: c.tdDecision,
    agreedBy: [0, 1],
    before,
    after,
    result: { ...s.result, scores: after, winner },
    link: s.game.link,
  });
}
