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

/**
 * The one command envelope of every aggregate: what is asked (`type`, `<aggregate>.<kebab-verb>`),
 * its input (`data`) and who asks, when, under which command id (`context`). The context never
 * mixes with the data: the idempotency fingerprint is over `type` and `data` only.
 */
export interface Command<T extends string = string, D = unknown> {
  readonly type: T;
  readonly data: D;
  readonly context: CommandContext;
}

/** The command union of an aggregate, from a map of command type → data. */
export type CommandUnion<M> = { [K in keyof M & string]: Command<K, M[K]> }[keyof M & string];

/** What a command asks, without the context: for commands built before their context is known. */
export type CommandBody<C extends Command> = C extends Command<infer T, infer D> ? { readonly type: T; readonly data: D } : never;
