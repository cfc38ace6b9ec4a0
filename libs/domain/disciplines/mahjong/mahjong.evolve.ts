/** Folds the table's events into its state: the card, the hand in progress, penalties and signatures. */
import { freshHand, isConfirmed, totalHands } from './table-state.js';
import type { CardLine, HandInProgress, HandResult, MahjongEvent, MahjongState, MahjongTable, SeatInHand } from './mahjong.types.js';

function withSeat(h: HandInProgress, seat: number, change: (s: SeatInHand) => SeatInHand): HandInProgress {
  return { ...h, seats: h.seats.map((s, i) => (i === seat ? change(s) : s)) };
}

const add = (xs: readonly number[], seat: number, n: number) => xs.map((x, i) => (i === seat ? x + n : x));

function replaceLine(
  t: MahjongTable,
  hand: number,
  result: HandResult,
  by: string,
  reason: string,
  kind: CardLine['corrections'][number]['kind'],
): MahjongTable {
  return {
    ...t,
    card: t.card.map((l) =>
      l.hand === hand
        ? { ...l, ...result, confirmedBy: l.confirmedBy, flag: kind === 'chief-referee' ? l.flag : null, corrections: [...l.corrections, { by, reason, kind }] }
        : l,
    ),
  };
}

function phaseOf(t: MahjongTable): 'playing' | 'signing' | 'locked' {
  if (t.locked) return 'locked';
  return t.card.filter(isConfirmed).length >= totalHands(t) ? 'signing' : 'playing';
}

function applyPenalty(t: MahjongTable, e: Extract<MahjongEvent, { type: 'mahjong.PenaltyRecorded' }>['data']): MahjongTable {
  const inHand = e.hand === t.current.hand;
  switch (e.kind) {
    case 'points': {
      const next = { ...t, penaltyPoints: add(t.penaltyPoints, e.seat, e.amount ?? 0) };
      if (e.offence !== 'time' || !inHand) return next;
      const severe = t.profile.severeOvertimePoints;
      return {
        ...next,
        current: withSeat(t.current, e.seat, (s) => {
          const timePoints = s.timePoints + (e.amount ?? 0);
          // 打牌時限 7: over 80 points in one hand awaits the referee's ruling on an explanation.
          return { ...s, timePoints, severeOvertime: s.severeOvertime === null && timePoints > severe ? 'pending' : s.severeOvertime };
        }),
      };
    }
    case 'penalty-tiles':
      return inHand ? { ...t, current: withSeat(t.current, e.seat, (s) => ({ ...s, liveTiles: [...s.liveTiles, ...(e.tiles ?? [])] })) } : t;
    case 'no-win':
      return inHand ? { ...t, current: withSeat(t.current, e.seat, (s) => ({ ...s, noWin: s.noWin ?? e.offence })) } : t;
    case 'no-claim':
      return inHand ? { ...t, current: withSeat(t.current, e.seat, (s) => ({ ...s, noClaim: s.noClaim ?? e.offence })) } : t;
    case 'game-forfeit':
    case 'disqualification':
      return t.forfeited.includes(e.seat) ? t : { ...t, forfeited: [...t.forfeited, e.seat] };
    default:
      return t;
  }
}

function evolveTable(t: MahjongTable, event: MahjongEvent, actor: string): MahjongTable {
  switch (event.type) {
    case 'mahjong.SeatsDrawn':
      return { ...t, seatings: [...t.seatings, event.data.winds] };
    case 'mahjong.SubstituteSeated': {
      // 缺席: the substitute plays the seat in full — a forfeit and the time-out count (半場內…超過150分) were the player's.
      const seat = event.data.seat;
      return {
        ...t,
        substitutes: [...t.substitutes, { seat, substitute: event.data.substitute, kind: event.data.kind }],
        forfeited: t.forfeited.filter((s) => s !== seat),
        timeOutPoints: t.timeOutPoints.map((x, i) => (i === seat ? 0 : x)),
      };
    }
    case 'mahjong.DealRecorded':
      return { ...t, current: { ...t.current, deal: { opener: event.data.opener, breakCount: event.data.breakCount } } };
    case 'mahjong.DiscardRecorded': {
      const { seat, tile } = event.data;
      const h = withSeat(t.current, seat, (s) => {
        const live = [...s.liveTiles];
        const i = live.indexOf(tile);
        if (i >= 0) live.splice(i, 1);
        return { ...s, liveTiles: live };
      });
      return { ...t, current: { ...h, discards: [...h.discards, { seat, tile }] } };
    }
    case 'mahjong.PenaltyTilesDead':
      return {
        ...t,
        current: withSeat(t.current, event.data.seat, (s) => ({ ...s, liveTiles: [], deadTiles: [...s.deadTiles, ...event.data.tiles] })),
      };
    case 'mahjong.ClaimRecorded':
      return { ...t, current: { ...t.current, claims: [...t.current.claims, { seat: event.data.seat, kind: event.data.kind, tiles: event.data.tiles }] } };
    case 'mahjong.HandRecorded': {
      const { flag, rule: _rule, ...result } = event.data;
      // Object.assign, not a spread followed by new keys (slow on Node 20)
      const line: CardLine = Object.assign({}, result, { confirmedBy: [], flag, corrections: [] });
      return { ...t, card: [...t.card, line], current: freshHand(result.hand + 1) };
    }
    case 'mahjong.HandConfirmed':
      return { ...t, card: t.card.map((l) => (l.hand === event.data.hand ? { ...l, confirmedBy: [...l.confirmedBy, event.data.seat] } : l)) };
    case 'mahjong.ScoreFlagRuled':
      return replaceLine(
        t,
        event.data.hand,
        event.data.result,
        event.data.by ?? actor,
        `score ruling: ${event.data.accept}${event.data.note ? ` (${event.data.note})` : ''}`,
        'score-ruling',
      );
    case 'mahjong.HandCorrected':
      return replaceLine(t, event.data.hand, event.data.result, event.data.countersignedBy, event.data.reason, 'correction');
    case 'mahjong.ChiefRefereeRuled':
      return replaceLine(
        t,
        event.data.hand,
        event.data.result,
        event.data.by,
        `${event.data.ground} ${event.data.reference}: ${event.data.reason}`,
        'chief-referee',
      );
    case 'mahjong.ScorecardSigned':
      return { ...t, signedBy: [...t.signedBy, event.data.seat] };
    case 'mahjong.ScorecardLocked':
      return { ...t, locked: true };
    case 'mahjong.PenaltyRecorded':
      return applyPenalty(t, event.data);
    case 'mahjong.TilesExposed':
      return event.data.duringDeal
        ? { ...t, current: withSeat(t.current, event.data.seat, (s) => ({ ...s, dealExposures: s.dealExposures + event.data.tiles.length })) }
        : t;
    case 'mahjong.TurnsTimed':
      return { ...t, current: withSeat(t.current, event.data.seat, (s) => ({ ...s, timeUsedMs: event.data.usedMs })) };
    case 'mahjong.SevereOvertimeRuled':
      return { ...t, current: withSeat(t.current, event.data.seat, (s) => ({ ...s, severeOvertime: event.data.accepted ? 'accepted' : null })) };
    case 'mahjong.TimeOutRecorded':
      return { ...t, timeOutPoints: add(t.timeOutPoints, event.data.seat, event.data.points) };
    case 'mahjong.SessionStarted':
    case 'mahjong.ClaimConflictResolved':
    case 'mahjong.FalseWinRecorded':
    case 'mahjong.WrongClaimNoted':
      return t;
  }
}

export function evolve(state: MahjongState, event: MahjongEvent): MahjongState {
  if (event.type === 'mahjong.SessionStarted') {
    const table: MahjongTable = {
      players: event.data.players,
      link: event.data.link,
      profile: event.data.profile,
      startedAt: event.data.at,
      seatings: [],
      substitutes: [],
      card: [],
      current: freshHand(1),
      penaltyPoints: [0, 0, 0, 0],
      timeOutPoints: [0, 0, 0, 0],
      forfeited: [],
      signedBy: [],
      locked: false,
    };
    return { phase: 'playing', table };
  }
  if (state.phase === 'none') return state;
  const table = evolveTable(state.table, event, '');
  return { phase: phaseOf(table), table };
}
