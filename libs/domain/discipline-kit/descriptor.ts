import type { AppealProfile } from '../appeals/appeal-profile.js';
import type { ContestedKind } from '../appeals/appeals.types.js';
import type { Actor } from '../kernel/command.js';
import type { PairingSystem } from '../pairing/types.js';
import type { PenaltyKind } from '../penalties/penalties.types.js';
import type { PenaltyProfile } from '../penalties/penalty-profile.js';
import type { EngineName, RatingProfile } from '../ratings/profiles.js';
import type { Discipline } from '../standings/results.js';
import type { TieBreakCode } from '../standings/tie-breaks.js';
import type { RulesProfile } from '../tournament/profiles.js';
import type { DisciplinePages } from './pages.js';
import { ARBITRA_DEFAULT_APPEAL, DEFAULT_PENALTY_KINDS, DEFAULT_RATING, winDrawLossProfile } from './defaults.js';

/** A recorded event as a descriptor reads it (the store's RecordedEvent has at least these fields). */
export interface RecordedFact {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly meta: { readonly actor: Actor; readonly recordedAt: string };
}

/**
 * An event type that records a decision an appeal can contest: its kind, and what it was about where the record
 * says (a Go game's end reason, a ledger penalty's `kind:offence`). With `rulingGrounds`, an event recorded on one
 * of those grounds is the arbiter's ruling rather than `kind` (a Go game the arbiter ended by rule is not a result of play).
 */
export interface ContestableDecision {
  readonly type: string;
  readonly kind: Exclude<ContestedKind, 'other'>;
  readonly ground?: (data: unknown) => string | null;
  readonly rulingGrounds?: readonly string[];
}

/** A penalty as a game recorded it, before the game's link and seats are known (game-penalties.process.ts). */
export interface GamePenalty {
  readonly seat: number;
  /** Who sat in the seat, when the game names them (a mahjong substitute); else the seat's player as started. */
  readonly player?: string;
  readonly kind: PenaltyKind;
  readonly amount?: number;
  readonly offence: string;
  readonly section: string;
  readonly reason: string;
  readonly by: Actor;
}

/**
 * The tournament rules that are one discipline's own, read by the shared tournament decider (decide-setup.ts,
 * result-input.ts, rounds-per-day.ts) instead of a branch on the discipline's name. Each value carries its rule citation.
 */
export interface DisciplineTournamentRules {
  /** Profile fields only the disciplines naming them may set (every other field is open to all), each with its rule. */
  readonly profileFields: Readonly<Partial<Record<keyof RulesProfile, string>>>;
  /** Counts a played two-player result may carry besides outcome and score, only for the disciplines naming them. */
  readonly resultCounts: Readonly<Partial<Record<'games' | 'captured', string>>>;
  /** The most rounds a day a tournament of this profile may pair, with the rule; null where the rules set no limit. */
  readonly roundsPerDay: { readonly limit: (profile: RulesProfile) => number; readonly rule: string } | null;
}

/**
 * Everything the shared services need from one discipline, declared once in the discipline's folder. Shared services
 * read it through the registry (registry.ts); none keeps a table keyed by discipline.
 */
export interface DisciplineDescriptor {
  readonly id: Discipline;
  /** The name of its folders (`libs/{domain/disciplines,runtime/features,api}/<folder>/`): the records app loads it from there. */
  readonly folder: string;
  readonly game: {
    /** The game aggregate: its streams are `<aggregate>-<gameId>` (the GameFeature's aggregate name). */
    readonly aggregate: string;
    /** The stream's first event, naming the players and the link. */
    readonly startEvent: string;
    /** The events that end the session: a deadline counted from the session end runs from the first of them. */
    readonly sessionEnds: readonly string[];
    /** Every player who played in the game (the parties of its decisions), from its stream's events. */
    readonly players: (events: readonly RecordedFact[]) => string[];
  };
  /** The default tournament profile (how results count in standings, the format, scores). */
  readonly tournament: RulesProfile;
  // Issue 28: the discipline's own tournament rules (default: none; DisciplineTournamentRules).
  readonly tournamentRules: DisciplineTournamentRules;
  /** The tie-breaks a tournament of the discipline may choose from. */
  readonly tieBreaks: readonly TieBreakCode[];
  /**
   * Pairing: `systems`, the systems written for this discipline's rules (no other discipline may use them; every other
   * system is open to all); `default`, what a tournament gets when its creation names none (null: it must name one).
   */
  readonly pairing: { readonly systems: readonly PairingSystem[]; readonly default: readonly PairingSystem[] | null };
  /** The rating engines that fit, and the default rating profile. */
  readonly ratings: {
    readonly engines: readonly EngineName[];
    readonly profile: RatingProfile;
    /** A rated division carries its standings' placings (every player's place), which the discipline's ranking reads. */
    readonly placings: boolean;
  };
  /** The appeal profile and the discipline's own decisions that can be contested (tournament decisions are shared). */
  readonly appeals: { readonly profile: AppealProfile; readonly decisions: readonly ContestableDecision[] };
  /** The penalty profile, and the game events whose penalties go to the tournament's ledger (with how each maps). */
  readonly penalties: {
    readonly profile: PenaltyProfile;
    /** The game's tournament result leaves its point penalties out (mahjong): the standings deduct them from the ledger. */
    readonly notInResult: boolean;
    readonly inGame: Readonly<Record<string, (e: RecordedFact) => GamePenalty | null>>;
  };
  // Issue 28 (pages): the public pages' and the appeal timeline's view of the discipline (names, record link, board).
  readonly pages: DisciplinePages;
}

/** What a discipline writes: its id, game and the parts that differ from the defaults. */
export interface DisciplineSpec {
  readonly id: Discipline;
  /** Default: the id. */
  readonly folder?: string;
  readonly game: Pick<DisciplineDescriptor['game'], 'aggregate' | 'startEvent' | 'sessionEnds'> & Partial<DisciplineDescriptor['game']>;
  readonly tournament?: RulesProfile;
  // Issue 28: default no profile fields or result counts of its own, no rounds-a-day limit.
  readonly tournamentRules?: Partial<DisciplineTournamentRules>;
  readonly tieBreaks?: readonly TieBreakCode[];
  readonly pairing?: Partial<DisciplineDescriptor['pairing']>;
  readonly ratings?: Partial<DisciplineDescriptor['ratings']>;
  readonly appeals?: Partial<DisciplineDescriptor['appeals']>;
  readonly penalties?: {
    readonly profile?: Partial<Omit<PenaltyProfile, 'name' | 'discipline'>>;
    readonly notInResult?: boolean;
    readonly inGame?: DisciplineDescriptor['penalties']['inGame'];
  };
  // Issue 28 (pages): default its id as its name, no record link, the shared game page, no board in the timeline.
  readonly pages?: Partial<DisciplinePages>;
}

/** The players a start event names (`players: [{ id }]`): the default for every game that seats its players at the start. */
export function playersAtStart(startEvent: string): (events: readonly RecordedFact[]) => string[] {
  return (events) => {
    const start = events.find((e) => e.type === startEvent);
    const players = (start?.data as { players?: readonly { id?: unknown }[] } | undefined)?.players ?? [];
    return players.map((p) => p.id).filter((id): id is string => typeof id === 'string');
  };
}

/**
 * A descriptor with Arbitra's defaults for what the discipline does not say: a win/draw/loss tournament profile named
 * after the discipline with its own tie-breaks, no pairing systems of its own and no default one, Glicko-2 ratings, Arbitra's default appeal workflow with no decisions of
 * its own, warnings and points in the penalty ledger and no in-game penalties, the players named by the start event.
 */
export function defineDiscipline(spec: DisciplineSpec): DisciplineDescriptor {
  const tournament = spec.tournament ?? winDrawLossProfile({ name: spec.id, discipline: spec.id, scores: 'none', tieBreaks: [] });
  const penalty = spec.penalties?.profile;
  return {
    id: spec.id,
    folder: spec.folder ?? spec.id,
    game: { players: playersAtStart(spec.game.startEvent), ...spec.game },
    tournament,
    // Issue 28: the discipline's own tournament rules.
    tournamentRules: { profileFields: {}, resultCounts: {}, roundsPerDay: null, ...spec.tournamentRules },
    tieBreaks: spec.tieBreaks ?? tournament.tieBreaks,
    pairing: { systems: [], default: null, ...spec.pairing },
    ratings: { ...DEFAULT_RATING, ...spec.ratings },
    appeals: { profile: ARBITRA_DEFAULT_APPEAL, decisions: [], ...spec.appeals },
    penalties: {
      profile: { name: tournament.name, discipline: spec.id, kinds: penalty?.kinds ?? DEFAULT_PENALTY_KINDS, escalation: penalty?.escalation ?? null },
      notInResult: spec.penalties?.notInResult ?? false,
      inGame: spec.penalties?.inGame ?? {},
    },
    // Issue 28 (pages).
    pages: { names: { en: spec.id, 'zh-Hant': spec.id }, record: null, shows: 'board', game: null, decision: null, ...spec.pages },
  };
}
