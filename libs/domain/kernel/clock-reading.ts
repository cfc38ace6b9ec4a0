import type { DomainEvent } from './decider.js';
import { invalid } from './errors.js';

/**
 * A two-sided table clock as an official reads it, sent with a command: the time left on each side
 * (seat 0, seat 1) and, where the clock shows them, the byo-yomi periods left (Go).
 */
export interface ClockReading {
  readonly remainingMs: readonly [number, number];
  readonly periodsLeft?: readonly [number, number];
}

/** How a discipline checks a reading: its refusal type and rule, and whether a side may read below zero. */
export interface ClockReadingCheck {
  readonly type: string;
  readonly rule: string;
  /** May a side read below zero? (Go: the overtime used under penalty points; xiguaqi refuses it.) */
  readonly belowZero: boolean;
}

/** The reading as recorded: whole milliseconds, periods whole and not negative; refused naming the field otherwise. */
export function checkedReading(reading: ClockReading, check: ClockReadingCheck): ClockReading {
  if (reading.remainingMs.some((ms) => !Number.isInteger(ms) || (!check.belowZero && ms < 0)))
    invalid(check.type, `a clock reading is whole milliseconds${check.belowZero ? '' : ', not negative'}`, check.rule, 'clockReading.remainingMs');
  if (reading.periodsLeft?.some((n) => !Number.isInteger(n) || n < 0))
    invalid(check.type, 'byo-yomi periods left are whole numbers', check.rule, 'clockReading.periodsLeft');
  const { remainingMs: ms, periodsLeft: p } = reading;
  return { remainingMs: [ms[0], ms[1]], ...(p && { periodsLeft: [p[0], p[1]] as const }) };
}

/**
 * The clock prelude of a game command: an official's reading, when sent, is recorded before the command (its
 * event made by `read`) and the command is decided on the state it leaves. Returns that event (or none) and the state.
 */
export function clockReadFirst<E extends DomainEvent, S>(
  reading: ClockReading | undefined,
  check: ClockReadingCheck,
  read: (reading: ClockReading) => E,
  state: S,
  evolve: (state: S, event: E) => S,
): { readonly pre: E[]; readonly now: S } {
  if (!reading) return { pre: [], now: state };
  const event = read(checkedReading(reading, check));
  return { pre: [event], now: evolve(state, event) };
}
