import { describe, expect, it } from '@jest/globals';
import { isCalendarDay } from './calendar-day.js';

describe('isCalendarDay: a YYYY-MM-DD the calendar has', () => {
  it('takes real days, the leap day of leap years included (2024, 2000)', () => {
    for (const d of ['2026-01-01', '2026-12-31', '2024-02-29', '2000-02-29', '2026-04-30']) expect(isCalendarDay(d)).toBe(true);
  });
  it('refuses days Date.parse rolls over (2026-02-30, 2026-02-29, 1900-02-29, 2026-04-31) and months or days out of range', () => {
    for (const d of ['2026-02-30', '2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-01', ' 2026-01-01'])
      expect(isCalendarDay(d)).toBe(false);
  });
});
