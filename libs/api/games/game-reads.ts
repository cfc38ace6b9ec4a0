/** Reads every discipline shares: a game's events as the reader may see them. */
import type { Command, DomainEvent } from '../../domain/kernel/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { streamOf } from '../../runtime/command-handler.js';
import { publicGameAsOf, readGameDocument, type GameFeature, type Viewer } from '../../runtime/games/index.js';
import type { EventMeta, RecordedEvent } from '../../store/event-store.port.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { awaitApplied, awaitPosition, waitForQuery } from '../command-request.js';
import { isOfficialFor, viewerFor, type GameFacts } from './game-access.js';
import { loadGame, unknownGame } from './game-runner.js';

/**
 * What of an event's meta a game's reader gets. A hash commits to the whole event, hidden tiles included, and so does
 * the command's fingerprint: a reader who may not see the tiles could test guesses against either (a 2-tile draw falls
 * in milliseconds), so one who sees the game redacted gets neither, nor the stream chain's `prevHash`, which is the
 * hash of the event before. The global chain's `globalPrevHash` is the hash of the event before in the whole log, of
 * any stream (another game's hidden draw): no game reader gets it. Auditors read the chains whole through the admin
 * routes (`/v1/streams`, `/v1/events`, `/v1/audit/verify`).
 */
function visibleMeta(meta: EventMeta, seesAll: boolean) {
  const { hash, prevHash, globalPrevHash: _otherStreams, commandFingerprint, ...rest } = meta;
  return seesAll ? { ...rest, ...(commandFingerprint !== undefined && { commandFingerprint }), prevHash, hash } : rest;
}

/**
 * An event as the viewer may see it (a plain object), hidden information redacted by the discipline. `official`: the
 * reader is an official of the game; anyone else reads the game's revision as `position` (issue 32: the log's position
 * counts every event recorded on the server, unpublished ones included).
 */
export function redactEvent(feature: Pick<GameFeature<never, DomainEvent, unknown>, 'redactEventData'>, e: RecordedEvent, v: Viewer, official = false) {
  const seesAll = v.kind === 'all';
  const position = official ? e.position : e.revision;
  const plain = { id: e.id, stream: e.stream, revision: e.revision, position, type: e.type, meta: visibleMeta(e.meta, seesAll) };
  return { ...plain, data: seesAll ? e.data : feature.redactEventData(e, v) };
}

/** Every event of a game, in order, as `who` may see them (404 for an unknown game). */
export async function gameEvents<C extends Command, E extends DomainEvent, S, B, X extends object>(
  core: ArbitraCore,
  feature: GameFeature<C, E, S, B, X>,
  id: string,
  who: Principal | undefined,
) {
  const g = await loadGame(core, feature, id);
  const viewer = viewerFor(who, g, feature.hidesInformation(g.state));
  const official = isOfficialFor(who, g);
  const stream = streamOf(feature.aggregate, id);
  const events = await core.store.readStream(stream);
  return { id, stream, revision: g.revision, events: events.map((e) => redactEvent(feature, e, viewer, official)) };
}

/**
 * Read-your-writes on one game's reads: `?waitFor=` is a number its reader was given. A game's officials give the log's
 * position (awaitPosition); anyone else the game's revision, the `position` of his command answers and of the game's
 * reads (issue 32): held until the read models have applied the game's event of that revision, or everything recorded
 * for a number past the game. Either wait covers the same number read as a log position (an event's position is at
 * least its revision), so a client holding one still reads its write.
 */
export async function awaitGamePosition<C extends Command, E extends DomainEvent, S, B, X extends object>(
  core: ArbitraCore,
  feature: GameFeature<C, E, S, B, X>,
  id: string,
  request: AuthedRequest,
  maxMs: number,
): Promise<void> {
  const revision = waitForQuery(request);
  if (revision === undefined) return;
  const game = await loadGame(core, feature, id);
  if (isOfficialFor(request.principal, game)) return awaitPosition(request, core, maxMs);
  const [event] = revision <= game.revision ? await core.store.readStream(streamOf(feature.aggregate, id), revision, 1) : [];
  await awaitApplied(core.projections, event ? event.position : await core.store.headPosition(), maxMs, false);
}

/**
 * A game's read-model document and what `who` may see of it: the viewer, and the state redacted by
 * the discipline (404 for an unknown game). Call after `awaitGamePosition` for read-your-writes.
 */
export function readGame<C extends Command, E extends DomainEvent, S, B, X extends object>(
  core: ArbitraCore,
  feature: GameFeature<C, E, S, B, X>,
  id: string,
  who: Principal | undefined,
) {
  const doc = readGameDocument<S, X>(core.readModels, feature, id);
  if (!doc || !feature.exists(doc.state)) throw unknownGame(id, feature.discipline);
  const facts: GameFacts = { id, players: feature.players(doc.state), link: feature.link(doc.state), createdBy: doc.createdBy };
  const viewer = viewerFor(who, facts, feature.hidesInformation(doc.state));
  // The game's officials read the log's position; anyone else the game's revision in its place (issue 32).
  const shown = isOfficialFor(who, facts) ? doc : Object.assign({}, doc, { asOf: publicGameAsOf(doc.asOf) });
  return { doc: shown, facts, viewer, state: feature.redactState(doc.state, viewer) };
}
