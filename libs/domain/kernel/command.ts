/** Who acts. Roles are the federation's: see libs/api auth for what each may do. */
export type Role = 'admin' | 'chief-arbiter' | 'arbiter' | 'appeals-committee' | 'player' | 'system';

export interface Actor {
  readonly id: string;
  readonly role: Role;
}

/**
 * Context every command carries into `decide`: the observed or received time (ISO-8601 UTC),
 * who acts, and the command id that makes a retry idempotent.
 */
export interface CommandContext {
  readonly at: string;
  readonly actor: Actor;
  readonly commandId: string;
}

/** Milliseconds between two ISO instants (b - a). Pure: parses the given strings only. */
export function msBetween(a: string, b: string): number {
  return Date.parse(b) - Date.parse(a);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
export function isIsoInstant(s: unknown): s is string {
  return typeof s === 'string' && ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s));
}
