import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';

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
export const IsPersonName = () =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.normalize('NFC') : value)),
    ValidateBy({
      name: 'isPersonName',
      validator: {
        validate: (value: unknown) => personNameProblem(value) === null,
        defaultMessage: (args?: ValidationArguments) => `${args?.property ?? 'name'} ${personNameProblem(args?.value) ?? 'must be a readable name'}`,
      },
    }),
  );
