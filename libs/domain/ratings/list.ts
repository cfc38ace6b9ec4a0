import { ratePeriod, type RatingProfile } from './profiles.js';
import { dayNumber, tally, type PeriodInput, type PlayedIn, type PlayerRating, type RatedTournament } from './types.js';

/** One player on a published list. `state` is the engine's whole record: the next period starts from it. */
export interface ListEntry {
  readonly player: string;
  readonly name: string;
  readonly country: string;
  /** null: played, not yet rated (FIDE games waiting for enough rated opponents). */
  readonly rating: number | null;
  readonly games: number;
  readonly provisional: boolean;
  /** Enough games in the ranked window (profile `ranked`) to be ranked. */
  readonly active: boolean;
  /** 1, 2, 2, 4 among rated active players; null otherwise. */
  readonly rank: number | null;
  /** Against the previous period's list; null for a first rating. */
  readonly change: number | null;
  /** This period's tournaments. */
  readonly played: readonly PlayedIn[];
  readonly state: PlayerRating;
}

/** A tournament player who could not be identified (no federation id, or one the registry does not know): not rated. */
export interface Unmatched {
  readonly tournament: string;
  readonly player: string;
  readonly name: string;
  readonly federationId: string | null;
}

export interface RatingList {
  readonly entries: readonly ListEntry[];
  readonly unmatched: readonly Unmatched[];
  /** Games rated this period. */
  readonly games: number;
}

export interface ListIdentity {
  readonly name: string;
  readonly country: string;
}

/**
 * The previous list's players as the next period starts from them, with merged duplicates folded into their survivor
 * (the record with more games is kept, the games added up: an Arbitra rule, stated in docs/ratings.md).
 */
export function priorTable(prior: readonly ListEntry[], mergedInto: Readonly<Record<string, string>>): Map<string, PlayerRating> {
  const table = new Map<string, PlayerRating>();
  for (const e of prior) {
    const id = mergedInto[e.player] ?? e.player;
    const had = table.get(id);
    if (!had) table.set(id, e.state);
    else {
      const [keep, other] = had.games >= e.state.games ? [had, e.state] : [e.state, had];
      table.set(id, { ...keep, games: keep.games + other.games, recent: [...keep.recent, ...other.recent].sort((a, b) => (a.on < b.on ? -1 : 1)) });
    }
  }
  return table;
}

/** A period's list: the engine over the period's tournaments from the prior list, each player's change, activity and rank. */
export function computeList(
  prior: readonly ListEntry[],
  input: PeriodInput,
  profile: RatingProfile,
  identities: Readonly<Record<string, ListIdentity>>,
  mergedInto: Readonly<Record<string, string>> = {},
  unmatched: readonly Unmatched[] = [],
): RatingList {
  const before = priorTable(prior, mergedInto);
  return listFromTables(before, ratePeriod(before, input, profile), input, profile, identities, unmatched);
}

/** The list from the tables before and after a period (the engine already run): changes, activity, this period's events, ranks. */
export function listFromTables(
  before: ReadonlyMap<string, PlayerRating>,
  after: ReadonlyMap<string, PlayerRating>,
  input: PeriodInput,
  profile: RatingProfile,
  identities: Readonly<Record<string, ListIdentity>>,
  unmatched: readonly Unmatched[] = [],
): RatingList {
  const played = new Map<string, PlayedIn[]>();
  let games = 0;
  for (const t of input.tournaments) {
    games += t.games.length;
    const places = new Map((t.placings ?? []).map((p) => [p.player, p.place]));
    const counts = tally(t.games);
    for (const p of places.keys()) if (!counts.has(p)) counts.set(p, { games: t.sessions, score: 0 });
    for (const [id, x] of counts) {
      const list = played.get(id) ?? [];
      const place = places.get(id);
      list.push(
        place === undefined
          ? { tournament: t.id, on: t.endsOn, games: x.games, score: x.score }
          : { tournament: t.id, on: t.endsOn, games: x.games, score: x.score, place },
      );
      played.set(id, list);
    }
  }
  // Sort keys first, then one entry object per player with its rank (20,000 players: no second copy per entry).
  // In the window: closes − day < windowDays, i.e. day > closes − windowDays (whole days).
  const windowStart = dayNumber(input.closesOn) - profile.ranked.windowDays;
  const ids: string[] = [];
  const states: PlayerRating[] = [];
  const order: number[] = [];
  const active: boolean[] = [];
  for (const [id, state] of after) {
    let windowGames = 0;
    for (const r of state.recent) if (dayNumber(r.on) > windowStart) windowGames += r.games;
    const isActive = state.rating !== null && windowGames >= profile.ranked.minGames && windowGames > 0;
    ids.push(id);
    states.push(state);
    active.push(isActive);
    order.push(isActive ? 0 : state.rating !== null ? 1 : 2);
  }
  // One numeric key per player (active first, then rated, then unrated; higher rating first), ties by id.
  const key = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) key[i] = order[i] * 1e9 - (states[i].rating ?? 0);
  const index = sortedByKey(key, ids);
  const entries: ListEntry[] = new Array<ListEntry>(index.length);
  let rank = 0;
  let prev: number | null = null;
  index.forEach((i, at) => {
    const id = ids[i];
    const state = states[i];
    if (active[i] && state.rating !== prev) rank = at + 1;
    if (active[i]) prev = state.rating;
    const was = before.get(id)?.rating ?? null;
    const who = identities[id] ?? { name: id, country: '' };
    entries[at] = {
      player: id,
      name: who.name,
      country: who.country,
      rating: state.rating,
      games: state.games,
      provisional: state.provisional,
      active: active[i],
      rank: active[i] ? rank : null,
      change: was === null || state.rating === null ? null : state.rating - was,
      played: played.get(id) ?? [],
      state,
    };
  });
  return { entries, unmatched, games };
}

/**
 * Indices in the order of `key`, equal keys by id: the keys sorted natively (no comparator call per comparison), then each
 * key's players found by value, the few sharing one ordered by id.
 */
function sortedByKey(key: Float64Array, ids: readonly string[]): number[] {
  const byKey = new Map<number, number | number[]>();
  for (let i = 0; i < key.length; i++) {
    // A NaN rating (never expected) takes the comparator sort, so the order stays what it always was.
    if (Number.isNaN(key[i])) return Array.from(ids, (_, j) => j).sort((x, y) => key[x] - key[y] || (ids[x] < ids[y] ? -1 : 1));
    const had = byKey.get(key[i]);
    if (had === undefined) byKey.set(key[i], i);
    else if (typeof had === 'number') byKey.set(key[i], [had, i]);
    else had.push(i);
  }
  const sorted = key.slice().sort();
  const index: number[] = [];
  for (let k = 0; k < sorted.length; k++) {
    if (k > 0 && sorted[k] === sorted[k - 1]) continue;
    const at = byKey.get(sorted[k]) as number | number[];
    if (typeof at === 'number') index.push(at);
    else for (const i of at.sort((x, y) => (ids[x] < ids[y] ? -1 : 1))) index.push(i);
  }
  return index;
}

/** What a correction changed: every player whose rating, games or provisional status differs, or who appears or disappears. */
export interface ListChange {
  readonly player: string;
  readonly before: { readonly rating: number | null; readonly games: number; readonly provisional: boolean } | null;
  readonly after: { readonly rating: number | null; readonly games: number; readonly provisional: boolean } | null;
}

export type ListSummary = Readonly<Record<string, { readonly rating: number | null; readonly games: number; readonly provisional: boolean }>>;

export const summarize = (entries: readonly ListEntry[]): ListSummary =>
  Object.fromEntries(entries.map((e) => [e.player, { rating: e.rating, games: e.games, provisional: e.provisional }]));

export function listChanges(before: ListSummary, after: ListSummary): ListChange[] {
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const out: ListChange[] = [];
  for (const id of ids) {
    const b = before[id] ?? null;
    const a = after[id] ?? null;
    if (b && a && b.rating === a.rating && b.games === a.games && b.provisional === a.provisional) continue;
    out.push({ player: id, before: b, after: a });
  }
  return out;
}

/**
 * A period's list with one more tournament, without rebuilding it: only the tournament's players get new entries (their
 * record from `after`, the table with the tournament added, and the tournament added to their events); the others keep
 * theirs, and ranks are recounted in one pass. For per-tournament engines (WESPA, EGD), where adding a tournament changes
 * no one else.
 */
export function addToList(
  list: RatingList,
  before: ReadonlyMap<string, PlayerRating>,
  after: ReadonlyMap<string, PlayerRating>,
  t: RatedTournament,
  closesOn: string,
  profile: RatingProfile,
  identities: Readonly<Record<string, ListIdentity>>,
): RatingList {
  const counts = tally(t.games);
  const places = new Map((t.placings ?? []).map((p) => [p.player, p.place]));
  for (const p of places.keys()) if (!counts.has(p)) counts.set(p, { games: t.sessions, score: 0 });
  const old = new Map<string, ListEntry>();
  for (const e of list.entries) if (counts.has(e.player)) old.set(e.player, e);
  const closes = dayNumber(closesOn);
  const fresh: ListEntry[] = [];
  for (const [id, x] of counts) {
    const state = after.get(id);
    if (!state) continue;
    let windowGames = 0;
    for (const r of state.recent) if (closes - dayNumber(r.on) < profile.ranked.windowDays) windowGames += r.games;
    const was = before.get(id)?.rating ?? null;
    const who = identities[id] ?? { name: id, country: '' };
    const place = places.get(id);
    fresh.push({
      player: id,
      name: who.name,
      country: who.country,
      rating: state.rating,
      games: state.games,
      provisional: state.provisional,
      active: state.rating !== null && windowGames >= profile.ranked.minGames && windowGames > 0,
      rank: null,
      change: was === null || state.rating === null ? null : state.rating - was,
      played: [...(old.get(id)?.played ?? []), { tournament: t.id, on: t.endsOn, games: x.games, score: x.score, ...(place !== undefined && { place }) }],
      state,
    });
  }
  const key = (e: ListEntry) => (e.active ? 0 : e.rating !== null ? 1 : 2) * 1e9 - (e.rating ?? 0);
  const before_ = (a: ListEntry, b: ListEntry) => key(a) - key(b) || (a.player < b.player ? -1 : 1);
  fresh.sort(before_);
  const kept = list.entries.filter((e) => !counts.has(e.player));
  const merged: ListEntry[] = [];
  let i = 0;
  let j = 0;
  let rank = 0;
  let prev: number | null = null;
  const push = (e: ListEntry) => {
    const at = merged.length;
    if (e.active && e.rating !== prev) rank = at + 1;
    if (e.active) prev = e.rating;
    const r = e.active ? rank : null;
    merged.push(e.rank === r ? e : { ...e, rank: r });
  };
  while (i < kept.length || j < fresh.length) push(j >= fresh.length || (i < kept.length && before_(kept[i], fresh[j]) < 0) ? kept[i++] : fresh[j++]);
  return { entries: merged, unmatched: list.unmatched, games: list.games + t.games.length };
}

/** The first non-finite number in a list (where, and whose), or null: publishing refuses it (issue 31: no NaN reaches a list). */
export function nonFiniteIn(list: RatingList): { field: string; player: string } | null {
  const find = (v: unknown, path: string): string | null => {
    if (typeof v === 'number') return Number.isFinite(v) ? null : path;
    if (v === null || typeof v !== 'object') return null;
    for (const [k, x] of Object.entries(v)) {
      const at = find(x, `${path}.${k}`);
      if (at !== null) return at;
    }
    return null;
  };
  for (let i = 0; i < list.entries.length; i++) {
    const at = find(list.entries[i], `entries[${i}]`);
    if (at !== null) return { field: at, player: list.entries[i].player };
  }
  return null;
}
