const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day of the (proleptic Gregorian) calendar written YYYY-MM-DD. `Date.parse` alone rolls 2026-02-30 over to
 * 2 March, so the month's length is checked here: a day that does not exist is not one.
 */
export function isCalendarDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const [y, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return length !== undefined && day >= 1 && day <= length;
}
