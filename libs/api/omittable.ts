import { applyDecorators } from '@nestjs/common';
import { ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';

/**
 * The property may be left out; when it is sent, it is validated, `null` included. (class-validator's
 * `@IsOptional()` also skips `null`, which would let `"options": null` through to code that expects
 * an object.) Use `@IsOptional()` only for properties where `null` is a meaningful value.
 */
export const Omittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** The rule name of `OnlyWhen`: a refusal names it, and the OpenAPI document reads its condition. */
export const ONLY_WHEN = 'onlyWhen';

/**
 * The property belongs to some kinds of the object only (`applies`, described by `when`, e.g. "when kind is game"):
 * there it is validated by the rules below this one (and required unless they allow it missing); sent where it does
 * not apply, it is refused (rule `onlyWhen`, naming the property) instead of being dropped unread (class-validator's
 * `@ValidateIf` alone skipped it, so `{"kind": "arbiter", "gameId": …}` was accepted and the game id lost).
 */
export function OnlyWhen<T extends object>(applies: (object: T) => boolean, when: string): PropertyDecorator {
  return applyDecorators(
    ValidateIf((object: T, value: unknown) => applies(object) || value !== undefined),
    ValidateBy({
      name: ONLY_WHEN,
      // Read by the OpenAPI document (openapi-rules.ts), which states the condition beside the property.
      constraints: [when],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => value === undefined || applies(args!.object as T),
        defaultMessage: (args?: ValidationArguments) => `${args!.property} applies only ${when}`,
      },
    }),
  );
}
