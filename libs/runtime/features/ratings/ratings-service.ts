import type { CommandContext } from '../../../domain/kernel/index.js';
import { invalid, notFound, refuse } from '../../../domain/kernel/index.js';
import {
  byFederationId,
  computeList,
  IMPORT_RULE,
  IMPORTED_PERIOD,
  initialRegistry,
  type ImportLine,
  resolvePlayer,
  type CorrectionCause,
  type ListEntry,
  type RankedRule,
  type RatedTournament,
  type RatingList,
  type RatingsCommand,
  type RatingsState,
  type RegistryState,
  type Unmatched,
} from '../../../domain/ratings/index.js';
import { ratedTournaments } from '../../../domain/ratings/from-tournament.js';
import type { Discipline } from '../../../domain/standings/index.js';
import { publishedView, type OpenTournament } from '../../../domain/tournament/index.js';
import type { ArbitraCore } from '../../arbitra-core.js';
import type { CommandResult, ExecuteOptions } from '../../command-handler.js';
import { COLLECTIONS, TOURNAMENTS_PROJECTION } from '../tournament/index.js';
import { PlayersAggregate, RatingsAggregate, REGISTRY_ID } from './ratings.aggregate.js';
import { listKey, RATING_COLLECTIONS as C, RATINGS_PROJECTION, type ListDocument, type PeriodsDocument } from './ratings.documents.js';

export interface ClosePeriodRequest {
  readonly period: string;
  readonly closesOn: string;
  readonly tournaments: readonly string[];
  readonly engine: { readonly name: string; readonly version: number };
  readonly parameters?: Readonly<Record<string, unknown>>;
  readonly ranked?: Partial<RankedRule>;
}

const TOURNAMENT_RULE = 'Arbitra ratings: a period rates recorded tournaments of its discipline';

const periodsOf = (core: ArbitraCore, discipline: string) => core.readModels.get<PeriodsDocument>(RATINGS_PROJECTION, C.periods, discipline);

export interface ImportListRequest {
  readonly engine: { readonly name: string; readonly version: number };
  readonly sha256: string;
  readonly fileName?: string;
  readonly lines: readonly ImportLine[];
}

/**
 * Imports a federation's list as the discipline's starting list (issue 31): one event on the registry stream (new
 * identities and every line's record, with the file's hash, who and when), before any period of the discipline.
 */
export async function importList(
  core: ArbitraCore,
  discipline: Discipline,
  body: ImportListRequest,
  context: CommandContext,
  opts: ExecuteOptions,
  waitMs: number,
) {
  await catchUp(core, waitMs);
  const closed = (periodsOf(core, discipline)?.periods ?? []).filter((p) => p.period !== IMPORTED_PERIOD);
  if (closed.length > 0)
    refuse('ratings/import-after-periods', `${discipline} already has periods (${closed[0].period}): a starting list comes before them`, IMPORT_RULE, {
      field: 'discipline',
    });
  return core.execute(PlayersAggregate, REGISTRY_ID, { type: 'players.import-list', context, data: { discipline, ...body } }, opts);
}

/** Closes a period: every tournament it names must be recorded, of the discipline (the decider checks the rest). */
export function closePeriod(core: ArbitraCore, discipline: Discipline, body: ClosePeriodRequest, context: CommandContext, opts: ExecuteOptions) {
  const imported = periodsOf(core, discipline)?.periods.find((p) => p.period === IMPORTED_PERIOD);
  if (imported && body.closesOn <= imported.closesOn)
    refuse('ratings/period-order', `closesOn must be after ${imported.closesOn}, the imported list's date`, IMPORT_RULE, { field: 'closesOn' });
  body.tournaments.forEach((id, i) => {
    const t = tournament(core, id);
    if (!t) notFound('ratings/unknown-tournament', `no tournament ${id}`, `tournaments[${i}]`);
    if (t.discipline !== discipline) invalid('ratings/tournament-discipline', `${id} is a ${t.discipline} tournament`, TOURNAMENT_RULE, `tournaments[${i}]`);
  });
  const command: RatingsCommand = { type: 'ratings.close-period', context, data: { discipline, ...body } };
  return core.execute(RatingsAggregate, discipline, command, opts);
}

/** Publishes a period's list, computed on the aggregate's state inside the handler's retry loop, once the read models are caught up. */
export async function publishList(core: ArbitraCore, discipline: Discipline, period: string, context: CommandContext, opts: ExecuteOptions, waitMs: number) {
  await catchUp(core, waitMs);
  return core.execute(
    RatingsAggregate,
    discipline,
    {
      context,
      request: { publish: period },
      from: (state) => ({ type: 'ratings.publish-list' as const, data: { period, list: listFor(core, state, discipline, period) } }),
    },
    opts,
  );
}

/** Corrects the latest list: the period recomputed from the record as it stands now (a late result, an appeal's correction, a merge). */
export async function correctList(
  core: ArbitraCore,
  discipline: Discipline,
  period: string,
  why: { reason: string; cause: CorrectionCause },
  context: CommandContext,
  opts: ExecuteOptions,
  waitMs: number,
): Promise<CommandResult> {
  await catchUp(core, waitMs);
  return core.execute(
    RatingsAggregate,
    discipline,
    {
      context,
      request: { correct: period, ...why },
      from: (state) => ({ type: 'ratings.correct-list' as const, data: { period, ...why, list: listFor(core, state, discipline, period) } }),
    },
    opts,
  );
}

async function catchUp(core: ArbitraCore, waitMs: number): Promise<void> {
  await core.projections.waitFor(await core.store.headPosition(), waitMs);
}

const tournament = (core: ArbitraCore, id: string) => core.readModels.get<OpenTournament>(TOURNAMENTS_PROJECTION, COLLECTIONS.state, id);
export const registryOf = (core: ArbitraCore): RegistryState =>
  core.readModels.get<RegistryState>(RATINGS_PROJECTION, C.registry, 'registry') ?? initialRegistry();
export const listDocument = (core: ArbitraCore, discipline: string, period: string, version: number) =>
  core.readModels.get<ListDocument>(RATINGS_PROJECTION, C.list, listKey(discipline, period, version));

/** The list of a period from the record: the previous period's latest list, the period's tournaments, the registry. */
export function listFor(core: ArbitraCore, state: RatingsState, discipline: Discipline, period: string): RatingList {
  const p = state.periods[period];
  if (!p) return { entries: [], unmatched: [], games: 0 };
  const at = state.order.indexOf(period);
  const prevId = at > 0 ? state.order[at - 1] : undefined;
  const prev = prevId ? state.periods[prevId] : undefined;
  // The first period starts from the imported list, if any (issue 31).
  const prior: readonly ListEntry[] = prev
    ? prev.version > 0
      ? (listDocument(core, discipline, prev.period, prev.version)?.entries ?? [])
      : []
    : (listDocument(core, discipline, IMPORTED_PERIOD, 1)?.entries ?? []);
  const registry = registryOf(core);
  const inputs: RatedTournament[] = [];
  const unmatched: Unmatched[] = [];
  for (const id of p.tournaments) {
    const t = tournament(core, id);
    if (!t) continue;
    // The list is public: it rates what the public may see of the tournament (an unpublished round's day, its byes and
    // its count of rounds are the officials').
    const r = ratedTournaments(
      publishedView(t),
      (player) => {
        const who = player.federationId === undefined ? undefined : byFederationId(registry, player.federationId);
        return who ? { id: who.id, ...(player.rating !== undefined && { declaredRating: player.rating }) } : null;
      },
      p.closesOn,
    );
    inputs.push(...r.tournaments);
    unmatched.push(...r.unmatched);
  }
  const identities: Record<string, { name: string; country: string }> = {};
  const mergedInto: Record<string, string> = {};
  const birthYears: Record<string, number> = {};
  for (const x of Object.values(registry.players)) {
    identities[x.id] = { name: x.name, country: x.country };
    if (x.birthYear !== undefined) birthYears[x.id] = x.birthYear;
    const standing = resolvePlayer(registry, x.id);
    if (standing && standing.id !== x.id) mergedInto[x.id] = standing.id;
  }
  return computeList(prior, { period, closesOn: p.closesOn, tournaments: inputs, birthYears }, p.profile, identities, mergedInto, unmatched);
}
