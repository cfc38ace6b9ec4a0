import type { Actor, RecordSource } from '../../../domain/kernel/index.js';
import type { PairingResult, PairingSystem } from '../../../domain/pairing/index.js';
import type { CrosstableRow, Discipline, GameResult, Penalty, StandingsRow } from '../../../domain/standings/index.js';
import type { PairingMethod, PlayerState, RoundPairing, RoundStatus, TournamentSettings } from '../../../domain/tournament/index.js';

/**
 * Names and document shapes of the tournament read models. Every document is plain JSON and is
 * keyed by the tournament id (`<id>`), or `<id>/<division>` and `<id>/<division>/<round>` for the
 * per-division and per-round documents.
 */
export const TOURNAMENTS_PROJECTION = 'tournaments';

export const COLLECTIONS = {
  /** The tournament's folded decider state (OpenTournament): the source every other document derives from. */
  state: 'state',
  summary: 'summary',
  /** Small entries for GET /v1/tournaments. */
  index: 'index',
  round: 'round',
  standings: 'standings',
  crosstable: 'crosstable',
  provisional: 'provisional',
} as const;

export const STREAM_PREFIX = 'tournament-';

export function tournamentIdOf(stream: string): string {
  return stream.startsWith(STREAM_PREFIX) ? stream.slice(STREAM_PREFIX.length) : stream;
}

export const divisionKey = (id: string, division: string): string => `${id}/${division}`;
export const roundDocKey = (id: string, division: string, round: number): string => `${id}/${division}/${round}`;

/**
 * Where the read model stands on the tournament's stream when the document was written. The public's (anyone but the
 * tournament's officials, issue 32) counts only the changes it saw: `revision` and `position` are both 0 at the creation, then
 * 1, 2… with each change of what the public sees, and `at` is that change's time, so none moves with what is unpublished.
 */
export interface AsOf {
  /** Stream revision (use it as `If-Match`); the public's: its last change, counted from 0 (the creation). */
  readonly revision: number;
  /** Global log position (use it as `?waitFor=`); the public's: the same as its revision. */
  readonly position: number;
  readonly at: string;
}

export interface RoundOverview {
  readonly division: string;
  readonly round: number;
  readonly status: RoundStatus;
  /** False while the round is only paired: such a round is shown to the tournament's officials only. */
  readonly published: boolean;
  readonly method: PairingMethod['kind'];
  readonly system: PairingSystem | null;
  readonly tables: number;
  readonly bye: string | null;
  /** Knockout: every bye-holder when there are several (`bye` is the first). */
  readonly byes?: readonly string[];
  readonly missing: readonly number[];
}

export interface TournamentSummary extends Omit<TournamentSettings, 'source'> {
  /** An imported tournament's file (format, SHA-256, who imported it and when, its header records); null when recorded here. */
  readonly imported: RecordSource | null;
  /** `withdrawn`: a withdrawal is recorded (from `withdrawnFromRound` on). */
  readonly players: ReadonlyArray<PlayerState & { readonly withdrawn: boolean }>;
  /** How many pairs are kept apart (their reasons are not public). */
  readonly forbiddenPairings: number;
  readonly rounds: readonly RoundOverview[];
  readonly penalties: readonly Penalty[];
  readonly asOf: AsOf;
}

export interface TournamentListItem {
  readonly id: string;
  readonly name: string;
  readonly discipline: Discipline;
  readonly divisions: readonly string[];
  readonly players: number;
  /** Shown only to the tournament's officials (it counts unpublished rounds). */
  readonly roundsPaired?: number;
  readonly roundsPublished: number;
  readonly asOf: AsOf;
}

/** The list entry as stored: with the public's asOf (the changes of what the public sees, issue 32), served to the public as `asOf`. */
export interface TournamentIndexEntry extends TournamentListItem {
  readonly publicAsOf: AsOf;
}

export interface CorrectionEntry {
  readonly table: number;
  readonly corrects: GameResult;
  readonly result: GameResult;
  readonly reason: string;
  readonly decidedBy: Actor;
  readonly at: string;
}

export interface RoundDocument extends RoundPairing {
  readonly tournament: string;
  readonly status: RoundStatus;
  /** Keyed by `t<table>`, `bye`, or `bye:<player>` (a knockout's further byes). */
  readonly results: Readonly<Record<string, GameResult>>;
  /** Tables still without a result. */
  readonly missing: readonly number[];
  readonly corrections: readonly CorrectionEntry[];
  readonly pairedAt: string;
  readonly publishedAt: string | null;
  readonly lockedAt: string | null;
  readonly asOf: AsOf;
}

export interface StandingsDocument {
  readonly tournament: string;
  readonly division: string;
  /** The last complete round counted: every result of rounds 1..N is in (null before round 1 is complete). */
  readonly throughRound: number | null;
  /**
   * A round after `throughRound` some of whose results (or its bye) are already counted, else null.
   * Its results count in the score; for a player still without a result in it the round is not yet
   * played, so their tie-breaks stay those through `throughRound` (standings.ts `completeThrough`).
   */
  readonly roundInProgress: number | null;
  /** Unpublished rounds counted here: always empty for the public, who never see them; officials see them marked here. */
  readonly unpublishedRounds: readonly number[];
  readonly rows: readonly StandingsRow[];
  readonly asOf: AsOf;
}

export interface CrosstableDocument {
  readonly tournament: string;
  readonly division: string;
  /** As in StandingsDocument. */
  readonly unpublishedRounds: readonly number[];
  readonly rows: readonly CrosstableRow[];
  readonly asOf: AsOf;
}

export type ProvisionalOutcome =
  | { readonly status: 'paired'; readonly pairing: PairingResult }
  | { readonly status: 'refused'; readonly type: string; readonly message: string; readonly rule: string | null };

export interface ProvisionalDocument {
  readonly tournament: string;
  readonly division: string;
  /** The next round of the division (last paired + 1). */
  readonly round: number;
  /** The seed used; pairing the round with this seed (the server default) gives the same pairing while nothing changes. */
  readonly seed: string;
  /** Tables of the current round still without a result: the provisional pairing assumes they stay as they are. */
  readonly pendingTables: readonly number[];
  readonly systems: Readonly<Partial<Record<PairingSystem, ProvisionalOutcome>>>;
  readonly asOf: AsOf;
}
