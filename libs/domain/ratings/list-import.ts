import { isCalendarDay } from '../kernel/calendar-day.js';
import { invalid } from '../kernel/errors.js';
import type { Discipline } from '../standings/results.js';
import { describeDomain, engineDomain, inDomain } from './domains.js';
import { listFromTables, type RatingList } from './list.js';
import type { PlayerIdentity, RegistryState } from './players.js';
import { resolveProfile, type EngineProfile, type RatingProfile } from './profiles.js';
import type { PlayerRating } from './types.js';

/**
 * A federation's current rating list brought in as a discipline's starting list (issue 31, "Rating-list import"): one
 * CSV line per player, checked here line by line (every refused line named), recorded as one event or not at all.
 */
export const IMPORT_COLUMNS = ['federationId', 'name', 'country', 'rating', 'games', 'deviation', 'volatility', 'birthYear', 'date', 'id'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One line of the file as read (cells as text); `line` is the file's line number (the header is line 1). */
export interface ImportLine {
  readonly line: number;
  readonly cells: Readonly<Partial<Record<ImportColumn, string>>>;
}

export interface LineProblem {
  readonly line: number;
  readonly column: string;
  readonly message: string;
}

/** A starting-list entry as recorded: what the file said (games absent only where the engine does not need them). */
export interface ImportedEntry {
  readonly player: string;
  readonly rating: number;
  readonly games?: number;
  readonly deviation?: number;
  readonly volatility?: number;
}

export interface CheckedImport {
  readonly listDate: string;
  readonly identities: ReadonlyArray<Omit<PlayerIdentity, 'mergedInto'>>;
  readonly entries: readonly ImportedEntry[];
}

export const IMPORT_RULE = 'issue 31: a rating-list import is recorded whole or not at all; each line has the columns its engine needs, inside its domain';
export const IMPORTED_PERIOD = '@import';

const ID = /^[A-Za-z0-9._-]{1,64}$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const WHOLE = /^\d{1,9}$/;

/** What each engine needs beyond federation id, name, country, rating and date. */
function needs(e: EngineProfile): { games: boolean; deviation: boolean } {
  if (e.engine === 'glicko2') return { games: false, deviation: true };
  if (e.engine === 'egd-gor') return { games: false, deviation: false };
  return { games: true, deviation: false };
}

/** The engine profile an import names: one Arbitra runs for the discipline, and not the mahjong ranking (built from results). */
export function importProfile(discipline: Discipline, engine: { readonly name: string; readonly version: number }): RatingProfile {
  const profile = resolveProfile(discipline, engine);
  if (profile.engine.engine === 'mahjong-ranking')
    invalid('ratings/import-engine', 'the mahjong ranking is computed from tournament results: a list of scores cannot start it', IMPORT_RULE, 'engine');
  return profile;
}

/** Refused columns in the header: unknown names, names written twice, and the ones the engine needs that are missing. */
export function headerProblems(columns: readonly string[], e: EngineProfile): string[] {
  const out: string[] = [];
  for (const c of columns) if (!(IMPORT_COLUMNS as readonly string[]).includes(c)) out.push(`unknown column ${c}; columns: ${IMPORT_COLUMNS.join(', ')}`);
  // A column written twice says two things for each player (the CSV reader would keep the last): neither is chosen.
  for (const c of new Set(columns.filter((c, i) => columns.indexOf(c) !== i))) out.push(`column ${c} is written more than once`);
  const need = needs(e);
  const required = ['federationId', 'name', 'country', 'rating', 'date', ...(need.games ? ['games'] : []), ...(need.deviation ? ['deviation'] : [])];
  for (const c of required) if (!columns.includes(c)) out.push(`column ${c} is required for ${e.engine}`);
  return out;
}

/** Every line checked against the engine and the registry: the problems (all of them), or the identities and entries to record. */
export function checkImport(lines: readonly ImportLine[], e: EngineProfile, registry: RegistryState): { problems: LineProblem[]; checked: CheckedImport } {
  const problems: LineProblem[] = [];
  const domain = engineDomain(e);
  const need = needs(e);
  const identities: Array<Omit<PlayerIdentity, 'mergedInto'>> = [];
  const entries: ImportedEntry[] = [];
  const seenFed = new Map<string, number>();
  const seenId = new Map<string, number>();
  const listDate = lines[0]?.cells.date?.trim() ?? '';
  if (lines.length === 0) problems.push({ line: 1, column: 'file', message: 'the list has no player lines' });
  for (const { line, cells } of lines) {
    const bad = (column: string, message: string) => problems.push({ line, column, message });
    const text = (c: ImportColumn) => cells[c]?.trim() ?? '';
    const date = text('date');
    if (!isCalendarDay(date)) bad('date', `date ${JSON.stringify(date)} is not a day (YYYY-MM-DD)`);
    else if (date !== listDate) bad('date', `date ${date} differs from the list's date ${listDate} (line 2)`);
    const fed = text('federationId');
    if (fed === '' || fed.length > 100) bad('federationId', 'a federation id of 1–100 characters is required');
    else if (seenFed.has(fed)) bad('federationId', `federation id ${fed} is also on line ${seenFed.get(fed)}`);
    else seenFed.set(fed, line);
    const known = fed === '' ? undefined : registry.byFederationId[fed];
    const id = text('id') || known || fed;
    // A repeated or missing federation id is the line's fault already: its id is checked only on a line that holds one.
    if (seenFed.get(fed) === line) {
      if (!ID.test(id)) bad('id', `${JSON.stringify(id)} is not a player id (1–64 letters, digits, . _ -): give an id column`);
      else if (seenId.has(id)) bad('id', `player id ${id} is also on line ${seenId.get(id)}`);
      else if (known !== undefined && known !== id) bad('id', `federation id ${fed} is registered as player ${known}, not ${id}`);
      else if (known === undefined && registry.players[id]) bad('id', `player ${id} is registered with federation id ${registry.players[id].federationId}`);
      seenId.set(id, line);
    }
    const name = text('name');
    const country = text('country');
    if (name === '' || name.length > 200) bad('name', 'a name of 1–200 characters is required');
    if (country === '' || country.length > 10) bad('country', 'a country of 1–10 characters is required');
    const rating = num(text('rating'));
    if (rating === null || !inDomain(domain, rating))
      bad('rating', `rating ${JSON.stringify(text('rating'))} must be ${describeDomain(domain)} (${domain.rule})`);
    const gamesText = text('games');
    const games = WHOLE.test(gamesText) ? Number(gamesText) : null;
    if (gamesText === '' ? need.games : games === null) bad('games', `games must be a whole number from 0${need.games ? ` (${e.engine} needs it)` : ''}`);
    const deviation = num(text('deviation'));
    if (text('deviation') === '' ? need.deviation : deviation === null || deviation <= 0)
      bad('deviation', `deviation must be a number above 0${need.deviation ? ` (${e.engine} needs it)` : ''}`);
    const volatility = num(text('volatility'));
    if (text('volatility') !== '' && (volatility === null || volatility <= 0)) bad('volatility', 'volatility must be a number above 0');
    const birth = text('birthYear');
    if (birth !== '' && !(/^\d{4}$/.test(birth) && Number(birth) >= 1900 && Number(birth) <= 2100)) bad('birthYear', 'birthYear is a year from 1900 to 2100');
    if (rating === null || !inDomain(domain, rating)) continue;
    if (known === undefined && ID.test(id) && name !== '' && country !== '')
      identities.push({ id, federationId: fed, name, country, ...(birth !== '' && { birthYear: Number(birth) }) });
    entries.push({
      player: id,
      rating,
      ...(games !== null && { games }),
      ...(deviation !== null && need.deviation && { deviation }),
      ...(volatility !== null && need.deviation && { volatility }),
    });
  }
  return { problems, checked: { listDate, identities, entries } };
}

function num(s: string): number | null {
  if (!NUMBER.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** An imported entry as the engine's record: provisional by the engine's own rule; activity starts with Arbitra's games. */
export function importedRecord(x: ImportedEntry, e: EngineProfile): PlayerRating {
  const games = x.games ?? 0;
  const base = { rating: x.rating, games, lastPlayed: null, recent: [] };
  switch (e.engine) {
    case 'glicko2': {
      const deviation = x.deviation ?? e.initialDeviation;
      return { ...base, deviation, volatility: x.volatility ?? e.initialVolatility, provisional: deviation > e.provisionalDeviation };
    }
    case 'fide-rapid':
      return { ...base, provisional: games < e.k.newcomerUntilGames };
    case 'wespa-elo':
      return { ...base, provisional: games < e.provisionalGames };
    case 'egd-gor':
      return { ...base, provisional: games < e.provisionalGames };
    case 'mahjong-ranking':
      return { ...base, provisional: true };
  }
}

/** The starting list: every imported player with their record; unranked (no game of theirs is on Arbitra's record yet). */
export function importedList(
  entries: readonly ImportedEntry[],
  listDate: string,
  profile: RatingProfile,
  identities: Readonly<Record<string, { name: string; country: string }>>,
): RatingList {
  const after = new Map(entries.map((x) => [x.player, importedRecord(x, profile.engine)]));
  return listFromTables(new Map(), after, { period: IMPORTED_PERIOD, closesOn: listDate, tournaments: [] }, profile, identities);
}
