import { ValidationPipe, type ValidationError } from '@nestjs/common';
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

/** Global validation: strip nothing silently — unknown fields are refused, types are converted and checked. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
