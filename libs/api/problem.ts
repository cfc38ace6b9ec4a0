/**
 * RFC 9457 problem details. `type` is stable per refusal (clients switch on it), `rule` names
 * the rule that refused, `field` the input at fault.
 */
export interface FieldProblem {
  readonly field: string;
  readonly rule: string;
  readonly message: string;
}

export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance?: string;
  readonly rule?: string;
  readonly field?: string;
  readonly errors?: readonly FieldProblem[];
  readonly requestId?: string;
  readonly [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Stable problem type URIs: `urn:arbitra:problem:<area>/<refusal>`. */
export function problemType(code: string): string {
  return `urn:arbitra:problem:${code}`;
}

/** Thrown by the HTTP layer for refusals that are not the domain's (auth, headers, bodies). */
export class ProblemException extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly extras: { rule?: string; field?: string; errors?: readonly FieldProblem[]; headers?: Record<string, string>; [k: string]: unknown } = {},
  ) {
    super(detail);
    this.name = 'ProblemException';
  }
}
