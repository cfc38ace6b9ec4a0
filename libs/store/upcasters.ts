import type { RecordedEvent } from './event-store.port.js';

/**
 * Schema evolution without rewriting history: a stored event keeps the shape it was written
 * with; on read, an upcaster chain lifts it (type, vN) → vN+1 → … → current. The stored bytes
 * and hash never change; only the in-memory view is upgraded.
 */
export interface Upcaster {
  readonly type: string;
  /** The schema version this upcaster reads; it returns version `from + 1`. */
  readonly from: number;
  up(data: unknown): unknown;
}

export class UpcasterRegistry {
  private readonly byKey = new Map<string, Upcaster>();
  private readonly types = new Set<string>();

  register(...upcasters: Upcaster[]): this {
    for (const u of upcasters) {
      const key = `${u.type}@${u.from}`;
      if (this.byKey.has(key)) throw new Error(`duplicate upcaster for ${key}`);
      this.byKey.set(key, u);
      this.types.add(u.type);
    }
    return this;
  }

  /** The current schema version for a type (1 when no upcaster exists). */
  currentVersion(type: string): number {
    let v = 1;
    while (this.byKey.has(`${type}@${v}`)) v++;
    return v;
  }

  upcast<E extends RecordedEvent>(e: E): E {
    if (!this.types.has(e.type)) return e; // most types never changed: do not even parse meta
    let version = e.meta.schemaVersion;
    let data = e.data;
    let u = this.byKey.get(`${e.type}@${version}`);
    if (!u) return e;
    while (u) {
      data = u.up(data);
      version++;
      u = this.byKey.get(`${e.type}@${version}`);
    }
    // The view says which version it now has; `meta.hash` still proves the stored original.
    return { ...e, data, meta: { ...e.meta, schemaVersion: version } };
  }
}
