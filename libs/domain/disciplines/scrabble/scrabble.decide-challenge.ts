/** Deciding challenges: naming words, lexicon proposals, adjudication, penalties, re-announcing. */
import { invalid, refuse } from '../../kernel/errors.js';
import { checkSeat, type Emitter } from './scrabble.emitter.js';
import type { DataOf } from './scrabble.commands.js';
import type { EventData } from './scrabble.events.js';
import { RULES } from './scrabble.rules.js';
import { endGame } from './scrabble.end.js';
import { checkSixZeros } from './scrabble.move.js';
import { endHold } from './scrabble.decide-turn.js';

export function decideChallenge(em: Emitter, c: DataOf<'scrabble.challenge'>): void {
  const s = em.state;
  if (s.phase !== 'playing') refuse('scrabble/not-in-play', 'a challenge is made while the game is in play', RULES.challengeAfterPress, { field: 'id' });
  checkSeat(c.seat);
  const st = s.status;
  if (st.kind === 'to-move' && st.seat !== c.seat && st.tentative)
    refuse('scrabble/challenge-before-clock', 'wait until the player has pressed the clock before challenging', RULES.challengeAfterPress);
  if (st.kind !== 'pending')
    refuse(
      'scrabble/challenge-after-acceptance',
      'the play was accepted when replacement tiles were drawn; only the TD may allow a late challenge',
      RULES.drawOrder,
    );
  if (st.seat === c.seat) invalid('scrabble/challenge-own-move', 'a player cannot challenge their own play', RULES.challengeAfterPress, 'seat');
  const words = (c.words ?? []).map((w) => String(w).toUpperCase());
  if (words.length === 0) invalid('scrabble/challenge-names-no-word', 'a challenge names every challenged word', RULES.challengeWords, 'words');
  const turn = s.game.turns.find((t) => t.n === st.turn);
  const formed = turn?.move?.kind === 'play' ? turn.move.words : [];
  for (const w of words)
    if (!formed.includes(w))
      invalid('scrabble/word-not-formed', `${w} is not a word formed by this play (${formed.join(', ')})`, RULES.challengeWords, 'words');
  if (new Set(words).size !== words.length) invalid('scrabble/word-named-twice', 'each challenged word is named once', RULES.challengeWords, 'words');
  endHold(em, st);
  // Seed Challenge: the challenge stops the clock.
  em.record('scrabble.ChallengeMade', { seat: c.seat, turn: st.turn, words });
}

export function decideWithdrawChallenge(em: Emitter, _c: DataOf<'scrabble.withdraw-challenge'>): void {
  const s = em.state;
  if (s.phase === 'playing' && s.status.kind === 'challenged')
    refuse('scrabble/challenge-not-withdrawable', 'a challenge cannot be withdrawn once the clock is stopped', RULES.challengeNoWithdraw);
  refuse('scrabble/no-challenge', 'there is no challenge in progress', RULES.challengeNoWithdraw);
}

export function decideProposeVerdicts(em: Emitter, c: DataOf<'scrabble.propose-verdicts'>): void {
  const s = em.state;
  if (s.phase !== 'playing' || s.status.kind !== 'challenged') refuse('scrabble/no-challenge', 'there is no challenge in progress', RULES.challengeWords);
  const words = s.status.words;
  const proposals = c.proposals.map((p) => ({ word: p.word.toUpperCase(), valid: p.valid === undefined ? null : p.valid }));
  for (const p of proposals)
    if (!words.includes(p.word)) invalid('scrabble/word-not-challenged', `${p.word} was not challenged`, RULES.challengeWords, 'proposals');
  em.record('scrabble.VerdictsProposed', { lexicon: c.lexicon, proposals });
}

export function decideResolveChallenge(em: Emitter, c: DataOf<'scrabble.resolve-challenge'>): void {
  const s = em.state;
  if (s.phase !== 'playing' || s.status.kind !== 'challenged') refuse('scrabble/no-challenge', 'there is no challenge in progress', RULES.challengeWords);
  const st = s.status;
  const given = new Map(c.verdicts.map((v) => [v.word.toUpperCase(), v.valid] as const));
  if (given.size !== c.verdicts.length || given.size !== st.words.length || !st.words.every((w) => given.has(w))) {
    invalid('scrabble/verdicts-incomplete', `give one verdict for each challenged word: ${st.words.join(', ')}`, RULES.challengeWords, 'verdicts');
  }
  const proposed = new Map(st.proposals.map((p) => [p.word, p.valid] as const));
  const verdicts = st.words.map((word) => ({ word, valid: given.get(word) === true, proposed: proposed.get(word) ?? null }));
  const stands = verdicts.every((v) => v.valid);
  let penalty: EventData<'scrabble.ChallengeResolved'>['penalty'] = null;
  const pen = s.game.profile.challengePenalty;
  if (stands) {
    // WESPA Rules v3 Part 4 (WESPA rules, not the seed): the unsuccessful challenger's penalty per the profile.
    if (pen.kind === 'lose-turn') penalty = { kind: 'lost-turn', seat: st.challenger };
    if (pen.kind === 'points-per-word') {
      const pts = pen.points * st.words.length;
      penalty = pen.appliedTo === 'player-bonus' ? { kind: 'points', seat: st.seat, points: pts } : { kind: 'points', seat: st.challenger, points: 0 - pts };
    }
  }
  em.record('scrabble.ChallengeResolved', { turn: st.turn, challenger: st.challenger, verdicts, outcome: stands ? 'play-stands' : 'play-withdrawn', penalty });
  // A withdrawn play or a lost turn is a scoreless turn "因「質疑」" (seed 6次0分).
  checkSixZeros(em);
}

export function decideReannounceScore(em: Emitter, c: DataOf<'scrabble.reannounce-score'>): void {
  const s = em.state;
  if (s.phase !== 'playing' || s.status.kind !== 'reannounce')
    refuse('scrabble/no-reannounce-due', 'a score is re-announced after a challenged play stands', RULES.reannounce);
  const st = s.status;
  checkSeat(c.seat);
  if (c.seat !== st.seat) invalid('scrabble/reannounce-by-player', `seat ${st.seat} made the play and re-announces its score`, RULES.reannounce, 'seat');
  if (!Number.isInteger(c.score) || c.score < 0) invalid('scrabble/bad-score', 'a score is a whole number ≥ 0', RULES.reannounce, 'score');
  em.record('scrabble.ScoreReannounced', { seat: c.seat, turn: st.turn, score: c.score });
  const turn = s.game.turns.find((t) => t.n === st.turn);
  // Seed Challenge: 「如質疑失敗，請在重啟計時器前再次說出該步之分數」 — a re-announced score that differs from the
  // score recorded for the turn is flagged (never silently overwritten; seed 分數: corrected only by agreement).
  if (turn && c.score !== turn.score)
    em.record('scrabble.ReannouncedScoreMismatchFlagged', { seat: c.seat, turn: st.turn, reannounced: c.score, recorded: turn.score });
  if (turn && turn.computed !== null && c.score !== turn.computed)
    em.record('scrabble.ScoreMismatchFlagged', { seat: c.seat, turn: st.turn, announced: c.score, computed: turn.computed });
  if (st.goingOut) endGame(em, 'went-out', st.seat);
}

export function decideAllowLateChallenge(em: Emitter, c: DataOf<'scrabble.allow-late-challenge'>): void {
  const s = em.state;
  if (s.phase !== 'playing' || s.status.kind !== 'to-move' || s.status.tentative)
    refuse('scrabble/late-challenge-not-possible', 'a late challenge is allowed only before the opponent has moved', RULES.fastDraw);
  const last = s.game.turns[s.game.turns.length - 1];
  if (!last || last.n !== c.turn || last.kind !== 'play' || last.status !== 'accepted' || last.seat === s.status.seat) {
    refuse('scrabble/late-challenge-not-possible', `turn ${c.turn} is not the last accepted play`, RULES.fastDraw, { field: 'turn' });
  }
  em.record('scrabble.LateChallengeAllowed', { turn: c.turn, reason: c.reason, rule: RULES.fastDraw });
}

export { endGame };
