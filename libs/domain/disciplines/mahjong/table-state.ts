/** Reading a table's state: the hand in progress, its round and winds, the card's totals. */
import { refuse } from '../../kernel/index.js';
import { RULES } from './mahjong.rules.js';
import type { Payments } from './payments.js';
import { dealerInHand, windsInHand, type Seat, type Wind } from './seating.js';
import type { CardLine, HandInProgress, MahjongPlayer, MahjongTable, SeatInHand } from './mahjong.types.js';

export const totalHands = (t: MahjongTable): number => t.profile.handsPerRound * t.profile.rounds;
export const roundOf = (t: MahjongTable, hand: number): number => Math.floor((hand - 1) / t.profile.handsPerRound) + 1;
export const indexInRound = (t: MahjongTable, hand: number): number => (hand - 1) % t.profile.handsPerRound;

/** The drawn winds for the hand's round: the round's own seating, or (no reseating) the first one. */
export function drawnFor(t: MahjongTable, hand: number): readonly Wind[] | null {
  const round = roundOf(t, hand);
  return t.seatings[round - 1] ?? (t.profile.reseatEachRound ? null : (t.seatings[0] ?? null));
}

/** The winds and dealer of a hand, or a refusal naming the missing seating (執位, or 換位 after a round). */
export function handWinds(t: MahjongTable, hand: number): { winds: Wind[]; dealer: Seat } {
  const drawn = drawnFor(t, hand);
  if (!drawn) {
    const round = roundOf(t, hand);
    refuse('mahjong/seating-missing', `round ${round} has no seating recorded: record the seat draw first`, round === 1 ? RULES.seating : RULES.reseat, {
      field: 'hand',
    });
  }
  const k = indexInRound(t, hand);
  return { winds: windsInHand(drawn, k), dealer: dealerInHand(drawn, k) };
}

export const freshSeat = (): SeatInHand => ({
  liveTiles: [],
  deadTiles: [],
  noWin: null,
  noClaim: null,
  timeUsedMs: 0,
  timePoints: 0,
  severeOvertime: null,
  dealExposures: 0,
});
export const freshHand = (hand: number): HandInProgress => ({
  hand,
  deal: null,
  discards: [],
  claims: [],
  seats: [freshSeat(), freshSeat(), freshSeat(), freshSeat()],
});

export const isConfirmed = (line: CardLine): boolean => line.confirmedBy.length === 4;

/** Hand-time commands (discards, claims, penalties in a hand) need the previous hand confirmed by all four and the session not over. */
export function requireHandInProgress(t: MahjongTable): HandInProgress {
  const last = t.card[t.card.length - 1];
  if (last && !isConfirmed(last))
    refuse('mahjong/hand-not-confirmed', `hand ${last.hand} is not yet confirmed by all four players`, RULES.handOrder, { field: 'hand' });
  if (t.current.hand > totalHands(t)) refuse('mahjong/session-complete', `all ${totalHands(t)} hands are played`, RULES.session);
  handWinds(t, t.current.hand);
  return t.current;
}

export function totalsOf(card: readonly CardLine[]): Payments {
  const out: Payments = [0, 0, 0, 0];
  for (const line of card) for (let s = 0; s < 4; s++) out[s] += line.payments[s];
  return out;
}

/** Who sits in a seat now: the substitute, if one was seated. */
export function occupant(t: MahjongTable, seat: Seat): MahjongPlayer {
  const sub = [...t.substitutes].reverse().find((s) => s.seat === seat);
  return sub ? sub.substitute : t.players[seat];
}
