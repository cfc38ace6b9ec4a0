import { ValidateIf } from 'class-validator';

/**
 * The property may be left out; when it is sent, it is validated, `null` included. (class-validator's
 * `@IsOptional()` also skips `null`, which would let `"options": null` through to code that expects
 * an object.) Use `@IsOptional()` only for properties where `null` is a meaningful value.
 */
export const Omittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
