import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { ProblemException } from './problem.js';

/** C0 and C1 controls (Unicode category Cc), NUL included. */
const CONTROL = /\p{Cc}/u;
/** Bidi embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder what a reader sees (Unicode UAX #9). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * A character a reader can see: not whitespace or a separator, not a format character (zero-width
 * space/joiners, BOM, soft hyphen: Cf), not a control, not a lone combining mark, and not one of
 * the blank letters that render as nothing (Hangul fillers, braille blank).
 */
const VISIBLE = /[^\s\p{Z}\p{Cf}\p{Cc}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Why `value` is not an acceptable human name, or null when it is. */
export function personNameProblem(value: unknown): string | null {
  if (typeof value !== 'string') return null; // @IsString() reports the type
  if (CONTROL.test(value)) return 'must not contain control characters (NUL, tab, newline, …)';
  if (BIDI_CONTROL.test(value)) return 'must not contain bidirectional override or isolate characters (U+202A–U+202E, U+2066–U+2069)';
  if (!VISIBLE.test(value)) return 'must contain at least one visible character (not only spaces, zero-width or format characters)';
  return null;
}

/**
 * A name of a person or an event as people read it on a pairing sheet: normalised to Unicode NFC
 * (so the same name typed two ways is stored once), without control or bidi-override characters,
 * and with at least one visible character. Use beside `@IsString()` and `@Length()`, which still
 * check the type and length (of the normalised text).
 */
export const IsPersonName = (options?: ValidationOptions) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string'
        ? value.normalize('NFC')
        : Array.isArray(value)
          ? value.map((v: unknown) => (typeof v === 'string' ? v.normalize('NFC') : v))
          : value,
    ),
    ValidateBy(
      {
        name: 'isPersonName',
        validator: {
          validate: (value: unknown) => personNameProblem(value) === null,
          defaultMessage: (args?: ValidationArguments) => `${args?.property ?? 'name'} ${personNameProblem(args?.value) ?? 'must be a readable name'}`,
        },
      },
      options,
    ),
  );

/**
 * Issue 30: every name-like field a file brings (GCG #player, SGF PB/PW, PGN White/Black) is refused as a request's
 * would be: 422 naming the field sent (the file) and where in it. `where` says the line or property.
 */
export function requireReadableNames(names: readonly { readonly value: string; readonly where: string }[], field: string): void {
  for (const { value, where } of names) {
    const problem = value.length > 200 ? 'is longer than 200 characters' : personNameProblem(value);
    if (problem)
      throw new ProblemException(422, 'validation/name', 'Unprocessable request', `${where}: the name ${problem}`, {
        field,
        rule: 'Arbitra: names are stored as people read them (README, Security: Names)',
      });
  }
}
