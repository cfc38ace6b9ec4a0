import type { AppealEvent, Remedy } from '../../../domain/appeals/index.js';
import { gameStreamOf } from '../../../domain/discipline-kit/registry.js';
import type { Actor } from '../../../domain/kernel/index.js';
import { changesPublicView, penaltyPublished, tournamentDecider, type TournamentState } from '../../../domain/tournament/index.js';
import type { EventStore, RecordedEvent } from '../../../store/event-store.port.js';
import type { UpcasterRegistry } from '../../../store/upcasters.js';
import type { RefusedReaction } from '../../process-manager.js';
import type { ReadModelStore } from '../../projections/read-model-store.js';
import { foldTournamentEvent, handlesTournamentEvent, standingsOf } from '../tournament/index.js';
import { decisionTime } from './contested.js';
import { eventsCausedBy, locateEvent, type LocatedEventWithData } from './event-index.projection.js';
import { reactionCommandId } from '../../process-manager.js';
import { REMEDIES_PM, sentRemedy } from './remedies.process-manager.js';
import { summarise } from './timeline-summary.js';

/** One event of the contested game or record, around the decision, with the clock as last read. */
export interface ContextEntry {
  /** Its stream revision for officials; for anyone else its ordinal among the events shown (a game's: its revision). */
  readonly revision: number;
  readonly type: string;
  readonly at: string;
  readonly by: string;
  readonly summary: string;
  /** Remaining time per seat (ms) as last read at or before this event, and whether this event read it. */
  readonly clock: { readonly remainingMs: readonly number[]; readonly readHere: boolean } | null;
  readonly contested: boolean;
}

export interface StandingsLine {
  readonly rank: number;
  readonly player: string;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly spread: number;
  readonly score: number;
}

export interface RemedyEffect {
  /** `position`: the log's for officials; for anyone else the tournament's public position just after it (its public `asOf`). */
  readonly event: { readonly id: string; readonly type: string; readonly position: number; readonly at: string; readonly by: Actor; readonly data: unknown };
  readonly result: { readonly before: unknown; readonly after: unknown } | null;
  readonly standings: { readonly division: string; readonly before: StandingsLine[]; readonly after: StandingsLine[] } | null;
}

/**
 * An entry's `position` orders the timeline: for officials a step's log position (a remedy's: its decision's plus a
 * thousandth per remedy); for anyone else the appeal stream's revision instead (issue 32: no count of other records).
 */
export type TimelineEntry =
  | {
      readonly kind: 'step';
      readonly position: number;
      readonly step: string;
      readonly at: string;
      readonly by: Actor;
      readonly details: Record<string, unknown>;
    }
  | {
      readonly kind: 'remedy';
      readonly position: number;
      readonly remedy: Remedy;
      /** applied (a command recorded it), refused (the target refused it; why), or recorded (the decision itself is the order). */
      readonly status: 'applied' | 'refused' | 'recorded' | 'pending';
      readonly effect: RemedyEffect | null;
      readonly refusal: { readonly type: string; readonly message: string; readonly rule: string | null } | null;
    };

export interface Timeline {
  readonly appealId: string;
  readonly tournamentId: string;
  readonly discipline: string;
  readonly profile: string;
  readonly step: string;
  readonly contested: {
    readonly eventId: string;
    readonly stream: string;
    readonly type: string;
    readonly kind: string;
    readonly at: string;
    readonly decidedBy: Actor;
    readonly summary: string;
    readonly data: unknown;
    readonly context: ContextEntry[];
    /**
     * The position just before the decision, as the game's discipline declares it (its descriptor's `pages.decision`):
     * a board's rows (Scrabble's 15), a chess FEN; null when the discipline shows none.
     */
    readonly board: readonly string[] | null;
    readonly chessFen: string | null;
  } | null;
  readonly entries: TimelineEntry[];
  /** Which numbers it carries: the log's positions (officials), or the appeal's revisions and the tournament's public positions. */
  readonly positions: 'log' | 'public';
}

export interface TimelineSources {
  readonly store: EventStore;
  readonly readModels: ReadModelStore;
  readonly upcasters: UpcasterRegistry;
  readonly refused: () => RefusedReaction[];
  /** The game features (their stream name and public redaction): a game's context is shown as the public sees it. */
  readonly games?: readonly { readonly aggregate: { readonly name: string }; redactEventData(e: RecordedEvent, viewer: { kind: 'public' }): unknown }[];
}

/** Who reads the timeline: the tournament's officials (and admin) see the context unredacted and of any stream. */
export interface TimelineViewer {
  readonly official: boolean;
}

const STEP_OF: Record<AppealEvent['type'], string> = {
  'appeals.AppealLodged': 'lodged',
  'appeals.AppealAcknowledged': 'acknowledged',
  'appeals.CommitteeFormed': 'committee formed',
  'appeals.StatementAttached': 'statement attached',
  'appeals.HearingScheduled': 'hearing scheduled',
  'appeals.HearingHeld': 'hearing held',
  'appeals.AppealDecided': 'decided',
  'appeals.AppealFinalised': 'final',
};
const CONTEXT_BEFORE = 6;
const CONTEXT_AFTER = 3;

function line(r: { rank: number; player: string; wins: number; losses: number; draws: number; spread: number; score: number }): StandingsLine {
  return { rank: r.rank, player: r.player, wins: r.wins, losses: r.losses, draws: r.draws, spread: r.spread, score: r.score };
}

/** A copy of a recorded event with other data (its fields named: a stored event's may not be own properties). */
const withData = (e: RecordedEvent, data: unknown): RecordedEvent =>
  ({ id: e.id, stream: e.stream, revision: e.revision, position: e.position, type: e.type, meta: e.meta, data }) as RecordedEvent;

/**
 * The events of the contested stream a viewer may see as context (issue 10 review: the context leaked private
 * log parts): a game's events, redacted as the public sees them unless the viewer is an official; in the
 * penalty ledger only the entries of the same target player, and for a non-official only those of a round the
 * public sees (`penaltyPublished` of the tournament as it stands, issue 32); no context from an appeal's or a
 * tournament's stream except for officials. The contested event is always kept (its index in the result is returned).
 */
export function visibleContext(
  src: TimelineSources,
  viewer: TimelineViewer,
  events: readonly RecordedEvent[],
  index: number,
  tournament: TournamentState | null,
) {
  const stream = events[index].stream;
  const game = src.games?.find((g) => stream.startsWith(`${g.aggregate.name}-`));
  let kept: RecordedEvent[];
  if (game) kept = viewer.official ? [...events] : events.map((e) => withData(e, game.redactEventData(e, { kind: 'public' })));
  else if (stream.startsWith('penalties-')) {
    const targetOf = new Map<string, { player: string; round?: number }>();
    for (const e of events) {
      const d = e.data as { penaltyId?: string; target?: { player?: string; round?: number } };
      if (e.type === 'penalties.PenaltyIssued' && d.penaltyId && d.target?.player)
        targetOf.set(d.penaltyId, { player: d.target.player, round: d.target.round });
    }
    const targetIn = (e: RecordedEvent) => targetOf.get((e.data as { penaltyId?: string }).penaltyId ?? '');
    const player = targetIn(events[index])?.player;
    // A non-official reads a ledger entry only as the public may: of a round published (no round or tournament: none).
    const shown = (t: { player: string; round?: number }) =>
      viewer.official || (tournament !== null && t.round !== undefined && penaltyPublished(tournament, { player: t.player, round: t.round }));
    kept = events.filter((e, i) => {
      const t = targetIn(e);
      return i === index || (player !== undefined && t?.player === player && shown(t));
    });
  } else kept = viewer.official ? [...events] : [events[index]];
  return { kept, at: kept.findIndex((e) => e.id === events[index].id) };
}

function context(events: readonly RecordedEvent[], index: number, official: boolean): ContextEntry[] {
  let clock: readonly number[] | null = null;
  const out: ContextEntry[] = [];
  events.forEach((e, i) => {
    const read = (e.data as { remainingMs?: unknown }).remainingMs;
    const readHere = Array.isArray(read);
    if (readHere) clock = read as number[];
    if (i < index - CONTEXT_BEFORE || i > index + CONTEXT_AFTER) return;
    out.push({
      revision: official ? e.revision : i,
      type: e.type,
      at: decisionTime(e),
      by: e.meta.actor.id,
      summary: summarise(e),
      clock: clock ? { remainingMs: clock, readHere } : null,
      contested: i === index,
    });
  });
  return out;
}

/** Is this event (caused by the decision) the application of this remedy? */
function matches(remedy: Remedy, e: LocatedEventWithData): boolean {
  const d = e.data as { round?: number; table?: number; penaltyId?: string };
  if (remedy.kind === 'correct-result') return e.type === 'tournament.ResultCorrected' && d.round === remedy.round && d.table === remedy.table;
  if (remedy.kind === 'cancel-penalty') return e.type === 'penalties.PenaltyCancelled' && d.penaltyId === remedy.penaltyId;
  if (remedy.kind === 'reduce-penalty') return e.type === 'penalties.PenaltyReduced' && d.penaltyId === remedy.penaltyId;
  return false;
}

/**
 * Standings of a division just before and just after one event of the tournament's stream, as the standings
 * read model has them: the tournament's events and its penalty ledger's, in log order (public view).
 */
export function standingsAround(history: readonly RecordedEvent[], position: number, division: string) {
  const before = history.filter((e) => e.position < position).reduce(foldTournamentEvent, tournamentDecider.initialState());
  const at = history.find((e) => e.position === position);
  const after = at ? foldTournamentEvent(before, at) : before;
  if (before.status !== 'open' || after.status !== 'open') return null;
  const asOf = { revision: at?.revision ?? -1, position: 0, at: '' };
  return {
    division,
    before: standingsOf(before, division, asOf).rows.map(line),
    after: standingsOf(after, division, asOf).rows.map(line),
  };
}

/** A tournament's history with its penalty ledger, in log order: the standings read model's input. */
async function tournamentHistory(read: (stream: string) => Promise<RecordedEvent[]>, id: string): Promise<RecordedEvent[]> {
  return [...(await read(`tournament-${id}`)), ...(await read(`penalties-${id}`))].sort((a, b) => a.position - b.position);
}

/**
 * The tournament's public position just after one of its events (issue 32), as its public `asOf` counts: 0 at the
 * creation, then one per event that changed what the public sees (the tournaments projection's `publicAsOf`).
 */
export function publicPositionAt(history: readonly RecordedEvent[], id: string): number {
  let state = tournamentDecider.initialState();
  let n = -1;
  for (const e of history) {
    const next = handlesTournamentEvent(e.type) ? foldTournamentEvent(state, e) : null;
    if (next?.status === 'open') {
      if (n < 0 || changesPublicView(e, state, next)) n++;
      state = next;
    }
    if (e.id === id) break;
  }
  return n;
}

/**
 * The written appeal timeline, rebuilt from the log on every request: the contested decision with the
 * events around it (clock readings carried), every appeal step in log order, and every remedy with its
 * effect on the result and the standings. A pure function of the log (no clock): identical on every rebuild.
 */
export async function buildTimeline(src: TimelineSources, appealStream: string, viewer: TimelineViewer): Promise<Timeline | null> {
  const read = async (stream: string) => (await src.store.readStream(stream)).map((e) => src.upcasters.upcast(e));
  const appeal = await read(appealStream);
  if (appeal.length === 0) return null;
  const lodged = appeal[0].data as Extract<AppealEvent, { type: 'appeals.AppealLodged' }>['data'];
  let contested: Timeline['contested'] = null;
  const located = locateEvent(src.readModels, lodged.contested.eventId);
  if (located) {
    const stream = await read(located.stream);
    const index = stream.findIndex((e) => e.id === located.id);
    const e = stream[index];
    const position = gameStreamOf(located.stream)?.descriptor.pages.decision?.position(stream.slice(0, index)) ?? null;
    // A non-official's ledger context is checked against the tournament as it stands (which rounds are published).
    const ledgerOf = !viewer.official && located.stream.startsWith('penalties-') ? located.stream.slice('penalties-'.length) : null;
    const tournament = ledgerOf === null ? null : (await read(`tournament-${ledgerOf}`)).reduce(foldTournamentEvent, tournamentDecider.initialState());
    const shown = visibleContext(src, viewer, stream, index, tournament);
    contested = {
      eventId: e.id,
      stream: e.stream,
      type: e.type,
      kind: lodged.contested.kind,
      at: decisionTime(e),
      decidedBy: e.meta.actor,
      summary: summarise(shown.kept[shown.at]),
      data: shown.kept[shown.at].data,
      context: context(shown.kept, shown.at, viewer.official),
      board: position?.board ?? null,
      chessFen: position?.chessFen ?? null,
    };
  }
  const entries: TimelineEntry[] = [];
  let tournament: RecordedEvent[] | null = null;
  // Officials read log positions; anyone else the appeal's own revisions (issue 32: the log's count other records).
  const order = (e: RecordedEvent) => (viewer.official ? e.position : e.revision);
  for (const e of appeal) {
    const { by, at, ...details } = e.data as { by: Actor; at: string } & Record<string, unknown>;
    entries.push({ kind: 'step', position: order(e), step: STEP_OF[e.type as AppealEvent['type']] ?? e.type, at, by, details });
    if (e.type !== 'appeals.AppealDecided') continue;
    const decided = e.data as Extract<AppealEvent, { type: 'appeals.AppealDecided' }>['data'];
    const caused = eventsCausedBy(src.readModels, e.id);
    const refusals = src.refused().filter((r) => r.cause.eventId === e.id);
    let sent = 0;
    for (const [i, remedy] of decided.remedies.entries()) {
      // Remedies follow their decision, in the order it gave them (an applied one names its own event's position).
      const fallback = order(e) + (i + 1) / 1000;
      if (!sentRemedy(remedy)) {
        entries.push({ kind: 'remedy', position: fallback, remedy, status: 'recorded', effect: null, refusal: null });
        continue;
      }
      const commandIndex = sent++;
      const refusal = refusals.find((r) => r.commandId === reactionCommandId(REMEDIES_PM, e.id, commandIndex));
      const applied = caused.find((c) => matches(remedy, c));
      if (refusal) {
        entries.push({ kind: 'remedy', position: fallback, remedy, status: 'refused', effect: null, refusal: refusal.refusal });
      } else if (applied) {
        const inTournament = applied.stream.startsWith('tournament-');
        // The tournament's history with its penalty ledger, in log order: the standings read model's input.
        tournament ??= inTournament ? await tournamentHistory(read, applied.stream.slice('tournament-'.length)) : null;
        const stream = inTournament ? tournament! : await read(applied.stream);
        const ev = stream.find((x) => x.id === applied.id)!;
        const data = ev.data as { division?: string; corrects?: unknown; result?: unknown };
        const tournamentId = /^(?:tournament|penalties)-(.*)$/.exec(ev.stream)?.[1];
        const history = viewer.official || tournamentId === undefined ? null : inTournament ? stream : await tournamentHistory(read, tournamentId);
        // Another stream's event (no remedy sends one yet): its revision, never the log's position, to non-officials.
        const position = history ? publicPositionAt(history, ev.id) : viewer.official ? ev.position : ev.revision;
        entries.push({
          kind: 'remedy',
          position: fallback,
          remedy,
          status: 'applied',
          effect: {
            event: { id: ev.id, type: ev.type, position, at: ev.meta.recordedAt, by: ev.meta.actor, data: ev.data },
            result: ev.type === 'tournament.ResultCorrected' ? { before: data.corrects, after: data.result } : null,
            standings: ev.stream.startsWith('tournament-') && data.division ? standingsAround(stream, ev.position, data.division) : null,
          },
          refusal: null,
        });
      } else {
        entries.push({ kind: 'remedy', position: fallback, remedy, status: 'pending', effect: null, refusal: null });
      }
    }
  }
  entries.sort((a, b) => a.position - b.position);
  return {
    appealId: lodged.appealId,
    tournamentId: lodged.tournamentId,
    discipline: lodged.discipline,
    profile: lodged.profile,
    step: (entries.filter((x) => x.kind === 'step').at(-1) as { step: string }).step,
    contested,
    entries,
    positions: viewer.official ? 'log' : 'public',
  };
}
