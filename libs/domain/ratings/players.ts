import type { CommandUnion } from '../kernel/command.js';
import { assertNever, type Decider, type DomainEvent } from '../kernel/decider.js';
import { invalid, notFound, refuse } from '../kernel/errors.js';
import type { Discipline } from '../standings/results.js';
import { checkImport, IMPORT_RULE, importProfile, type ImportedEntry, type ImportLine } from './list-import.js';

/**
 * A player's identity across tournaments (issue 15, "Rating periods and lists"): federation id, name, country; a duplicate
 * identity is merged into the one kept by an event (nothing registered is edited). One registry per federation.
 */
export interface PlayerIdentity {
  readonly id: string;
  readonly federationId: string;
  readonly name: string;
  /** ISO 3166-1 alpha-3 as federations write it (e.g. HKG), or any code the federation uses. */
  readonly country: string;
  readonly birthYear?: number;
  /** The identity this one was merged into; null while it stands on its own. */
  readonly mergedInto: string | null;
}

export interface RegistryState {
  readonly players: Readonly<Record<string, PlayerIdentity>>;
  readonly byFederationId: Readonly<Record<string, string>>;
  /** Disciplines whose starting list was imported (issue 31): one import each. Absent in registries folded before. */
  readonly imported?: Readonly<Record<string, { readonly listDate: string; readonly sha256: string }>>;
}

export type PlayerRegistered = DomainEvent<'players.PlayerRegistered', Omit<PlayerIdentity, 'mergedInto'>>;
export type PlayersMerged = DomainEvent<
  'players.PlayersMerged',
  { readonly survivor: string; readonly duplicate: string; readonly reason: string; readonly decidedBy: string }
>;
/** A federation's current list imported as a discipline's starting list: new identities and every line's record, with provenance. */
export type ListImported = DomainEvent<
  'players.ListImported',
  {
    readonly discipline: Discipline;
    readonly listDate: string;
    readonly engine: { readonly name: string; readonly version: number };
    readonly source: { readonly sha256: string; readonly lines: number; readonly fileName?: string };
    readonly importedBy: string;
    readonly importedAt: string;
    readonly identities: ReadonlyArray<Omit<PlayerIdentity, 'mergedInto'>>;
    readonly entries: readonly ImportedEntry[];
  }
>;
export type PlayerEvent = PlayerRegistered | PlayersMerged | ListImported;

export type PlayerCommand = CommandUnion<{
  readonly 'players.register-player': Omit<PlayerIdentity, 'mergedInto'>;
  readonly 'players.merge-players': { readonly survivor: string; readonly duplicate: string; readonly reason: string };
  readonly 'players.import-list': {
    readonly discipline: Discipline;
    readonly engine: { readonly name: string; readonly version: number };
    readonly sha256: string;
    readonly fileName?: string;
    readonly lines: readonly ImportLine[];
  };
}>;

const RULE = {
  unique: 'Arbitra player registry: one identity per player id and per federation id',
  merge: 'Arbitra player registry: a duplicate is merged into another standing identity, once, with a reason',
  fields: 'Arbitra player registry: an identity has a federation id, a name and a country',
};
const ID = /^[A-Za-z0-9._-]{1,64}$/;

export const initialRegistry = (): RegistryState => ({ players: {}, byFederationId: {} });

/** The identity a player id stands for now, following merges. */
export function resolvePlayer(s: RegistryState, id: string): PlayerIdentity | undefined {
  let p = s.players[id];
  for (let hops = 0; p?.mergedInto && hops < 64; hops++) p = s.players[p.mergedInto];
  return p;
}

/** The standing identity of a federation id (after merges). */
export const byFederationId = (s: RegistryState, federationId: string): PlayerIdentity | undefined => {
  const id = s.byFederationId[federationId];
  return id === undefined ? undefined : resolvePlayer(s, id);
};

export function evolveRegistry(s: RegistryState, e: PlayerEvent): RegistryState {
  switch (e.type) {
    case 'players.PlayerRegistered':
      return {
        players: { ...s.players, [e.data.id]: { ...e.data, mergedInto: null } },
        byFederationId: { ...s.byFederationId, [e.data.federationId]: e.data.id },
      };
    case 'players.PlayersMerged': {
      const dup = s.players[e.data.duplicate];
      return { ...s, players: { ...s.players, [dup.id]: { ...dup, mergedInto: e.data.survivor } } };
    }
    case 'players.ListImported': {
      const players = { ...s.players };
      const byFed = { ...s.byFederationId };
      for (const p of e.data.identities) {
        players[p.id] = { ...p, mergedInto: null };
        byFed[p.federationId] = p.id;
      }
      const imported = { ...s.imported, [e.data.discipline]: { listDate: e.data.listDate, sha256: e.data.source.sha256 } };
      return { players, byFederationId: byFed, imported };
    }
    default:
      return assertNever(e, 'player event');
  }
}

function decide(c: PlayerCommand, s: RegistryState): PlayerEvent[] {
  switch (c.type) {
    case 'players.register-player': {
      const d = c.data;
      if (!ID.test(d.id)) invalid('players/bad-id', 'a player id is 1–64 letters, digits, . _ -', RULE.fields, 'id');
      for (const f of ['federationId', 'name', 'country'] as const)
        if (typeof d[f] !== 'string' || d[f].trim() === '') invalid('players/missing-field', `${f} is required`, RULE.fields, f);
      if (s.players[d.id]) refuse('players/id-taken', `player ${d.id} is already registered`, RULE.unique, { field: 'id' });
      const holder = s.byFederationId[d.federationId];
      if (holder !== undefined)
        refuse('players/federation-id-taken', `federation id ${d.federationId} is already player ${holder}'s`, RULE.unique, { field: 'federationId' });
      return [{ type: 'players.PlayerRegistered', data: { ...d } }];
    }
    case 'players.merge-players': {
      const { survivor, duplicate, reason } = c.data;
      if (typeof reason !== 'string' || reason.trim() === '') invalid('players/reason-required', 'a merge needs a reason', RULE.merge, 'reason');
      if (survivor === duplicate) invalid('players/merge-self', 'a player cannot be merged into themself', RULE.merge, 'duplicate');
      const dup = s.players[duplicate];
      const keep = s.players[survivor];
      if (!dup) notFound('players/unknown-player', `no player ${duplicate}`, 'duplicate');
      if (!keep) notFound('players/unknown-player', `no player ${survivor}`, 'survivor');
      if (dup.mergedInto !== null)
        refuse('players/already-merged', `${duplicate} was already merged into ${dup.mergedInto}`, RULE.merge, { field: 'duplicate' });
      if (resolvePlayer(s, survivor)?.id !== survivor)
        refuse('players/survivor-merged', `${survivor} was itself merged into ${keep.mergedInto}; merge into that identity`, RULE.merge, { field: 'survivor' });
      return [{ type: 'players.PlayersMerged', data: { survivor, duplicate, reason, decidedBy: c.context.actor.id } }];
    }
    case 'players.import-list': {
      const d = c.data;
      const profile = importProfile(d.discipline, d.engine);
      const had = s.imported?.[d.discipline];
      if (had)
        refuse('players/list-imported', `a ${d.discipline} list dated ${had.listDate} was imported already (sha256 ${had.sha256})`, IMPORT_RULE, {
          field: 'discipline',
        });
      if (!/^[0-9a-f]{64}$/.test(d.sha256)) invalid('players/bad-hash', 'sha256 is the file hash, 64 hex digits', IMPORT_RULE, 'sha256');
      const { problems, checked } = checkImport(d.lines, profile.engine, s);
      if (problems.length > 0) {
        const first = problems[0];
        invalid(
          'players/import-lines',
          `${problems.length} line(s) refused; line ${first.line}: ${first.message}`,
          IMPORT_RULE,
          `line ${first.line}: ${first.column}`,
          { lines: problems },
        );
      }
      const source = { sha256: d.sha256, lines: d.lines.length, ...(d.fileName !== undefined && { fileName: d.fileName }) };
      return [
        {
          type: 'players.ListImported',
          data: { discipline: d.discipline, engine: d.engine, source, importedBy: c.context.actor.id, importedAt: c.context.at, ...checked },
        },
      ];
    }
    default:
      return assertNever(c, 'player command');
  }
}

export const playersDecider: Decider<PlayerCommand, PlayerEvent, RegistryState> = { initialState: initialRegistry, decide, evolve: evolveRegistry };
