/**
 * The score card (記分卡): each hand confirmed by all four before the next; corrections countersigned by the
 * referee; a flagged scoring ruled on; all four sign at the end and the card locks; afterwards only a
 * chief-referee ruling (a formal dispute with two scorings, or an appeal) changes it.
 */
import { invalid, refuse } from '../../kernel/index.js';
import { RULES } from './mahjong.rules.js';
import { rescored, SCORING, scoreOutcome } from './score-win.js';
import { isConfirmed, totalHands, totalsOf } from './table-state.js';
import { checkSeat } from './decide-hand.js';
import type { CardLine, HandOutcome, HandResult, MahjongCommand, MahjongEvent, MahjongTable } from './mahjong.types.js';

type Cmd<T extends MahjongCommand['type']> = Extract<MahjongCommand, { type: T }>;

function lineOf(t: MahjongTable, hand: number, field = 'hand'): CardLine {
  const line = t.card.find((l) => l.hand === hand);
  if (!line) refuse('mahjong/unknown-hand', `hand ${hand} is not on the card`, RULES.session, { kind: 'not-found', field });
  return line;
}

export function decideConfirm(command: Cmd<'mahjong.confirm-hand'>, t: MahjongTable): MahjongEvent[] {
  const { seat, hand } = command.data;
  checkSeat(seat);
  const line = lineOf(t, hand);
  if (line.flag)
    refuse('mahjong/score-flagged', `hand ${hand}'s claimed and computed scorings differ: the referee rules before it is confirmed`, RULES.scoreCheck, {
      field: 'hand',
    });
  if (line.confirmedBy.includes(seat)) refuse('mahjong/already-confirmed', `seat ${seat} has confirmed hand ${hand}`, RULES.confirm, { field: 'seat' });
  return [{ type: 'mahjong.HandConfirmed', data: { hand, seat, complete: line.confirmedBy.length === 3 } }];
}

function resultFor(t: MahjongTable, line: CardLine, outcome: HandOutcome, field: string): HandResult {
  const scored = scoreOutcome(t, line.hand, line.winds, line.dealer, outcome, null);
  if (scored.kind === 'false-win')
    invalid(
      'mahjong/false-win',
      `the corrected hand is under ${SCORING.minimumPoints} points: a false win is not a result (record it in play instead)`,
      RULES.minimum,
      field,
    );
  return scored.result;
}

export function decideCorrect(command: Cmd<'mahjong.correct-hand'>, t: MahjongTable): MahjongEvent[] {
  const { hand, outcome, reason } = command.data;
  if (t.locked || t.signedBy.length > 0)
    refuse('mahjong/card-signed', 'the card is being signed or is locked: only a chief-referee ruling changes it now', RULES.finished, { field: 'hand' });
  if (!reason.trim()) invalid('mahjong/reason', 'a correction states its reason', RULES.correction, 'reason');
  const line = lineOf(t, hand);
  const result = resultFor(t, line, outcome, 'outcome');
  // 記分卡: 如有需要塗改，須請裁判員驗證及簽名 — the official recording the correction countersigns it.
  return [{ type: 'mahjong.HandCorrected', data: { hand, result, reason, countersignedBy: command.context.actor.id, rule: RULES.correction } }];
}

export function decideScoreFlag(command: Cmd<'mahjong.rule-score-flag'>, t: MahjongTable): MahjongEvent[] {
  const { hand, accept, note } = command.data;
  const line = lineOf(t, hand);
  if (!line.flag) refuse('mahjong/no-score-flag', `hand ${hand} has no scoring difference to rule on`, RULES.scoreCheck, { field: 'hand' });
  const result = accept === 'computed' ? rescored(line, line.flag.computed, t) : line;
  const { confirmedBy: _c, flag: _f, corrections: _x, ...plain } = result as CardLine;
  // 記分卡: 如有需要塗改，須請裁判員驗證及簽名 — the ruling line on the card names the referee who ruled.
  return [{ type: 'mahjong.ScoreFlagRuled', data: { hand, accept, note: note ?? null, result: plain, rule: RULES.scoreCheck, by: command.context.actor.id } }];
}

export function decideSign(command: Cmd<'mahjong.sign-scorecard'>, t: MahjongTable): MahjongEvent[] {
  const { seat } = command.data;
  checkSeat(seat);
  const done = t.card.filter(isConfirmed).length;
  if (done < totalHands(t))
    refuse('mahjong/session-not-complete', `${done} of ${totalHands(t)} hands are confirmed: the card is signed at the end of the half-session`, RULES.sign, {
      field: 'seat',
    });
  if (t.signedBy.includes(seat)) refuse('mahjong/already-signed', `seat ${seat} has signed the card`, RULES.sign, { field: 'seat' });
  const complete = t.signedBy.length === 3;
  const events: MahjongEvent[] = [{ type: 'mahjong.ScorecardSigned', data: { seat, complete } }];
  if (complete) events.push({ type: 'mahjong.ScorecardLocked', data: { totals: totalsOf(t.card), players: t.players, link: t.link, at: command.context.at } });
  return events;
}

const CHIEF_ROLES = ['chief-arbiter', 'admin'];

export function decideChiefRuling(command: Cmd<'mahjong.rule-chief-referee'>, t: MahjongTable): MahjongEvent[] {
  const { hand, outcome, ground, reference, reason } = command.data;
  // 總則 3 / 和牌的計分 10: 裁判長的判決為最終決定 — the chief referee's, no other official's.
  if (!CHIEF_ROLES.includes(command.context.actor.role))
    refuse('mahjong/chief-referee-only', 'after the card is submitted only the chief referee rules on it', RULES.chiefRuling, { field: 'ground' });
  if (!t.locked)
    refuse('mahjong/card-not-locked', 'the card is not yet submitted: correct it with the referee’s countersignature', RULES.correction, { field: 'hand' });
  if (!reference.trim()) invalid('mahjong/reference', 'a ruling names the dispute or the appeal it decides', RULES.chiefRuling, 'reference');
  if (!reason.trim()) invalid('mahjong/reason', 'a ruling states its reason', RULES.chiefRuling, 'reason');
  const line = lineOf(t, hand);
  const result = resultFor(t, line, outcome, 'outcome');
  const card = t.card.map((l) => (l.hand === hand ? { ...l, payments: result.payments } : l));
  return [
    {
      type: 'mahjong.ChiefRefereeRuled',
      data: { hand, result, ground, reference, reason, by: command.context.actor.id, totals: totalsOf(card), players: t.players, link: t.link },
    },
  ];
}
