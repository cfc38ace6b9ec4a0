import { Transform } from 'class-transformer';

/**
 * A number read from a query or path parameter: its text converted with `Number`, except an empty or blank one, which
 * stays text and is refused by the property's number rules, naming it (`@Type(() => Number)` made `?after=` a 0).
 */
export const QueryNumber = () => Transform(({ value }: { value: unknown }) => queryNumber(value));
/** QueryNumber's conversion (the quick path, quick-accept.ts, applies it too). */
export const queryNumber = (value: unknown): unknown => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
