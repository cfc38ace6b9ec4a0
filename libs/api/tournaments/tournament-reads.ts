import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import {
  COLLECTIONS,
  divisionKey,
  TOURNAMENTS_PROJECTION,
  type AsOf,
  type TournamentIndexEntry,
  type TournamentSummary,
} from '../../runtime/features/tournament/index.js';
import { contentTag, type RawDocument } from '../../runtime/projections/read-model-store.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { awaitPosition } from '../command-request.js';
import { composeDocuments, type PublicDocumentRoutes } from '../document-response.js';
import { divisionOf, unknownTournament } from './tournament-command.js';

const divisionsOf = (t: { divisions: readonly string[] }): readonly string[] => t.divisions;
const publicAsOfOf = (i: TournamentIndexEntry): AsOf => i.publicAsOf ?? i.asOf;

/** How many composed per-division bodies stay in memory (one per tournament and collection read). */
const COMPOSED_CACHE = 2_000;

/** Read access to the tournament read models, after `?waitFor=` (read-your-writes). */
export class TournamentReads {
  /** Composed bodies by tournament, collection and division, with the stored parts they were made of. */
  private readonly composed = new Map<string, { parts: ReadonlyArray<RawDocument | undefined>; doc: RawDocument }>();
  /** The public summary per stored summary version, with the public revision it was made at. */
  private readonly publicSummaries = new WeakMap<RawDocument, { revision: number; doc: RawDocument }>();

  constructor(
    private readonly core: ArbitraCore,
    private readonly config: ArbitraConfig,
  ) {}

  async ready(request: AuthedRequest): Promise<void> {
    await awaitPosition(request, this.core, this.config.waitMaxMs);
  }

  doc<T>(collection: string, key: string): T | undefined {
    return this.core.readModels.get<T>(TOURNAMENTS_PROJECTION, collection, key);
  }

  list<T>(collection: string): T[] {
    return this.core.readModels.list<T>(TOURNAMENTS_PROJECTION, collection).map((r) => r.value);
  }

  /** The summary, or 404. */
  summary(id: string): TournamentSummary {
    const s = this.doc<TournamentSummary>(COLLECTIONS.summary, id);
    if (!s) throw unknownTournament(id);
    return s;
  }

  /**
   * The public's asOf (issue 32): when the last event that changed what the public sees was recorded, its revision and
   * position counting those events only (0, 1, 2…). Undefined: no such tournament.
   */
  publicAsOf(id: string): AsOf | undefined {
    return this.core.readModels.derive(TOURNAMENTS_PROJECTION, COLLECTIONS.index, id, publicAsOfOf);
  }

  /**
   * The summary as the public sees it (issue 32): published rounds only (RULES.unpublishedHidden), at the public's asOf
   * (which counts the public's own changes), tagged by its bytes, so it is byte for byte what it was until something public
   * changes. Made once per stored version of the summary. Undefined: no such tournament.
   */
  storedPublicSummary(id: string): RawDocument | undefined {
    const raw = this.core.readModels.raw(TOURNAMENTS_PROJECTION, COLLECTIONS.summary, id);
    const asOf = this.publicAsOf(id);
    if (!raw || !asOf) return undefined;
    const hit = this.publicSummaries.get(raw);
    if (hit && hit.revision === asOf.revision) return hit.doc;
    const summary = this.summary(id);
    const json = JSON.stringify({ ...summary, rounds: summary.rounds.filter((r) => r.published), asOf } satisfies TournamentSummary);
    const doc = { json, etag: contentTag(json) };
    this.publicSummaries.set(raw, { revision: asOf.revision, doc });
    return doc;
  }

  /** The public summary (`storedPublicSummary`), or 404. */
  publicSummary(id: string): RawDocument {
    const doc = this.storedPublicSummary(id);
    if (!doc) throw unknownTournament(id);
    return doc;
  }

  /**
   * The stored public per-division documents (current standings or crosstable, published rounds only) as one
   * body, without parsing them; composed once per version of its parts. Undefined: no such tournament.
   */
  storedPerDivision(id: string, division: string | undefined, collection: string): RawDocument | undefined {
    const readModels = this.core.readModels;
    // The divisions from the stored summary (the folded state is in memory only: reading it as a document would
    // serialise and hash the tournament's largest document after every change).
    const divisions = readModels.derive(TOURNAMENTS_PROJECTION, COLLECTIONS.summary, id, divisionsOf);
    if (!divisions) return undefined;
    const wanted = division === undefined ? divisions : [divisionOf({ id, divisions }, division)];
    const parts = wanted.map((d) => readModels.raw(TOURNAMENTS_PROJECTION, collection, divisionKey(id, d)));
    const key = `${collection}\u0000${id}\u0000${division ?? ''}`;
    const hit = this.composed.get(key);
    if (hit && hit.parts.length === parts.length && hit.parts.every((p, i) => p === parts[i])) return hit.doc;
    const doc = composeDocuments({ tournament: id, round: null }, 'divisions', parts);
    if (!hit && this.composed.size >= COMPOSED_CACHE) this.composed.delete(this.composed.keys().next().value as string);
    this.composed.set(key, { parts, doc });
    return doc;
  }
}

/**
 * The tournament documents an anonymous GET without a query gets as stored bytes, by route (see
 * `serveAnonymousDocuments`): the same methods the controller serves them with, so both answer alike.
 */
export function publicTournamentDocuments(core: ArbitraCore, config: ArbitraConfig): PublicDocumentRoutes {
  const reads = new TournamentReads(core, config);
  return {
    '/v1/tournaments/:id': ({ id }) => reads.storedPublicSummary(id),
    '/v1/tournaments/:id/standings': ({ id }) => reads.storedPerDivision(id, undefined, COLLECTIONS.standings),
    '/v1/tournaments/:id/crosstable': ({ id }) => reads.storedPerDivision(id, undefined, COLLECTIONS.crosstable),
  };
}
