import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { ProblemException, type FieldProblem } from './problem.js';

/** Flattens class-validator's tree into `players[0].name`-style fields, one entry per broken constraint. */
export function flattenValidationErrors(errors: readonly ValidationError[], parent = ''): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const e of errors) {
    const field = parent ? (/^\d+$/.test(e.property) ? `${parent}[${e.property}]` : `${parent}.${e.property}`) : e.property;
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

/** The first number in `value` (depth-first) whose magnitude exceeds MAX_NUMBER, with its path. */
export function oversizedNumber(value: unknown, path = ''): string | null {
  if (typeof value === 'number') return Math.abs(value) > MAX_NUMBER || !Number.isFinite(value) ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = oversizedNumber(value[i], `${path}[${i}]`);
      if (hit) return hit;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = oversizedNumber(v, path ? `${path}.${k}` : k);
      if (hit) return hit;
    }
  }
  return null;
}

class ArbitraValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
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
