/** A seat at the table: 0 is the GCG "player1", 1 is "player2". */
export type Seat = 0 | 1;

export function other(seat: Seat): Seat {
  return seat === 0 ? 1 : 0;
}

export function isSeat(x: unknown): x is Seat {
  return x === 0 || x === 1;
}
