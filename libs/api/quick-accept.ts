/**
 * Issue 34: class-transformer and class-validator cost a command some 50 µs in the server where ajv checks the same
 * rules in about 1. A request class on the hot path may state its rules once more as a JSON Schema: a value that
 * passes it (after its names are put in Unicode NFC, as `@IsPersonName` does first) is taken as it is; any other goes
 * through class-validator as before, so every refusal (field, rule, message) is exactly what it was. quick-accept.spec.ts
 * holds each schema to its class: it never accepts a value the class refuses.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { length } from 'class-validator';
import { personNameProblem } from './person-name.js';
import { queryNumber } from './query-number.js';

/** The schema keywords a quick check may use beyond JSON Schema's: each is class-validator's own check. */
const ajv = new Ajv({ allErrors: false, strict: true, strictRequired: false, strictTypes: false });
/** `@Length(min, max)`, counted as class-validator counts (validator.js's isLength), not as ajv's maxLength does. */
ajv.addKeyword({ keyword: 'classLength', type: 'string', schemaType: 'array', validate: ([min, max]: [number, number], s: string) => length(s, min, max) });
/** `@IsPersonName()`'s check (its NFC transform is applied before the schema). */
ajv.addFormat('person-name', { type: 'string', validate: (s: string) => personNameProblem(s) === null });

type RequestClass = abstract new (...args: never[]) => unknown;
interface QuickCheck {
  readonly check: ValidateFunction;
  /** The properties `@IsPersonName` normalises to NFC before they are checked. */
  readonly names: readonly string[];
  /** The properties `@QueryNumber` converts to numbers before they are checked. */
  readonly numbers: readonly string[];
}
const checks = new Map<RequestClass, QuickCheck>();

/** Declares `schema` as `type`'s rules for the quick path; `names` are its `@IsPersonName` properties, `numbers` its `@QueryNumber` ones. */
export function acceptQuickly(type: RequestClass, schema: object, names: readonly string[] = [], numbers: readonly string[] = []): void {
  checks.set(type, { check: ajv.compile(schema), names, numbers });
}

/** `value` as class-transformer would make it when the quick check passes (a plain object); undefined when it does not. */
export function quickAccept(type: unknown, value: unknown): object | undefined {
  const quick = checks.get(type as RequestClass);
  if (!quick || value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const taken: Record<string, unknown> = { ...value };
  for (const name of quick.names) if (typeof taken[name] === 'string') taken[name] = (taken[name] as string).normalize('NFC');
  for (const name of quick.numbers) taken[name] = queryNumber(taken[name]);
  return quick.check(taken) ? taken : undefined;
}
