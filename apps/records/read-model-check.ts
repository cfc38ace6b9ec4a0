import { canonicalJson } from '../../libs/domain/kernel/index.js';
import type { ArbitraCore } from '../../libs/runtime/arbitra-core.js';
import { ProjectionRunner } from '../../libs/runtime/projections/projection-runner.js';
import { ReadModelStore } from '../../libs/runtime/projections/read-model-store.js';
import type { EventStore } from '../../libs/store/event-store.port.js';

export interface ReadModelDifference {
  readonly projection: string;
  readonly collection: string;
  readonly key: string;
  /** The stored document's JSON, or null when the stored read models lack it. */
  readonly stored: string | null;
  /** The document rebuilt from the log, or null when the log does not produce it. */
  readonly rebuilt: string | null;
}

export interface ReadModelReport {
  readonly ok: boolean;
  readonly projections: number;
  /** Read models this data dir has built (a checkpoint past 0): 0 on a data dir without them (an api replica's on PostgreSQL, a new one). */
  readonly stored: number;
  readonly documents: number;
  readonly firstDifference: ReadModelDifference | null;
}

type DocRow = { collection: string; key: string; value: string };

/** The log as it stood at `position` (the runner's catch-up reads `readAll` only): compared at the stored checkpoint. */
function upTo(store: EventStore, position: number): EventStore {
  const bounded: Pick<EventStore, 'readAll'> = {
    readAll: async (after, limit) => (after >= position ? [] : (await store.readAll(after, limit)).filter((e) => e.position <= position)),
  };
  return bounded as EventStore;
}

/**
 * Issue 10: read-models.db is a cache anyone with file access can edit, and its documents are served
 * as stored. This rebuilds every projection in memory from the (verified) log, up to the stored
 * checkpoint of that projection, with the same reducers, and compares every document (as canonical
 * JSON) with the stored one, naming the first that differs, is missing or should not be there.
 * It covers every projection's documents; the process managers' own bookkeeping documents in the same
 * file are not projections and are not compared.
 */
export async function checkReadModels(core: ArbitraCore): Promise<ReadModelReport> {
  let documents = 0;
  let stored = 0;
  let firstDifference: ReadModelDifference | null = null;
  const list = core.readModels.db.prepare('SELECT collection, key, value FROM documents WHERE projection = ? ORDER BY collection, key');
  for (const projection of core.projections.projections) {
    const cp = core.readModels.checkpoint(projection.name);
    if (cp && cp.position > 0) stored++; // a reset one (position 0) holds nothing yet
    const memory = new ReadModelStore(':memory:', 'OFF');
    try {
      const runner = new ProjectionRunner(upTo(core.store, cp?.position ?? 0), memory, [projection], core.upcasters);
      await runner.catchUp();
      const stored = list.all(projection.name) as DocRow[];
      const rebuilt = memory.db
        .prepare('SELECT collection, key, value FROM documents WHERE projection = ? ORDER BY collection, key')
        .all(projection.name) as DocRow[];
      documents += rebuilt.length;
      firstDifference ??= firstDiff(projection.name, stored, rebuilt);
    } finally {
      memory.close();
    }
  }
  return { ok: firstDifference === null, projections: core.projections.projections.length, stored, documents, firstDifference };
}

function firstDiff(projection: string, stored: DocRow[], rebuilt: DocRow[]): ReadModelDifference | null {
  const id = (r: DocRow) => `${r.collection}\u0000${r.key}`;
  const byId = new Map(stored.map((r) => [id(r), r]));
  const found: ReadModelDifference[] = [];
  for (const r of rebuilt) {
    const s = byId.get(id(r));
    byId.delete(id(r));
    if (!s) found.push({ projection, collection: r.collection, key: r.key, stored: null, rebuilt: r.value });
    else if (canonical(s.value) !== canonical(r.value)) found.push({ projection, collection: r.collection, key: r.key, stored: s.value, rebuilt: r.value });
  }
  for (const s of byId.values()) found.push({ projection, collection: s.collection, key: s.key, stored: s.value, rebuilt: null });
  found.sort((a, b) => (a.collection < b.collection ? -1 : a.collection > b.collection ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return found[0] ?? null;
}

function canonical(json: string): string {
  try {
    return canonicalJson(JSON.parse(json));
  } catch {
    return `invalid JSON: ${json}`;
  }
}
