/** What a reader sees of a table: seats, dealer, hand, scores, open penalties, time used; and its score card (JSON, CSV). */
import { stringify } from 'csv-stringify/sync';
import { handWinds, occupant, roundOf, totalHands, totalsOf, type MahjongState, type MahjongTable, type Seat } from '../../domain/disciplines/mahjong/index.js';
import type { Scorecard } from '../../domain/disciplines/mahjong/scorecard.js';

export { scorecard } from '../../domain/disciplines/mahjong/scorecard.js';

const SEAT_LIST: Seat[] = [0, 1, 2, 3];

function currentHand(t: MahjongTable) {
  const n = t.current.hand;
  if (n > totalHands(t)) return null;
  const last = t.card[t.card.length - 1];
  const drawn = t.seatings[roundOf(t, n) - 1];
  const winds = drawn ? handWinds(t, n) : null;
  return {
    number: n,
    round: roundOf(t, n),
    dealer: winds?.dealer ?? null,
    winds: winds?.winds ?? null,
    started: !last || last.confirmedBy.length === 4,
    deal: t.current.deal,
    discards: t.current.discards,
    claims: t.current.claims,
  };
}

export function tableView(id: string, state: MahjongState) {
  if (state.phase === 'none') return { id, phase: state.phase };
  const t = state.table;
  const totals = totalsOf(t.card);
  const hand = currentHand(t);
  const last = t.card[t.card.length - 1];
  return {
    id,
    discipline: 'mahjong',
    phase: state.phase,
    link: t.link,
    seats: SEAT_LIST.map((seat) => ({
      seat,
      player: t.players[seat],
      sitting: occupant(t, seat),
      wind: hand?.winds?.[seat] ?? null,
      forfeited: t.forfeited.includes(seat),
    })),
    dealer: hand?.dealer ?? null,
    hand,
    handsPlayed: t.card.length,
    scores: SEAT_LIST.map((seat) => ({ seat, tablePoints: totals[seat], penaltyPoints: t.penaltyPoints[seat], net: totals[seat] - t.penaltyPoints[seat] })),
    openPenalties: SEAT_LIST.map((seat) => {
      const s = t.current.seats[seat];
      return { seat, livePenaltyTiles: s.liveTiles, deadPenaltyTiles: s.deadTiles, noWin: s.noWin, noClaim: s.noClaim, severeOvertime: s.severeOvertime };
    }),
    timeUsed: SEAT_LIST.map((seat) => ({
      seat,
      handMs: t.current.seats[seat].timeUsedMs,
      handTimePenaltyPoints: t.current.seats[seat].timePoints,
      timeOutPoints: t.timeOutPoints[seat],
    })),
    awaitingConfirmation: last && last.confirmedBy.length < 4 ? { hand: last.hand, confirmedBy: last.confirmedBy, flagged: last.flag !== null } : null,
    signedBy: t.signedBy,
    locked: t.locked,
  };
}

/** The card as CSV: one row per hand, then the totals, the penalty deductions and the net. */
export function scorecardCsv(card: Scorecard): string {
  const ids = card.players.map((p) => p.id);
  const rows: (string | number)[][] = [
    ['hand', 'round', 'dealer', 'outcome', 'winner', 'from', 'liable', 'points', 'elements', ...ids, 'confirmed', 'corrections'],
    ...card.hands.map((h) => [
      h.hand,
      h.round,
      ids[h.dealer],
      h.outcome,
      h.winner === null ? '' : ids[h.winner],
      h.from === null ? '' : ids[h.from],
      h.liable === null ? '' : ids[h.liable],
      h.points,
      h.elements.map((e) => e.code).join(' '),
      ...h.payments,
      h.confirmedBy.length,
      h.corrections.map((c) => `${c.kind} by ${c.by}: ${c.reason}`).join('; '),
    ]),
    ['total', '', '', '', '', '', '', '', '', ...card.totals, '', ''],
    ['penalties', '', '', '', '', '', '', '', '', ...card.penaltyPoints.map((x) => -x), '', ''],
    ['net', '', '', '', '', '', '', '', '', ...card.net, '', card.locked ? 'signed and locked' : `signed by ${card.signedBy.length}`],
  ];
  return stringify(rows);
}
