/**
 * A hand's outcome on the card: the claimed elements checked and totalled (totalClaimed), the hand's tiles
 * scored when given (scoreHand) and compared — a difference is flagged with both scorings, never replaced —
 * the 銃家 (discarder, konger, or 跟張免責) and the four payments.
 */
import { invalid, refuse } from '../../kernel/index.js';
import { scoreHand, totalClaimed, ZUNG_JUNG_WMC, type ScoringProfile } from './scoring/index.js';
import { RULES } from './mahjong.rules.js';
import { followDiscardFromFacts, followDiscardLiability, handPayments, type Liability } from './payments.js';
import { checkPenaltyTileWin } from './penalty-tiles.js';
import type { Seat, Wind } from './seating.js';
import type { HandInProgress, HandOutcome, HandResult, MahjongTable, ScoreFlag, Scoring } from './mahjong.types.js';

export const SCORING: ScoringProfile = ZUNG_JUNG_WMC;

export type Scored =
  | { readonly kind: 'result'; readonly result: HandResult; readonly flag: ScoreFlag | null }
  | { readonly kind: 'false-win'; readonly seat: Seat; readonly claimed: Scoring; readonly computed: Scoring | null };

type Win = Extract<HandOutcome, { kind: 'win' }>;

function checkWinShape(o: Win): void {
  if (![0, 1, 2, 3].includes(o.winner)) invalid('mahjong/seat', 'the winner is seat 0–3', RULES.players, 'outcome.winner');
  if (o.by === 'self-draw') {
    if (o.from !== undefined) invalid('mahjong/self-draw-from', 'a self-drawn hand has no discarder (自摸和: 沒有銃家)', RULES.payments, 'outcome.from');
    if (o.firstDiscarder !== undefined)
      invalid('mahjong/self-draw-from', '跟張免責 applies to discard wins only', RULES.followDiscard, 'outcome.firstDiscarder');
    return;
  }
  const rule = o.by === 'robbing-kong' ? RULES.robbingKong : RULES.win;
  if (o.from === undefined || o.from === o.winner || ![0, 1, 2, 3].includes(o.from))
    invalid(
      'mahjong/discarder',
      `a ${o.by} win names the ${o.by === 'robbing-kong' ? 'konger' : 'discarder'}, another seat than the winner`,
      rule,
      'outcome.from',
    );
}

/** With the discards recorded, 跟張免責 is derived from them: the referee's facts are not given as well. */
function refuseGivenFollowDiscard(o: Win): void {
  if (o.firstDiscarder !== undefined)
    invalid(
      'mahjong/follow-discard-derived',
      '跟張免責 is derived from the recorded discards: do not give it as well',
      RULES.followDiscard,
      'outcome.firstDiscarder',
    );
}

function liabilityOf(o: Win, inHand: HandInProgress | null): Liability {
  if (o.by === 'self-draw') return { liable: null, reason: 'self-draw' };
  const from = o.from as Seat;
  if (o.by === 'robbing-kong') return robbingKongLiability(o, from, inHand);
  if (inHand && inHand.discards.length > 0) {
    const last = inHand.discards[inHand.discards.length - 1];
    if (last.seat !== from)
      refuse('mahjong/not-last-discard', `the last recorded discard is seat ${last.seat}'s, not seat ${from}'s`, RULES.win, { field: 'outcome.from' });
    if (o.winningTile !== undefined && o.winningTile !== last.tile)
      refuse('mahjong/not-last-discard', `the last recorded discard is ${last.tile}, not ${o.winningTile}`, RULES.win, { field: 'outcome.winningTile' });
    refuseGivenFollowDiscard(o);
    return followDiscardLiability(inHand.discards, o.winner);
  }
  if (o.firstDiscarder !== undefined) return followDiscardFromFacts(from, o.firstDiscarder, o.winner);
  return { liable: from, reason: 'discard' };
}

/**
 * 搶槓 1: 搶槓一律算作銃和﹐開槓者放銃 — the konger is the 出銃者, the kong tile the 出銃牌. 得分授受法 4
 * (跟張免責規條) applies 「銃和時」; it does not name 搶槓, so applying it here is Arbitra's inference from 搶槓 1
 * (a robbed kong is a 銃和 like any other): the first who discarded the kong tile in the go-around is the 銃家.
 * With the discards recorded it is derived, and needs the kong tile (outcome.winningTile or the hand's); without
 * them the referee gives the facts (firstDiscarder). No follow-discard: the konger pays.
 */
function robbingKongLiability(o: Win, from: Seat, inHand: HandInProgress | null): Liability {
  const konger = (l: Liability): Liability => (l.reason === 'discard' && l.liable === from ? { ...l, reason: 'robbing-kong' } : l);
  if (inHand && inHand.discards.length > 0) {
    refuseGivenFollowDiscard(o);
    const tile = o.winningTile ?? o.hand?.winningTile;
    if (tile === undefined)
      invalid(
        'mahjong/robbing-kong-tile',
        'with the discards recorded, a robbing-kong win names the kong tile (outcome.winningTile) so that 跟張免責 can be checked',
        RULES.followDiscard,
        'outcome.winningTile',
      );
    return konger(followDiscardLiability([...inHand.discards, { seat: from, tile }], o.winner));
  }
  if (o.firstDiscarder !== undefined) return konger(followDiscardFromFacts(from, o.firstDiscarder, o.winner));
  return { liable: from, reason: 'robbing-kong' };
}

/**
 * Scores a won or drawn hand for the card. `inHand` is the hand in progress (its discards, penalty tiles and
 * losses of the right to win) when recording it; null when a past line is corrected or ruled on.
 */
export function scoreOutcome(t: MahjongTable, hand: number, winds: readonly Wind[], dealer: Seat, outcome: HandOutcome, inHand: HandInProgress | null): Scored {
  if (outcome.kind === 'drawn')
    // 荒牌: 不分勝負﹐各家分數無得失.
    return { kind: 'result', flag: null, result: { hand, dealer, winds, outcome, scoring: null, liability: null, payments: [0, 0, 0, 0] } };
  checkWinShape(outcome);
  const seat = outcome.winner;
  if (t.forfeited.includes(seat)) refuse('mahjong/forfeited', `seat ${seat} has forfeited`, RULES.arbiterPenalty, { field: 'outcome.winner' });
  const lost = inHand?.seats[seat].noWin;
  if (lost) refuse('mahjong/no-win', `seat ${seat} has lost the right to win this hand (${lost})`, RULES.noWin, { field: 'outcome.winner' });
  const claimed = totalClaimed(outcome.elements, SCORING);
  if ('refused' in claimed) invalid('mahjong/elements', claimed.refused.message, claimed.refused.rule, `outcome.${claimed.refused.field}`);
  const claimedScoring: Scoring = { total: claimed.total, elements: claimed.counted };
  let computed: Scoring | null = null;
  if (outcome.hand) {
    const scored = scoreHand(
      {
        ...outcome.hand,
        selfDrawn: outcome.by === 'self-draw',
        seatWind: winds[seat],
        ...(outcome.lastTile && { lastTile: true }),
        ...(outcome.by === 'robbing-kong' && { robbingKong: true }),
      },
      SCORING,
    );
    if ('refused' in scored) invalid('mahjong/hand', scored.refused.message, scored.refused.rule, `outcome.hand.${scored.refused.field}`);
    computed = { total: scored.total, elements: scored.elements, decomposition: scored.decomposition };
  }
  // 罰張 3–4: checked on the claimed elements and, when the hand is given, on its scoring too.
  if (inHand) checkPenaltyTileWin(t.profile, inHand.seats[seat], outcome, [...claimed.counted, ...(computed?.elements ?? [])]);
  // 5分「起和」: a hand under the minimum (by the claim, or by its tiles) is a false win (當作「錯和」處理).
  if (claimed.falseWin || (computed && computed.total < SCORING.minimumPoints)) return { kind: 'false-win', seat, claimed: claimedScoring, computed };
  const flag: ScoreFlag | null = computed && computed.total !== claimed.total ? { claimed: claimedScoring, computed, rule: RULES.scoreCheck } : null;
  const liability = liabilityOf(outcome, inHand);
  const payments = handPayments(claimed.total, seat, liability.liable, t.profile);
  return { kind: 'result', flag, result: { hand, dealer, winds, outcome, scoring: claimedScoring, liability, payments } };
}

/** The line rescored on another scoring (a ruling for the scorer's total): same 銃家, new payments. */
export function rescored(result: HandResult, scoring: Scoring, t: MahjongTable): HandResult {
  if (result.outcome.kind !== 'win' || !result.liability) return result;
  return { ...result, scoring, payments: handPayments(scoring.total, result.outcome.winner, result.liability.liable, t.profile) };
}
