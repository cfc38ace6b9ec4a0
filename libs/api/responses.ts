/**
 * The answers of the public reads an API client pulls most (tournaments, standings, crosstables, rankings), as
 * types. `scripts/response-schemas.mjs` turns these into the OpenAPI document's response schemas
 * (`response-schemas.generated.ts`): the document describes what the handlers return, from the same types.
 * `test/response-schemas.e2e.spec.ts` checks real answers against the served document.
 */
import type { Timeline } from '../runtime/features/appeals/timeline.js';
import type { PeriodsDocument } from '../runtime/features/ratings/ratings.documents.js';
import type { RankingsPage } from '../runtime/features/ratings/rankings-view.js';
import type { CrosstableDocument, StandingsDocument, TournamentListItem, TournamentSummary } from '../runtime/features/tournament/tournament-read-model.js';

/** GET /v1/tournaments */
export interface TournamentListResponse {
  readonly tournaments: readonly TournamentListItem[];
}

/** GET /v1/tournaments/:id (the public see published rounds only) */
export type TournamentResponse = TournamentSummary;

/** GET /v1/tournaments/:id/standings: one document per division (`?division=` one of them). */
export interface StandingsResponse {
  readonly tournament: string;
  /** `?round=N`, or null for the current standings. */
  readonly round: number | null;
  /** Only with `?asOfPosition=` (officials): the log position the standings were replayed to. */
  readonly asOfPosition?: number;
  /** null for a division that had no standings yet at `asOfPosition`. */
  readonly divisions: ReadonlyArray<StandingsDocument | null>;
}

/** GET /v1/tournaments/:id/crosstable */
export interface CrosstableResponse {
  readonly tournament: string;
  readonly round: number | null;
  readonly divisions: readonly CrosstableDocument[];
}

/** GET /v1/rankings/:discipline (JSON) */
export type RankingsResponse = RankingsPage;

/** GET /v1/ratings/:discipline/periods */
export type PeriodsResponse = PeriodsDocument;

/**
 * GET /v1/appeals/:id/timeline (JSON; `?format=html|md` the same as a document): officials read the log's positions,
 * the appellant the appeal's revisions and the tournament's public positions (`positions`).
 */
export type AppealTimelineResponse = Timeline;
