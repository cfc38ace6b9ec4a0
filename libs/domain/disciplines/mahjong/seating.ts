/** Seats, winds and dealers of a table session (執位, 數骰位, 輪莊), as pure functions. */
export type Seat = 0 | 1 | 2 | 3;
export type Wind = 'E' | 'S' | 'W' | 'N';
/** 莊家及門風 1: 沿逆時針方向﹐為東家﹑南家﹑西家﹑北家 (South sits on East's right, 下家). */
export const WINDS: readonly Wind[] = ['E', 'S', 'W', 'N'];
export const SEATS: readonly Seat[] = [0, 1, 2, 3];

/** Where a seat sits relative to another, counter-clockwise (the order of play). */
export type Relation = 'next' | 'across' | 'previous';

/**
 * The winds of the seats at a table as a position ring: `positions[i]` is the seat at wind i (E, S, W, N).
 * The order of play is E → S → W → N, so the seat at wind i+1 is the next player (下家) of the seat at wind i.
 */
export function positionsOf(winds: readonly Wind[]): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < 4; i++) out.push(winds.indexOf(WINDS[i]) as Seat);
  return out;
}

/** Counter-clockwise steps from `from` to `to` by the drawn winds (1: `to` is `from`'s next player 下家). */
export function stepsBetween(winds: readonly Wind[], from: Seat, to: Seat): number {
  return (WINDS.indexOf(winds[to]) - WINDS.indexOf(winds[from]) + 4) % 4;
}

export function relation(winds: readonly Wind[], from: Seat, to: Seat): Relation | null {
  const steps = stepsBetween(winds, from, to);
  return steps === 1 ? 'next' : steps === 2 ? 'across' : steps === 3 ? 'previous' : null;
}

/**
 * 數骰位 (WMC 麻將規則): counting from the thrower as 1, counter-clockwise, to the dice total:
 * 5 and 9 the thrower, 2, 6, 10 the next player, 3, 7, 11 across, 4, 8, 12 the previous player.
 * At 執位 the players sit as they chose (四家先隨意就座): seats 0–3 counter-clockwise in that order.
 */
export function countDice(thrower: Seat, total: number): Seat {
  return ((thrower + total - 1) % 4) as Seat;
}

/**
 * A seat's wind in hand `k` (0-based within the round) of a round whose seating drew `drawn`:
 * 輪莊 — after each hand the previous South deals, so every seat moves back one wind per hand
 * (WMC 麻將規則, 莊家及門風 5; no dealer repeat, 6).
 */
export function windInHand(drawn: readonly Wind[], seat: Seat, k: number): Wind {
  return WINDS[(WINDS.indexOf(drawn[seat]) - (k % 4) + 4) % 4];
}

export function windsInHand(drawn: readonly Wind[], k: number): Wind[] {
  return SEATS.map((s) => windInHand(drawn, s, k));
}

/** The dealer (東家, 莊家) of hand `k` of the round. */
export function dealerInHand(drawn: readonly Wind[], k: number): Seat {
  return windsInHand(drawn, k).indexOf('E') as Seat;
}

/** Is `winds` one of each wind (the four wind tiles of 執位 2)? */
export function isWindDraw(winds: readonly string[]): winds is Wind[] {
  return winds.length === 4 && WINDS.every((w) => winds.includes(w));
}
