/**
 * Request bodies declared as JSON Schema (issue 28): one schema is both the server's check, compiled once with ajv
 * (unknown fields refused), and what the OpenAPI document shows. A refusal has the shape every other 400 has
 * (validation.ts): `validation/failed`, the first field and rule, and every field at fault in `errors`.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isISO8601 } from 'class-validator';
import { canonicalJson } from '../domain/kernel/canonical-json.js';
import { personNameProblem } from './person-name.js';
import { ProblemException, type FieldProblem } from './problem.js';
import { fieldPath } from './validation.js';

/** A JSON Schema, as far as declarations write one (OpenAPI 3.0's subset: no `const`, no type lists). */
export type Schema = { readonly [keyword: string]: unknown };

const OPTIONAL = Symbol('optional');
const NAME = Symbol('name');
type Doc = { readonly description?: string; readonly example?: unknown };

/** A property that may be left out; sent, it is checked (`null` included, as `@Omittable` did). */
export const optional = (s: Schema): Schema => ({ ...s, [OPTIONAL]: true });
/** A schema shown under its own name in the OpenAPI document's components (`$ref`). */
export const named = (name: string, s: Schema): Schema => ({ ...s, [NAME]: name });
/** A named schema with what this property says of it (OpenAPI 3.0 reads nothing beside a `$ref`). */
export const described = (description: string, s: Schema): Schema => ({ description, allOf: [s] });

export const text = (min: number, max: number, doc: Doc = {}): Schema => ({ type: 'string', minLength: min, maxLength: max, ...doc });
export const int = (min: number, max: number, doc: Doc = {}): Schema => ({ type: 'integer', minimum: min, maximum: max, ...doc });
export const bool = (doc: Doc = {}): Schema => ({ type: 'boolean', ...doc });
export const pattern = (re: RegExp, doc: Doc = {}): Schema => ({ type: 'string', pattern: re.source, ...doc });
export const oneOf = (values: readonly (string | number)[], doc: Doc = {}): Schema => ({
  type: typeof values[0] === 'number' ? 'integer' : 'string',
  enum: values,
  ...doc,
});
export const list = (items: Schema, bounds: { min?: number; max: number }, doc: Doc = {}): Schema => ({
  type: 'array',
  items,
  ...(bounds.min !== undefined && { minItems: bounds.min }),
  maxItems: bounds.max,
  ...doc,
});
/** An object of exactly these properties: those not marked `optional` are required, any other is refused. */
export function object(properties: Readonly<Record<string, Schema>>, doc: Doc = {}): Schema {
  const required = Object.keys(properties).filter((k) => !(properties[k] as { [OPTIONAL]?: boolean })[OPTIONAL]);
  return { type: 'object', properties, ...(required.length > 0 && { required }), additionalProperties: false, ...doc };
}

/** Fields of some kinds of an object only: they apply when `property` is `equals` (and `without` is not sent). */
export interface OnlyWhenSpec {
  readonly property: string;
  readonly equals: string;
  readonly fields: readonly string[];
  readonly without?: string;
}
const whenOf = (spec: OnlyWhenSpec) => `when ${spec.property} is ${spec.equals}${spec.without ? ` without ${spec.without}` : ''}`;

/**
 * Fields of some kinds of an object only (`fields` apply when `property` is `equals`): there they are required, sent
 * elsewhere they are refused (rule `onlyWhen`, as omittable.ts's `@OnlyWhen`), instead of being dropped unread.
 * OpenAPI 3.0 cannot say it: each field's description does.
 */
export function onlyWhen(property: string, equals: string, properties: Readonly<Record<string, Schema>>, fields: readonly string[]): Schema {
  return onlyWhenAll(properties, { property, equals, fields });
}

/** `onlyWhen` for several groups of fields of one object, each with its own condition. */
export function onlyWhenAll(properties: Readonly<Record<string, Schema>>, ...specs: readonly OnlyWhenSpec[]): Schema {
  const specOf = (k: string) => specs.find((s) => s.fields.includes(k));
  const described = Object.fromEntries(
    Object.entries(properties).map(([k, v]) => {
      const spec = specOf(k);
      if (!spec) return [k, v];
      const description = `${v.description ? `${String(v.description)}. ` : ''}Applies only ${whenOf(spec)}: required there, refused elsewhere (rule onlyWhen)`;
      return [k, optional({ ...v, description })];
    }),
  );
  return { ...object(described), [ONLY_WHEN]: specs.length === 1 ? specs[0] : specs };
}
const ONLY_WHEN = 'x-only-when';

/** `at` as validation.ts's `@IsISO8601({ strict: true })` read it, so the declared bodies accept what the classes did. */
const ISO_8601 = 'iso-8601';
const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addKeyword('example');
ajv.addKeyword({
  keyword: ONLY_WHEN,
  type: 'object',
  errors: true,
  validate: function onlyWhenCheck(
    given: OnlyWhenSpec | readonly OnlyWhenSpec[],
    data: Record<string, unknown>,
    _schema?: unknown,
    ctx?: { instancePath: string },
  ): boolean {
    const errors = (Array.isArray(given) ? given : [given]).flatMap((spec: OnlyWhenSpec) => {
      const applies = data[spec.property] === spec.equals && (spec.without === undefined || data[spec.without] === undefined);
      return spec.fields
        .filter((f) => (data[f] === undefined) === applies)
        .map((f) => ({
          keyword: applies ? 'required' : 'onlyWhen',
          instancePath: `${ctx?.instancePath ?? ''}/${f}`,
          schemaPath: '',
          params: {},
          message: applies ? 'is required' : `applies only ${whenOf(spec)}`,
        }));
    });
    (onlyWhenCheck as { errors?: Partial<ErrorObject>[] }).errors = errors;
    return errors.length === 0;
  },
});
/** A person's name as person-name.ts reads one (visible characters, no control or bidi characters). */
export const PERSON_NAME = 'person-name';
ajv.addFormat(PERSON_NAME, { type: 'string', validate: (s: string) => personNameProblem(s) === null });
ajv.addFormat(ISO_8601, { type: 'string', validate: (s: string) => isISO8601(s, { strict: true }) });

/** Marks a route handler whose body is declared as a schema, `{ schema, example? }` (openapi-routes.ts shows it in the document). */
export const DECLARED_BODY = 'arbitra:declared-body';

/** A body's check: `check()` gives ajv's validator, compiled on first use and kept. */
export type BodyCheck = () => ValidateFunction;

/**
 * A body's check, compiled when a body is first checked: compiling the ~80 game commands' schemas when their controllers
 * were built was a fifth of a server's or CLI's start (0.5 s CPU). `test/declared-bodies.spec.ts` compiles every one.
 */
export function compileBody(schema: Schema): BodyCheck {
  let compiled: ValidateFunction | undefined;
  return () => (compiled ??= ajv.compile(schema));
}

/** One of ajv's errors as the API names it: the field the client sent (`players[0].name`), the keyword, a sentence. */
function fieldProblem(e: ErrorObject): FieldProblem {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<string>((parent, k) => fieldPath(parent, parent && /^\d+$/.test(k) ? Number(k) : k), '');
  const p = e.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  if (e.keyword === 'required' && p.missingProperty !== undefined)
    return { field: fieldPath(path, p.missingProperty!), rule: 'required', message: `${fieldPath(path, p.missingProperty!)} is required` };
  // The name every other route gives an unknown field (class-validator's whitelist), so clients see one rule for it.
  if (e.keyword === 'additionalProperties') {
    const field = fieldPath(path, p.additionalProperty!);
    return { field, rule: 'whitelistValidation', message: `property ${field} should not exist` };
  }
  const field = path || 'body';
  const allowed = e.keyword === 'enum' ? `: ${p.allowedValues!.map((v) => JSON.stringify(v)).join(', ')}` : '';
  return { field, rule: e.keyword, message: `${field} ${e.message ?? 'is invalid'}${allowed}` };
}

/** The body if it passes `check`, else the 400 every refused body gets. */
export function checkedBody<T>(lazy: BodyCheck, body: unknown): T {
  const check = lazy();
  if (check(body)) return body as T;
  // oneOf's branches each report; the client is told the branch keywords once, and `oneOf` itself.
  const fields = (check.errors ?? []).map(fieldProblem).filter((f, i, all) => all.findIndex((g) => g.field === f.field && g.rule === f.rule) === i);
  const first = fields[0];
  throw new ProblemException(400, 'validation/failed', 'Invalid request', fields.map((f) => `${f.field}: ${f.message}`).join('; '), {
    field: first?.field,
    rule: first?.rule,
    errors: fields,
  });
}

/**
 * The schema as the OpenAPI document shows it: a `named` part becomes a `$ref` to `components.schemas` (added to
 * `components`; one name, one schema).
 */
export function openApiSchema(schema: Schema, components: Record<string, unknown>): Schema {
  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk);
    if (s === null || typeof s !== 'object') return s;
    const out = Object.fromEntries(Object.entries(s).map(([k, v]) => [k, k === 'enum' || k === 'example' ? v : walk(v)]));
    const name = (s as { [NAME]?: string })[NAME];
    if (name === undefined) return out;
    const existing = components[name];
    if (existing !== undefined && canonicalJson(existing) !== canonicalJson(out)) throw new Error(`OpenAPI: two request schemas are named ${name}`);
    components[name] = out;
    return { $ref: `#/components/schemas/${name}` };
  };
  return walk(schema) as Schema;
}
