import { Transform } from 'class-transformer';

/**
 * A number read from a query or path parameter: its text converted with `Number` when written in decimal digits (a sign,
 * a fraction); any other text (empty, blank, `0x2`, `1e0`, `+1`, ` 1`) stays text and is refused by the property's number
 * rules, naming it (`@Type(() => Number)` made `?after=` a 0, and `Number` read `0x2` as 2).
 */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
export const QueryNumber = () => Transform(({ value }: { value: unknown }) => queryNumber(value));
/** QueryNumber's conversion (the quick path, quick-accept.ts, applies it too). */
export const queryNumber = (value: unknown): unknown => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value);
