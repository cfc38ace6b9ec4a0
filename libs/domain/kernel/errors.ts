/**
 * A refusal by the domain. `type` is stable (it becomes the problem+json `type`), `rule` names
 * the rule enforced (with its source, e.g. "WESPA 3.x: exchange needs 7 tiles in the bag"),
 * `field` the input at fault where there is one.
 *
 * kind: 'conflict' (409: the command is well-formed but the record's current state refuses it),
 * 'invalid' (422: the command can never be accepted as given), 'not-found' (404).
 */
export type DomainErrorKind = 'conflict' | 'invalid' | 'not-found';

export class DomainError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly rule: string,
    readonly kind: DomainErrorKind = 'conflict',
    readonly field?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function refuse(
  type: string,
  message: string,
  rule: string,
  opts: { kind?: DomainErrorKind; field?: string; details?: Record<string, unknown> } = {},
): never {
  throw new DomainError(type, message, rule, opts.kind ?? 'conflict', opts.field, opts.details);
}

export function invalid(type: string, message: string, rule: string, field?: string, details?: Record<string, unknown>): never {
  throw new DomainError(type, message, rule, 'invalid', field, details);
}

export function notFound(type: string, message: string, field?: string): never {
  throw new DomainError(type, message, 'the referenced record must exist', 'not-found', field);
}
