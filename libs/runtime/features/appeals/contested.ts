import { contestableDecision, decisionKindOf, type AppealProfileId, type ContestedDecision, type ContestedKind } from '../../../domain/appeals/index.js';
import type { DisciplineDescriptor } from '../../../domain/discipline-kit/descriptor.js';
import { descriptorOf, gameStreamOf } from '../../../domain/discipline-kit/registry.js';
import type { Actor } from '../../../domain/kernel/index.js';
import { DISCIPLINES, playersOf, type Discipline, type GameResult } from '../../../domain/standings/index.js';
import type { EventStore, RecordedEvent } from '../../../store/event-store.port.js';
import { streamOf } from '../../command-handler.js';
import { AppealAggregate } from './appeals.aggregate.js';

/** What kind of decision a recorded event type is ('other' is not a decision and cannot be appealed): the descriptors say. */
export function classify(type: string): ContestedKind {
  return contestableDecision(type)?.kind ?? 'other';
}

/** Remedy events: found by their cause (the appeal decision). */
export const REMEDY_EVENT_TYPES: ReadonlySet<string> = new Set(['tournament.ResultCorrected', 'penalties.PenaltyCancelled', 'penalties.PenaltyReduced']);

/** The time a decision was taken: the observed time it carries (a table event's `at`), else when it was recorded. */
export function decisionTime(e: RecordedEvent): string {
  const at = (e.data as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? at : e.meta.recordedAt;
}

const OFFICIAL_ROLES: readonly string[] = ['arbiter', 'chief-arbiter'];

/** A game's events and its descriptor: the session a game decision belongs to (its end, its players). */
interface Session {
  readonly descriptor: DisciplineDescriptor;
  readonly events: readonly RecordedEvent[];
  /** The decision is the game's own event (not a ledger copy of one). */
  readonly own: boolean;
}

/** When the session ended: the first of the descriptor's session ends (a mahjong table's locked card), or null while it is played. */
function sessionEnd(session: Session): RecordedEvent | undefined {
  return session.events.find((x) => session.descriptor.game.sessionEnds.includes(x.type));
}

function partiesOf(e: RecordedEvent, streamEvents: readonly RecordedEvent[], session: Session | null): string[] {
  const d = e.data as Record<string, unknown>;
  if (e.type === 'appeals.AppealDecided') {
    // An appeal decision concerns the player the earlier appeal was for and the parties of the decision it contested.
    const lodged = streamEvents[0]?.data as { appellant?: { forPlayer?: string }; contested?: { parties?: string[] } } | undefined;
    return [...new Set([lodged?.appellant?.forPlayer ?? '', ...(lodged?.contested?.parties ?? [])].filter(Boolean))];
  }
  // A game's decision concerns the players who played it (a mahjong table: the four seated at it), as its descriptor reads them.
  if (session?.own) return session.descriptor.game.players(streamEvents);
  const result = d.result as GameResult | { first?: string; second?: string | null } | undefined;
  if (result && 'kind' in result && typeof result.kind === 'string') return playersOf(result);
  if (result && 'first' in result && result.first) return [result.first, ...(result.second ? [result.second] : [])];
  if (typeof d.player === 'string') return [d.player];
  const target = d.target as { player?: string } | undefined;
  if (target?.player) return [target.player];
  const games = d.games as { first: string; second: string }[] | undefined;
  if (games) return [...games.flatMap((g) => [g.first, g.second]), ...(typeof d.bye === 'string' ? [d.bye] : [])];
  return [];
}

/**
 * The game session a decision belongs to: its own stream for a game's event (`<aggregate>-<gameId>`, any registered
 * discipline), the game it was applied in for a ledger penalty copied from a game (its deadline runs from that game's end).
 */
async function sessionOf(store: EventStore, e: RecordedEvent, streamEvents: readonly RecordedEvent[]): Promise<Session | null> {
  const game = gameStreamOf(e.stream);
  if (game) return { descriptor: game.descriptor, events: streamEvents, own: true };
  const d = e.data as { discipline?: Discipline; appliedIn?: { game?: string } | null } | null;
  if (e.type !== 'penalties.PenaltyIssued' || !d?.appliedIn?.game || !d.discipline || !DISCIPLINES.includes(d.discipline)) return null;
  const descriptor = descriptorOf(d.discipline);
  return { descriptor, events: await store.readStream(`${descriptor.game.aggregate}-${d.appliedIn.game}`), own: false };
}

/**
 * The contested decision as recorded: found by event id through the index, read from its stream (the
 * store is read, never changed). Its session end is the game's end for a game event or a ledger penalty applied in a
 * game (null while it is played; the descriptor names the ending events), the decision itself for a tournament decision.
 */
export async function contestedDecision(
  store: EventStore,
  located: { stream: string },
  eventId: string,
): Promise<{ decision: ContestedDecision; tournamentId: string | null } | null> {
  const streamEvents = await store.readStream(located.stream);
  const e = streamEvents.find((x) => x.id === eventId);
  if (!e) return null;
  const behind = await appealDecisionBehind(store, e);
  if (behind) return { decision: remedyAsDecision(e, streamEvents, behind), tournamentId: tournamentOf(e, streamEvents) };
  return { decision: decisionOf(e, streamEvents, await sessionOf(store, e, streamEvents)), tournamentId: tournamentOf(e, streamEvents) };
}

/** The appeal a remedy event says it applies: the committee's actor `appeal:<id>` (a result correction) or the ledger authority (a penalty). */
function appealNamedBy(e: RecordedEvent): string | null {
  const actor = e.meta.actor;
  if (actor.role === 'appeals-committee' && actor.id.startsWith('appeal:')) return actor.id.slice('appeal:'.length);
  const authority = (e.data as { authority?: { kind?: string; appealId?: unknown } } | null)?.authority;
  return authority?.kind === 'appeal' && typeof authority.appealId === 'string' ? authority.appealId : null;
}

interface DecisionBehind {
  readonly decided: RecordedEvent;
  readonly appealStream: readonly RecordedEvent[];
}

/**
 * The appeal decision a remedy event applies: the `appeals.AppealDecided` of the appeal it names, and only when
 * that decision is the event's cause (the remedies process manager sends every remedy caused by the decision).
 */
async function appealDecisionBehind(store: EventStore, e: RecordedEvent): Promise<DecisionBehind | null> {
  if (!REMEDY_EVENT_TYPES.has(e.type) || !e.meta.causationId) return null;
  const appealId = appealNamedBy(e);
  if (appealId === null) return null;
  const appealStream = await store.readStream(streamOf(AppealAggregate, appealId));
  const decided = appealStream.find((x) => x.type === 'appeals.AppealDecided' && x.id === e.meta.causationId);
  return decided ? { decided, appealStream } : null;
}

/** The committee that heard an appeal (from its stream), with whoever recorded the decision. */
function committeeOf(appealStream: readonly RecordedEvent[], decided: RecordedEvent): string[] {
  const formed = appealStream.find((x) => x.type === 'appeals.CommitteeFormed')?.data as { members?: { id: string }[] } | undefined;
  return [...new Set([...(formed?.members ?? []).map((m) => m.id), decided.meta.actor.id])].sort();
}

/**
 * A remedy event caused by an appeal decision is that decision, not a new result or penalty decision: contesting it
 * contests the committee's decision, so the decision's finality applies (APPEAL_PROFILES[…].final) and the committee
 * that took it is named as the officials involved (they may not hear an appeal against their own decision).
 */
function remedyAsDecision(e: RecordedEvent, streamEvents: readonly RecordedEvent[], { decided, appealStream }: DecisionBehind): ContestedDecision {
  const asDecision = decisionOf(decided, appealStream, null);
  const appealId = (decided.data as { appealId: string }).appealId;
  return {
    ...asDecision,
    eventId: e.id,
    stream: e.stream,
    type: e.type,
    parties: [...new Set([...asDecision.parties, ...partiesOf(e, streamEvents, null)])],
    appliesAppealDecision: { appealId, eventId: decided.id },
  };
}

/** The tournament a recorded decision belongs to: its own stream's, a linked game's, or an appeal's. */
function tournamentOf(e: RecordedEvent, streamEvents: readonly RecordedEvent[]): string | null {
  if (e.stream.startsWith('tournament-')) return e.stream.slice('tournament-'.length);
  if (e.stream.startsWith('penalties-')) return e.stream.slice('penalties-'.length);
  const first = streamEvents[0]?.data as { link?: { tournamentId?: string } | null; tournamentId?: string } | undefined;
  return first?.link?.tournamentId ?? first?.tournamentId ?? null;
}

function decisionOf(e: RecordedEvent, streamEvents: readonly RecordedEvent[], session: Session | null): ContestedDecision {
  const isGame = session?.own === true;
  const end = session ? sessionEnd(session) : e;
  const officials = [...new Set(streamEvents.filter((x) => OFFICIAL_ROLES.includes(x.meta.actor.role)).map((x) => x.meta.actor.id))].sort();
  let appealProfile: AppealProfileId | null = null;
  const isAppealDecision = e.type === 'appeals.AppealDecided';
  if (isAppealDecision) appealProfile = (streamEvents[0].data as { profile: AppealProfileId }).profile;
  const by: Actor = e.meta.actor;
  const { kind, ground } = decisionKindOf(e.type, e.data);
  return {
    eventId: e.id,
    stream: e.stream,
    type: e.type,
    kind,
    recordedAt: decisionTime(e),
    sessionEndedAt: end ? decisionTime(end) : null,
    decidedBy: { id: by.id, role: by.role },
    parties: partiesOf(e, streamEvents, session),
    // An appeal decision's officials are its committee (the member who recorded it is one of them).
    officials: isGame ? officials : isAppealDecision ? committeeOf(streamEvents, e) : [by.id],
    appealProfile,
    ...(ground !== null && { ground }),
  };
}
