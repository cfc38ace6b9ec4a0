/** Reads every discipline shares: a game's events as the reader may see them. */
import type { DomainEvent } from '../../domain/kernel/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { streamOf } from '../../runtime/command-handler.js';
import type { GameFeature, Viewer } from '../../runtime/games/index.js';
import type { RecordedEvent } from '../../store/event-store.port.js';
import type { Principal } from '../auth/principal.js';
import { viewerFor } from './game-access.js';
import { loadGame } from './game-runner.js';

/** An event as the viewer may see it (a plain object), hidden information redacted by the discipline. */
export function redactEvent(feature: Pick<GameFeature<never, DomainEvent, unknown>, 'redactEventData'>, e: RecordedEvent, v: Viewer) {
  const plain = { id: e.id, stream: e.stream, revision: e.revision, position: e.position, type: e.type, data: e.data, meta: e.meta };
  return v.kind === 'all' ? plain : { ...plain, data: feature.redactEventData(e, v) };
}

/** Every event of a game, in order, as `who` may see them (404 for an unknown game). */
export async function gameEvents<C, E extends DomainEvent, S, B, X extends object>(core: ArbitraCore, feature: GameFeature<C, E, S, B, X>, id: string, who: Principal | undefined) {
  const g = await loadGame(core, feature, id);
  const viewer = viewerFor(who, g, feature.hidesInformation(g.state));
  const stream = streamOf(feature.aggregate, id);
  const events = await core.store.readStream(stream);
  return { id, stream, revision: g.revision, events: events.map((e) => redactEvent(feature, e, viewer)) };
}
