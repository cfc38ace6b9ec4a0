/** Deciding table matters: pausing the clock, calling the TD, incidents, overtime limit. */
import { invalid, refuse } from '../../kernel/errors.js';
import { overtimeMs, PAUSE_REASONS, type PauseReason } from './clock.js';
import { checkSeat, type Emitter } from './scrabble.emitter.js';
import type { DataOf, IncidentKind } from './scrabble.commands.js';
import { RULES } from './scrabble.rules.js';
import { endGame, resultOf } from './scrabble.end.js';

export function decidePauseClock(em: Emitter, c: DataOf<'scrabble.pause-clock'>): void {
  // Seed 計時器: the timer is paused only for these reasons; anything else is refused with the list.
  if (!PAUSE_REASONS.includes(c.reason as PauseReason)) {
    invalid('scrabble/pause-reason-not-allowed', `the clock may be paused only for: ${PAUSE_REASONS.join(', ')}; not "${c.reason}"`, RULES.pause, 'reason');
  }
  if (c.reason === 'challenge') invalid('scrabble/use-challenge', 'a challenge pauses the clock itself: record the Challenge', RULES.challengeWords, 'reason');
  const s = em.state;
  if (s.phase !== 'playing' || s.game.clock.running === null) refuse('scrabble/clock-not-running', 'the clock is not running', RULES.pause);
  em.record('scrabble.ClockPaused', { reason: c.reason as PauseReason });
}

export function decideResumeClock(em: Emitter, _c: DataOf<'scrabble.resume-clock'>): void {
  const s = em.state;
  if (s.phase !== 'playing' || !s.game.clock.paused) refuse('scrabble/clock-not-paused', 'the clock is not paused', RULES.pause);
  const p = s.game.clock.paused;
  if (p.reason === 'challenge' || s.status.kind === 'challenged' || s.status.kind === 'reannounce')
    refuse('scrabble/challenge-pause', 'after a challenge the clock restarts when the challenge is resolved (and the score re-announced)', RULES.reannounce);
  if (p.reason === 'end-of-game') refuse('scrabble/end-of-game-pause', 'the opponent went out: accept, hold or challenge', RULES.endGame);
  em.record('scrabble.ClockResumed', { seat: p.resume });
}

export function decideCallTd(em: Emitter, c: DataOf<'scrabble.call-td'>): void {
  const s = em.state;
  if (s.phase === 'none') refuse('scrabble/game-not-started', 'no game has been created', RULES.tdCall);
  if (s.phase === 'playing' && s.game.clock.running !== null) em.record('scrabble.ClockPaused', { reason: 'td-call' });
  em.record('scrabble.TdCalled', { reason: c.reason });
}

export function decideEndOnOvertime(em: Emitter, c: DataOf<'scrabble.end-on-overtime'>): void {
  const s = em.state;
  if (s.phase !== 'playing') refuse('scrabble/not-in-play', 'the overtime limit applies while the game is in play', RULES.overtimeLimit, { field: 'id' });
  const g = s.game;
  if (c.seat !== undefined) checkSeat(c.seat);
  if (g.source || c.asWritten !== undefined) {
    // Issue 30: an imported record has no clock; its file's end on the overtime limit is recorded as written, with
    // no TD call and no clock reading made up for it.
    if (!g.source) invalid('scrabble/not-imported', 'only an imported record ends on the overtime limit as its file writes it', RULES.imported, 'asWritten');
    if (typeof c.asWritten !== 'string' || c.asWritten.trim() === '')
      invalid(
        'scrabble/imported-untimed',
        'an imported record was not timed here: it ends on the overtime limit only as its file writes it',
        RULES.imported,
        'seat',
      );
    endGame(em, 'overtime-limit', null);
    return;
  }
  if (c.seat === undefined) invalid('validation/failed', 'the seat that reached the overtime limit is required', RULES.overtimeLimit, 'seat');
  const seat = c.seat;
  const over = overtimeMs(g.clock, em.ctx.at, g.profile.timePerSideMs)[seat];
  if (over < g.profile.overtimeLimitMs) {
    refuse(
      'scrabble/overtime-limit-not-reached',
      `seat ${seat} is ${Math.floor(over / 1000)} s over time; the game ends at ${g.profile.overtimeLimitMs / 60000} minutes over`,
      RULES.overtimeLimit,
      { field: 'seat' },
    );
  }
  // Seed 過時: "如果過時10分鐘，遊戲結束。請通知比賽總監".
  em.record('scrabble.TdCalled', { reason: `seat ${seat} reached the overtime limit` });
  if (g.profile.overtimeLimitOutcome === 'overtime-player-forfeits') {
    em.record('scrabble.GameForfeited', { seat: seat, reason: 'overtime-limit', rule: RULES.overtimeLimit });
    em.record('scrabble.GameFinished', { result: resultOf(em.game, seat), link: em.game.link });
    return;
  }
  endGame(em, 'overtime-limit', null);
}

const INCIDENT_RULES: Record<IncidentKind, string> = {
  'left-playing-area': RULES.leaving,
  'cheating-complaint': RULES.cheating,
  'td-warning': RULES.td,
  'td-penalty': RULES.td,
  'fast-draw': 'WESPA seed 抽棋過快: 這是不道德行為',
  'tile-tracking-before-draw': RULES.tracking,
  other: RULES.td,
};

export function decideRecordIncident(em: Emitter, c: DataOf<'scrabble.record-incident'>): void {
  if (em.state.phase === 'none') refuse('scrabble/game-not-started', 'no game has been created', RULES.td);
  const rule = INCIDENT_RULES[c.kind];
  if (!rule) invalid('scrabble/incident-kind', `unknown incident kind "${String(c.kind)}"`, RULES.td, 'kind');
  if (c.seat !== null) checkSeat(c.seat);
  const points = c.points ?? 0;
  if (points !== 0 && c.kind !== 'td-penalty') invalid('scrabble/points-only-for-penalty', 'only a TD penalty carries points', RULES.td, 'points');
  if (!Number.isInteger(points) || points < 0) invalid('scrabble/bad-points', 'penalty points are a whole number ≥ 0', RULES.td, 'points');
  if (c.kind === 'td-penalty' && c.seat === null) invalid('scrabble/penalty-needs-seat', 'a penalty names the penalised seat', RULES.td, 'seat');
  // Seed 分數: 「簽署後不可更改分數，除非雙方因分數顛倒而獲比賽總監同意更改」 — after both players sign (or a
  // forfeit is posted) the incident may still be recorded, but without points: they would change the score.
  if (points !== 0 && em.state.phase === 'finished')
    refuse(
      'scrabble/result-signed',
      'the result slip is signed: the incident may be recorded without points, but a penalty can no longer change the score',
      RULES.signedLocked,
      { field: 'points' },
    );
  em.record('scrabble.IncidentRecorded', { kind: c.kind, seat: c.seat, description: c.description, rule, points });
}

/** Seed 出棋次序: tile tracking before drawing — "你可以要求比賽總監向你提供額外時間". */
export function decideGrantExtraTime(em: Emitter, c: DataOf<'scrabble.grant-extra-time'>): void {
  const s = em.state;
  if (s.phase !== 'playing' && s.phase !== 'setup')
    refuse('scrabble/not-in-play', 'extra time is granted while the game is in play', RULES.tracking, { field: 'id' });
  checkSeat(c.seat);
  if (!Number.isInteger(c.ms) || c.ms <= 0) invalid('scrabble/bad-extra-time', 'extra time is a whole number of ms > 0', RULES.tracking, 'ms');
  em.record('scrabble.ExtraTimeGranted', { seat: c.seat, ms: c.ms, reason: c.reason, rule: RULES.tracking });
}

/** Seed 空白 / 百搭棋: the clock goes back to the blank's player until the blank is recorded, then forward again. */
export function decideSwitchClock(em: Emitter, c: DataOf<'scrabble.switch-clock'>): void {
  const s = em.state;
  if (s.phase !== 'playing' || s.game.clock.running === null) refuse('scrabble/clock-not-running', 'the clock is not running', RULES.blankRecord);
  const last = s.game.turns.at(-1);
  const blankBy = last && last.status !== 'withdrawn' && last.move?.kind === 'play' && last.move.placements.some((p) => p.blank) ? last.seat : null;
  if (blankBy === null) refuse('scrabble/no-blank-played', 'the last play did not use a blank', RULES.blankRecord);
  const to = c.reason === 'blank-not-recorded' ? blankBy : ((1 - blankBy) as 0 | 1);
  if (c.to !== to || s.game.clock.running === to)
    refuse('scrabble/bad-clock-switch', `for "${c.reason}" the clock goes to seat ${to}, and it must not already run there`, RULES.blankRecord, {
      field: 'to',
    });
  em.record('scrabble.ClockSwitched', { to, reason: c.reason, rule: RULES.blankRecord });
}
