import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { ProblemException, type FieldProblem } from './problem.js';
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

/** Objects and arrays, walked without recursion: each entry with its path and depth (the body is depth 0). */
function* walk(value: unknown): Generator<{ value: unknown; path: string; depth: number }> {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    yield item;
    const v = item.value;
    if (v === null || typeof v !== 'object') continue;
    const entries: [string, unknown][] = Array.isArray(v)
      ? v.map((x, i) => [fieldPath(item.path, i), x])
      : Object.entries(v).map(([k, x]) => [fieldPath(item.path, k), x]);
    // Reversed so that the walk is depth-first in document order (the first offender is reported).
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: entries[i][0], depth: item.depth + 1 });
  }
}

/** The path of the first value nested deeper than `max` levels, found iteratively (any depth is safe to check). */
export function tooDeep(value: unknown, max = MAX_BODY_DEPTH): string | null {
  for (const item of walk(value)) {
    if (item.depth > max) return item.path;
    // Do not descend further below the limit: the walk stops at the first offender anyway.
  }
  return null;
}

/** The first number in `value` (depth-first) whose magnitude exceeds MAX_NUMBER, with its path. */
export function oversizedNumber(value: unknown): string | null {
  for (const { value: v, path } of walk(value)) {
    if (typeof v === 'number' && (Math.abs(v) > MAX_NUMBER || !Number.isFinite(v))) return path || 'body';
  }
  return null;
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
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
      const deep = tooDeep(value);
      if (deep) throw tooDeepProblem(deep);
      const field = oversizedNumber(value);
      if (field) {
        throw new ProblemException(400, 'validation/failed', 'Invalid request', `${field} must be a number between -${MAX_NUMBER} and ${MAX_NUMBER}`, {
          field,
          rule: 'max',
          errors: [{ field, rule: 'max', message: `${field} must not exceed ${MAX_NUMBER} in magnitude` }],
        });
      }
    }
    return super.transform(value, metadata);
  }
}

/** Global validation: strip nothing silently — unknown fields are refused, types are converted and checked. */
export function createValidationPipe(): ValidationPipe {
  rememberValidationRules();
  return new ArbitraValidationPipe({
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
}
