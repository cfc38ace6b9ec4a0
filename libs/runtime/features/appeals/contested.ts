import type { AppealProfileId, ContestedDecision, ContestedKind } from '../../../domain/appeals/index.js';
import type { Actor } from '../../../domain/kernel/index.js';
import type { EventStore, RecordedEvent } from '../../../store/event-store.port.js';
import { streamOf } from '../../command-handler.js';
import { AppealAggregate } from './appeals.aggregate.js';

/** What kind of decision a recorded event is, by its type ('other' is not a decision and cannot be appealed). */
export function classify(type: string): ContestedKind {
  if (type === 'appeals.AppealDecided') return 'appeal-decision';
  if (type === 'scrabble.ChallengeResolved' || type === 'scrabble.LateChallengeAllowed') return 'challenge-adjudication';
  if (/\.(RoundPaired)$/.test(type)) return 'pairing';
  if (
    /\.(ResultRecorded|ResultCorrected|GameFinished|SignedResultCorrected|GameForfeited|ScoreCorrected)$/.test(type) ||
    type === 'chess.GameEnded' ||
    type === 'go.GameEnded'
  )
    return 'result';
  if (/Penalty(Issued|Applied|Reduced|Imposed)$/.test(type) || type === 'scrabble.TimePenaltyApplied') return 'penalty';
  if (/\.(IncidentRecorded|ExtraTimeGranted|ClockSwitched|RulingRecorded|DrawClaimRefused|TimeAdded|\w*Ruled)$/.test(type)) return 'ruling';
  return 'other';
}

/** A Go game ended by the arbiter's ruling (go.rule-loss, an absence): a ruling, not a result of play. */
const GO_RULED_ENDS: readonly string[] = ['absence', 'withdrawal', 'retraction', 'defiance'];

/**
 * What a decision was about, where its record says: a Go game's end reason; a ledger penalty's kind and offence code
 * (`warning:etiquette`): a correction (a warning) and a sanction for the same offence are not the same decision.
 */
function groundOf(e: RecordedEvent): string | null {
  const d = (e.data ?? {}) as { result?: { reason?: unknown }; offence?: unknown; kind?: unknown };
  if (e.type === 'go.GameEnded' && typeof d.result?.reason === 'string') return d.result.reason;
  if (e.type === 'penalties.PenaltyIssued' && typeof d.offence === 'string') return `${String(d.kind)}:${d.offence}`;
  return null;
}

/** Remedy events: found by their cause (the appeal decision). */
export const REMEDY_EVENT_TYPES: ReadonlySet<string> = new Set(['tournament.ResultCorrected', 'penalties.PenaltyCancelled', 'penalties.PenaltyReduced']);

/** The time a decision was taken: the observed time it carries (a table event's `at`), else when it was recorded. */
export function decisionTime(e: RecordedEvent): string {
  const at = (e.data as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? at : e.meta.recordedAt;
}

const OFFICIAL_ROLES: readonly string[] = ['arbiter', 'chief-arbiter'];
/** A game's session ends with its end (any discipline: `<discipline>.GameEnded`, a forfeit, the finished result). */
const SESSION_END = /\.(GameEnded|GameForfeited|GameFinished)$/;
/** Game streams are `<discipline>-game-<id>`; their first event names the players. */
const isGameStream = (stream: string) => /^[a-z]+-game-/.test(stream);

interface PlayerRef {
  readonly id?: string;
}
function partiesOf(e: RecordedEvent, streamEvents: readonly RecordedEvent[]): string[] {
  const d = e.data as Record<string, unknown>;
  if (e.type === 'appeals.AppealDecided') {
    // An appeal decision concerns the player the earlier appeal was for and the parties of the decision it contested.
    const lodged = streamEvents[0]?.data as { appellant?: { forPlayer?: string }; contested?: { parties?: string[] } } | undefined;
    return [...new Set([lodged?.appellant?.forPlayer ?? '', ...(lodged?.contested?.parties ?? [])].filter(Boolean))];
  }
  const created = isGameStream(e.stream) ? streamEvents[0] : undefined;
  if (created) return ((created.data as { players?: PlayerRef[] }).players ?? []).map((p) => p.id ?? '').filter(Boolean);
  const result = d.result as { first?: string; second?: string | null } | undefined;
  if (result?.first) return [result.first, ...(result.second ? [result.second] : [])];
  if (typeof d.player === 'string') return [d.player];
  const target = d.target as { player?: string } | undefined;
  if (target?.player) return [target.player];
  const games = d.games as { first: string; second: string }[] | undefined;
  if (games) return [...games.flatMap((g) => [g.first, g.second]), ...(typeof d.bye === 'string' ? [d.bye] : [])];
  return [];
}

/**
 * The contested decision as recorded: found by event id through the index, read from its stream (the
 * store is read, never changed). Its session end is the game's end for a game event (null while it is
 * played), the decision itself for a tournament decision.
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
  return { decision: behind ? remedyAsDecision(e, streamEvents, behind) : decisionOf(e, streamEvents), tournamentId: tournamentOf(e, streamEvents) };
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
  const asDecision = decisionOf(decided, appealStream);
  const appealId = (decided.data as { appealId: string }).appealId;
  return {
    ...asDecision,
    eventId: e.id,
    stream: e.stream,
    type: e.type,
    parties: [...new Set([...asDecision.parties, ...partiesOf(e, streamEvents)])],
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

function decisionOf(e: RecordedEvent, streamEvents: readonly RecordedEvent[]): ContestedDecision {
  const isGame = isGameStream(e.stream);
  const end = isGame ? streamEvents.find((x) => SESSION_END.test(x.type)) : e;
  const officials = [...new Set(streamEvents.filter((x) => OFFICIAL_ROLES.includes(x.meta.actor.role)).map((x) => x.meta.actor.id))].sort();
  let appealProfile: AppealProfileId | null = null;
  const isAppealDecision = e.type === 'appeals.AppealDecided';
  if (isAppealDecision) appealProfile = (streamEvents[0].data as { profile: AppealProfileId }).profile;
  const by: Actor = e.meta.actor;
  const ground = groundOf(e);
  return {
    eventId: e.id,
    stream: e.stream,
    type: e.type,
    kind: e.type === 'go.GameEnded' && ground !== null && GO_RULED_ENDS.includes(ground) ? 'ruling' : classify(e.type),
    recordedAt: decisionTime(e),
    sessionEndedAt: end ? decisionTime(end) : null,
    decidedBy: { id: by.id, role: by.role },
    parties: partiesOf(e, streamEvents),
    // An appeal decision's officials are its committee (the member who recorded it is one of them).
    officials: isGame ? officials : isAppealDecision ? committeeOf(streamEvents, e) : [by.id],
    appealProfile,
    ...(ground !== null && { ground }),
  };
}
