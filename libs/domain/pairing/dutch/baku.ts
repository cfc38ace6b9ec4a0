/**
 * FIDE Handbook C.04.5.1, Baku Acceleration Method: virtual points added to the scores of the top group (GA) for
 * pairing only, in the first rounds. Pure.
 */

export const BAKU_RULE = 'FIDE Handbook C.04.5.1 (Baku Acceleration Method)';

/**
 * GA's size: "the first half of the players, rounded up to the nearest even number", 2 × ⌈N/4⌉ (C.04.5.1, Initial
 * Groups Division; 161 players → 82).
 */
export const bakuGroupSize = (players: number): number => 2 * Math.ceil(players / 4);

/**
 * The virtual points a GA player has before pairing `round` (C.04.5.1, Virtual points): the accelerated rounds are the
 * first half (rounded up) of the tournament; before the first half (rounded up) of them, one point (a win's); before
 * the rest of them, half a point (a draw's); none after. A nine-round event: 1, 1, 1, ½, ½, 0, 0, 0, 0.
 */
export function bakuVirtualPoints(
  round: number,
  plannedRounds: number,
  points: { readonly win: number; readonly draw: number } = { win: 1, draw: 0.5 },
): number {
  const accelerated = Math.ceil(plannedRounds / 2);
  const full = Math.ceil(accelerated / 2);
  return round <= full ? points.win : round <= accelerated ? points.draw : 0;
}

/** Each GA player's virtual points by round (index 0 = round 1), from the initial order (C.04.5.1: GB gets none). */
export function bakuAcceleration(initialOrder: readonly string[], plannedRounds: number): Map<string, number[]> {
  const rounds = Array.from({ length: plannedRounds }, (_, i) => bakuVirtualPoints(i + 1, plannedRounds));
  return new Map(initialOrder.slice(0, bakuGroupSize(initialOrder.length)).map((id) => [id, rounds]));
}
