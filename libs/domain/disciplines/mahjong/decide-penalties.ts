/**
 * Penalties in a hand and at the table, each a `mahjong.PenaltyRecorded` event the ledger copies (deductions off
 * the offender only): 罰張, 相公, 錯鳴, 打牌時限, 暫停 and lateness, other conduct. Every amount is the profile's.
 */
import { invalid, refuse } from '../../kernel/index.js';
import { isTile } from './scoring/index.js';
import { RULES } from './mahjong.rules.js';
import { dealExposure } from './penalty-tiles.js';
import { timeOutPoints, timePenalty } from './time.js';
import { requireHandInProgress, totalHands } from './table-state.js';
import { checkSeat } from './decide-hand.js';
import type { MahjongCommand, MahjongEvent, MahjongTable, PenaltyData, Seat, WrongClaimVariant } from './mahjong.types.js';

type Cmd<T extends MahjongCommand['type']> = Extract<MahjongCommand, { type: T }>;
const penalty = (data: PenaltyData): MahjongEvent => ({ type: 'mahjong.PenaltyRecorded', data });

function checkTiles(tiles: readonly string[] | undefined, field: string): readonly string[] {
  const list = tiles ?? [];
  list.forEach((x, i) => {
    if (!isTile(x)) invalid('mahjong/tile', `${x} is not a tile`, 'WMC 麻將規則, 麻將牌的構成', `${field}[${i}]`);
  });
  return list;
}

function checkPoints(points: number | undefined, field: string, rule: string, required: boolean): number | undefined {
  if (points === undefined) {
    if (required) invalid('mahjong/points', 'the referee sets the deduction: give its points', rule, field);
    return undefined;
  }
  if (!Number.isInteger(points) || points <= 0) invalid('mahjong/points', 'a deduction is a positive whole number of points', rule, field);
  return points;
}

/** The hand now being played, for a penalty between hands: null once the session's hands are done. */
const handNow = (t: MahjongTable): number | null => (t.current.hand <= totalHands(t) ? t.current.hand : null);

export function decideExpose(command: Cmd<'mahjong.expose-tiles'>, t: MahjongTable): MahjongEvent[] {
  const { seat, duringDeal } = command.data;
  checkSeat(seat);
  const tiles = checkTiles(command.data.tiles, 'tiles');
  if (tiles.length === 0) invalid('mahjong/tiles', 'name the exposed tiles', RULES.penaltyTiles, 'tiles');
  const h = requireHandInProgress(t);
  const { free, penalty: tilesPenalised } = duringDeal ? dealExposure(h.seats[seat], tiles, t.profile) : { free: [], penalty: [...tiles] };
  const rule = duringDeal ? RULES.dealExposure : RULES.penaltyTiles;
  const events: MahjongEvent[] = [
    { type: 'mahjong.TilesExposed', data: { hand: h.hand, seat, tiles: [...tiles], duringDeal: duringDeal ?? false, free, rule } },
  ];
  if (tilesPenalised.length > 0)
    events.push(
      penalty({
        seat,
        hand: h.hand,
        offence: duringDeal ? 'deal-exposure' : 'exposed-tiles',
        kind: 'penalty-tiles',
        amount: tilesPenalised.length,
        tiles: tilesPenalised,
        rule,
        reason: `exposed ${tilesPenalised.join(' ')}: live penalty tiles (生罰張)`,
      }),
    );
  return events;
}

export function decideWrongCount(command: Cmd<'mahjong.rule-wrong-count'>, t: MahjongTable): MahjongEvent[] {
  const { seat, count } = command.data;
  checkSeat(seat);
  const h = requireHandInProgress(t);
  const s = h.seats[seat];
  const name = count === 'short' ? '小相公' : '大相公';
  if (count === 'short' ? s.noWin !== null : s.noClaim !== null && s.noWin !== null)
    refuse('mahjong/already-ruled', `seat ${seat} has already lost these rights this hand`, RULES.wrongCount, { field: 'count' });
  const base = { seat, hand: h.hand, offence: `wrong-count-${count}`, rule: RULES.wrongCount, reason: `${name}: wrong tile count (${count})` };
  // 相公 3–5: short — no win this hand; long — no win, no claims or kongs; it stays for the hand.
  const events: MahjongEvent[] = [];
  if (s.noWin === null) events.push(penalty({ ...base, kind: 'no-win' }));
  if (count === 'long') events.push(penalty({ ...base, kind: 'no-claim' }));
  return events;
}

const WRONG_CLAIM_RULES: Record<WrongClaimVariant, string> = {
  'mistaken-claim': RULES.mistakenClaim,
  'change-of-claim': RULES.changeOfClaim,
  'empty-claim': RULES.emptyClaim,
  'empty-kong': RULES.emptyKong,
  'wrong-set': RULES.wrongSet,
  'wrong-set-after-kong': RULES.wrongSet,
  'false-win': RULES.falseWin,
  'empty-win-call': RULES.emptyWin,
};

export function decideWrongClaim(command: Cmd<'mahjong.rule-wrong-claim'>, t: MahjongTable): MahjongEvent[] {
  const { seat, variant, concealedLeft } = command.data;
  checkSeat(seat);
  const tiles = checkTiles(command.data.tiles, 'tiles');
  const h = requireHandInProgress(t);
  const rule = WRONG_CLAIM_RULES[variant];
  const base = { seat, hand: h.hand, offence: variant, rule };
  const asTiles = (why: string) =>
    penalty({ ...base, kind: 'penalty-tiles', amount: tiles.length, tiles: [...tiles], reason: `${why}: ${tiles.join(' ')} become penalty tiles` });
  const needTiles = (n: number, why: string) => {
    if (tiles.length !== n) invalid('mahjong/penalty-tile-count', `${why}: ${n} penalty tile(s), not ${tiles.length}`, rule, 'tiles');
  };
  switch (variant) {
    case 'mistaken-claim':
    case 'false-win':
      // 錯鳴 1, 6: the tiles exposed against the rules become penalty tiles.
      if (tiles.length === 0) invalid('mahjong/tiles', 'name the exposed tiles that become penalty tiles', rule, 'tiles');
      return [asTiles(variant === 'false-win' ? 'false win (錯和) after exposing the hand' : 'mistaken claim (誤鳴) corrected')];
    case 'change-of-claim':
    case 'empty-kong': {
      // 錯鳴 2, 4: free — unless too frequent, when the referee penalises; tiles already exposed become penalty tiles.
      const points = checkPoints(command.data.points, 'points', rule, false);
      const events: MahjongEvent[] = [{ type: 'mahjong.WrongClaimNoted', data: { hand: h.hand, seat, variant, rule } }];
      if (tiles.length > 0) events.push(asTiles('claim changed after exposing'));
      if (points !== undefined)
        events.push(penalty({ ...base, kind: 'points', amount: points, reason: `${variant} too frequent (過頻): the referee's deduction` }));
      return events;
    }
    case 'empty-claim':
      // 錯鳴 3: 必須揭露兩張牌作為罰張.
      needTiles(t.profile.emptyClaimTiles, 'an empty claim (空鳴) reveals');
      return [asTiles('empty claim (空鳴)')];
    case 'empty-win-call': {
      // 錯鳴 7: three, or all of them when fewer than three remain concealed.
      const n = concealedLeft !== undefined && concealedLeft < t.profile.emptyWinTiles ? concealedLeft : t.profile.emptyWinTiles;
      needTiles(n, 'an empty win call (空和) reveals');
      return [asTiles('empty win call (空和)')];
    }
    case 'wrong-set':
    case 'wrong-set-after-kong': {
      // 錯鳴 5: no win this hand; discovered after a kong replacement, no claims or kongs either (as 大相公).
      const events = [penalty({ ...base, kind: 'no-win', reason: 'wrong exposed set (錯誤牌組) discovered later' })];
      if (variant === 'wrong-set-after-kong') events.push(penalty({ ...base, kind: 'no-claim', reason: 'wrong kong discovered after its replacement tile' }));
      return events;
    }
  }
}

export function decideTurnTime(command: Cmd<'mahjong.record-turn-time'>, t: MahjongTable): MahjongEvent[] {
  const { seat, turns } = command.data;
  checkSeat(seat);
  if (turns.length === 0) invalid('mahjong/turns', 'time at least one turn', RULES.time, 'turns');
  turns.forEach((x, i) => {
    if (!Number.isInteger(x.ms) || x.ms < 0) invalid('mahjong/turn-time', 'a turn takes a whole number of ms ≥ 0', RULES.time, `turns[${i}].ms`);
    if (x.sinceDealMs !== undefined && (!Number.isInteger(x.sinceDealMs) || x.sinceDealMs < 0))
      invalid('mahjong/turn-time', 'the time since the deal is a whole number of ms ≥ 0', RULES.time, `turns[${i}].sinceDealMs`);
  });
  const h = requireHandInProgress(t);
  const s = h.seats[seat];
  const p = timePenalty(s.timeUsedMs, turns, t.profile);
  const usedMs = s.timeUsedMs + p.countedMs;
  const events: MahjongEvent[] = [
    { type: 'mahjong.TurnsTimed', data: { hand: h.hand, seat, turns: turns.map((x) => ({ ...x })), countedMs: p.countedMs, usedMs } },
  ];
  const points = p.discardPoints + p.handPoints;
  if (points > 0)
    events.push(
      penalty({
        seat,
        hand: h.hand,
        offence: 'time',
        kind: 'points',
        amount: points,
        rule: RULES.time,
        reason: `over time: ${p.discardPoints} for the 15-second discard limit, ${p.handPoints} for the 3-minute hand limit (${Math.round(usedMs / 1000)} s used)`,
      }),
    );
  return events;
}

export function decideSevereOvertime(command: Cmd<'mahjong.rule-severe-overtime'>, t: MahjongTable): MahjongEvent[] {
  const { seat, accepted, explanation } = command.data;
  checkSeat(seat);
  const h = t.current;
  if (h.seats[seat]?.severeOvertime !== 'pending')
    refuse(
      'mahjong/no-severe-overtime',
      `seat ${seat} has not exceeded ${t.profile.severeOvertimePoints} points of time penalty this hand`,
      RULES.severeOvertime,
      {
        field: 'seat',
      },
    );
  if (!explanation.trim()) invalid('mahjong/explanation', "record the player's explanation (or its absence)", RULES.severeOvertime, 'explanation');
  const events: MahjongEvent[] = [{ type: 'mahjong.SevereOvertimeRuled', data: { hand: h.hand, seat, accepted, explanation, rule: RULES.severeOvertime } }];
  if (!accepted)
    events.push(
      penalty({
        seat,
        hand: h.hand,
        offence: 'severe-overtime',
        kind: 'game-forfeit',
        rule: RULES.severeOvertime,
        reason: `嚴重逾時 without an accepted explanation: ${explanation}`,
      }),
    );
  return events;
}

export function decideTimeOut(command: Cmd<'mahjong.record-time-out'>, t: MahjongTable): MahjongEvent[] {
  const { seat, kind, ms, certificate, lateRuling } = command.data;
  checkSeat(seat);
  if (!Number.isInteger(ms) || ms <= 0) invalid('mahjong/time-out', 'a time-out lasts a positive whole number of ms', RULES.timeOut, 'ms');
  const p = t.profile;
  const hand = handNow(t);
  // 醫生證明: a short medical time-out (about 60 s) is allowed; beyond it, or without a certificate, it counts as any time-out.
  const counted = kind === 'medical' && certificate ? Math.max(0, ms - p.medicalAllowanceMs) : ms;
  let points = timeOutPoints(counted, p);
  const rule = kind === 'late' ? RULES.late : kind === 'medical' ? RULES.medical : RULES.timeOut;
  const events: MahjongEvent[] = [];
  if (kind === 'late' && ms > p.lateAbsentMs) {
    // 遲到超過5分鐘: absent (forfeit), or any deduction not less than the time-out rate.
    if (!lateRuling)
      invalid('mahjong/late-ruling', `late over ${p.lateAbsentMs / 60_000} minutes: the referee rules absent or a deduction`, RULES.late, 'lateRuling');
    if (lateRuling.kind === 'absent') {
      events.push({ type: 'mahjong.TimeOutRecorded', data: { seat, kind, ms, certificate: certificate ?? false, points: 0, rule } });
      events.push(
        penalty({ seat, hand, offence: 'late-absent', kind: 'game-forfeit', rule: RULES.late, reason: `late ${Math.round(ms / 1000)} s: absent (缺席棄權)` }),
      );
      return events;
    }
    if (!Number.isInteger(lateRuling.points) || lateRuling.points < points)
      invalid('mahjong/late-ruling', `the deduction is at least the time-out rate (${points} points)`, RULES.late, 'lateRuling.points');
    points = lateRuling.points;
  } else if (lateRuling) invalid('mahjong/late-ruling', 'a late ruling is for lateness over the limit only', RULES.late, 'lateRuling');
  events.push({ type: 'mahjong.TimeOutRecorded', data: { seat, kind, ms, certificate: certificate ?? false, points, rule } });
  if (points > 0)
    events.push(
      penalty({ seat, hand, offence: kind, kind: 'points', amount: points, rule, reason: `${kind} of ${Math.round(ms / 1000)} s (${points} points)` }),
    );
  // 半場內因暫停或遲到而扣分超過150分者，作棄權論.
  const total = t.timeOutPoints[seat] + points;
  if (total > p.timeOutForfeitPoints && t.timeOutPoints[seat] <= p.timeOutForfeitPoints && !t.forfeited.includes(seat))
    events.push(
      penalty({
        seat,
        hand,
        offence: 'time-out-forfeit',
        kind: 'game-forfeit',
        rule: RULES.timeOutForfeit,
        reason: `${total} points of time-outs and lateness this half-session`,
      }),
    );
  return events;
}

export function decideConduct(command: Cmd<'mahjong.record-conduct'>, t: MahjongTable): MahjongEvent[] {
  const { seat, offence, note } = command.data;
  checkSeat(seat);
  if (!note.trim()) invalid('mahjong/note', 'describe what happened', RULES.arbiterPenalty, 'note');
  const hand = handNow(t);
  const base = { seat: seat as Seat, hand, offence, reason: note };
  switch (offence) {
    case 'phone':
    case 'refused-interview': {
      const rule = offence === 'phone' ? RULES.phone : RULES.interview;
      // The text names a deduction without an amount: the referee sets it.
      const points = checkPoints(command.data.points, 'points', rule, true) as number;
      return [penalty({ ...base, kind: 'points', amount: points, rule })];
    }
    case 'collusion':
      return [penalty({ ...base, kind: 'disqualification', rule: RULES.collusion }), penalty({ ...base, kind: 'blacklist', rule: RULES.collusion })];
    case 'voluntary-withdrawal':
      return [penalty({ ...base, kind: 'game-forfeit', rule: RULES.withdrawal })];
    case 'other': {
      const points = checkPoints(command.data.points, 'points', RULES.arbiterPenalty, false);
      return [
        points === undefined
          ? penalty({ ...base, kind: 'warning', rule: RULES.arbiterPenalty })
          : penalty({ ...base, kind: 'points', amount: points, rule: RULES.arbiterPenalty }),
      ];
    }
  }
}
