/**
 * Refusals name the field the client sent. The domain names the fields of its command; where an
 * endpoint builds the command from differently named request fields (GCG `text` from the body's
 * `gcg`, a play's `move.tiles` from `move.placements`, an overdraw's `shown` from `shownCount`), a
 * per-endpoint map renames the command field to the request field on the way out.
 */
import { DomainError } from '../../domain/kernel/index.js';

/**
 * Command field → request field. A key ending in "." or "[" is a prefix: every field under it is
 * renamed to the value, or, when the value also ends in "." or "[", keeps its tail under the new prefix.
 * The key "*" names the request field for every other command field.
 */
export type RequestFields = Readonly<Record<string, string>>;

export function requestField(field: string | undefined, map: RequestFields): string | undefined {
  if (field === undefined) return undefined;
  if (map[field] !== undefined) return map[field];
  const isPrefix = (k: string) => k.endsWith('.') || k.endsWith('[');
  const prefix = Object.keys(map).find((k) => isPrefix(k) && field.startsWith(k));
  if (!prefix) return map['*'] ?? field;
  return isPrefix(map[prefix]) ? map[prefix] + field.slice(prefix.length) : map[prefix];
}

/** Runs `work`; a domain refusal comes out naming the request's field instead of the command's. */
export async function naming<T>(map: RequestFields, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof DomainError && e.field !== undefined) {
      const field = requestField(e.field, map);
      if (field !== e.field) throw new DomainError(e.type, e.message, e.rule, e.kind, field, e.details);
    }
    throw e;
  }
}
