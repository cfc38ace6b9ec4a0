import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { ProblemException, type FieldProblem } from './problem.js';
import { quickAccept } from './quick-accept.js';
import { rememberValidationRules } from './validation-rules-cache.js';

/**
 * The path of `key` below `parent` as a client reads it: `players[0].name`. A key that is not a plain name (empty,
 * with a dot, a bracket or a space) is quoted, `["a.b"]`, so the path names the property the client sent and no other.
 */
export function fieldPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (!/^[A-Za-z_$][\w$-]*$/.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent ? `${parent}.${key}` : key;
}

/** Flattens class-validator's tree into `players[0].name`-style fields, one entry per broken constraint. */
export function flattenValidationErrors(errors: readonly ValidationError[], parent = ''): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const e of errors) {
    // class-validator names an array's items by their index, as text.
    const field = fieldPath(parent, parent && /^\d+$/.test(e.property) ? Number(e.property) : e.property);
    for (const [rule, message] of Object.entries(e.constraints ?? {})) out.push({ field, rule, message });
    if (e.children?.length) out.push(...flattenValidationErrors(e.children, field));
  }
  return out;
}

/**
 * The largest magnitude any number in a request body may have. Every real value a federation
 * records (times in ms, scores, ratings, points) is far below it; it keeps absurd inputs (1e308)
 * from turning into Infinity in the record.
 */
export const MAX_NUMBER = 1_000_000_000;

/**
 * The deepest nesting a request body may have. Real bodies (a game's moves, a tournament's
 * divisions and profiles) stay under ten levels; the limit keeps any recursive walk of a body
 * (class-transformer, class-validator, a copy) far from the stack's end.
 */
export const MAX_BODY_DEPTH = 32;

/** A value met by the walk: its depth (the body is 0) and where it sits, from which its path is made only when reported. */
interface Visit {
  readonly value: unknown;
  readonly depth: number;
  readonly parent: Visit | null;
  readonly key: string | number;
}
/** The path of a visited value as fieldPath writes it (`rounds[1].score`), made only for the one value reported. */
function pathOf(v: Visit): string {
  const keys: (string | number)[] = [];
  for (let at: Visit | null = v; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reduceRight<string>((path, k) => fieldPath(path, k), '');
}

/**
 * Objects and arrays, walked without recursion, depth-first in document order: the first value `stop` picks is
 * returned (a walk stops there), else null. Paths are not built while walking.
 */
function firstVisit(value: unknown, stop: (v: Visit) => boolean): Visit | null {
  const stack: Visit[] = [{ value, depth: 0, parent: null, key: '' }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (stop(item)) return item;
    const v = item.value;
    if (v === null || typeof v !== 'object') continue;
    const depth = item.depth + 1;
    // Pushed in reverse so that the first child is visited first.
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], depth, parent: item, key: i });
    else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: (v as Record<string, unknown>)[keys[i]], depth, parent: item, key: keys[i] });
    }
  }
  return null;
}

/** The path of the first value nested deeper than `max` levels, found iteratively (any depth is safe to check). */
export function tooDeep(value: unknown, max = MAX_BODY_DEPTH): string | null {
  const found = firstVisit(value, (v) => v.depth > max);
  return found && pathOf(found);
}

/** The first number in `value` (depth-first) whose magnitude exceeds MAX_NUMBER, with its path. */
export function oversizedNumber(value: unknown): string | null {
  const found = firstVisit(value, ({ value: v }) => typeof v === 'number' && (Math.abs(v) > MAX_NUMBER || !Number.isFinite(v)));
  return found && (pathOf(found) || 'body');
}

/** The refusal of a body nested deeper than MAX_BODY_DEPTH (checked before anything walks the body). */
export function tooDeepProblem(path: string): ProblemException {
  return new ProblemException(400, 'validation/too-deep', 'Invalid request', `the body is nested deeper than ${MAX_BODY_DEPTH} levels (at ${path})`, {
    field: 'body',
    rule: `request bodies are JSON nested at most ${MAX_BODY_DEPTH} levels deep`,
    errors: [{ field: 'body', rule: 'maxDepth', message: `nested deeper than ${MAX_BODY_DEPTH} levels at ${path}` }],
  });
}

class ArbitraValidationPipe extends ValidationPipe {
  /** Whether a class's quick check (quick-accept.ts) may take a value before class-validator does. */
  quick = true;

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A body nested too deep was refused before Nest (http-app.ts's preValidation hook); one walk is left here.
    if (metadata.type === 'body') {
      // A JSON `null` is no object: Nest reads it as a body left out (`{}`), which ran a command of optional fields.
      if (value === null && this.toValidate(metadata)) {
        throw await this.exceptionFactory([{ property: 'body', constraints: { isObject: 'Validation failed (object is expected)' }, children: [] }]);
      }
      const field = oversizedNumber(value);
      if (field) {
        throw new ProblemException(400, 'validation/failed', 'Invalid request', `${field} must be a number between -${MAX_NUMBER} and ${MAX_NUMBER}`, {
          field,
          rule: 'max',
          errors: [{ field, rule: 'max', message: `${field} must not exceed ${MAX_NUMBER} in magnitude` }],
        });
      }
    }
    return (this.quick ? quickAccept(metadata.metatype, value) : undefined) ?? super.transform(value, metadata);
  }
}

/**
 * Global validation: strip nothing silently — unknown fields are refused, types are converted and checked. `quick: false`
 * leaves every value to class-validator (quick-accept.spec.ts compares the two).
 */
export function createValidationPipe({ quick = true } = {}): ValidationPipe {
  rememberValidationRules();
  const pipe = new ArbitraValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fields = flattenValidationErrors(errors);
      const first = fields[0];
      return new ProblemException(400, 'validation/failed', 'Invalid request', fields.map((f) => `${f.field}: ${f.message}`).join('; '), {
        field: first?.field,
        rule: first?.rule,
        errors: fields,
      });
    },
  });
  pipe.quick = quick;
  return pipe;
}
