import { initialTournamentState } from '../../../domain/tournament/index.js';
import { TournamentLive, type WebhookAudience } from '../../../domain/webhooks/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { ArbitraCore } from '../../arbitra-core.js';
import { gameFeaturesOf } from '../../games/index.js';

/** How many tournaments' public views a webhook keeps folded (the least recently created one goes; it is read again when needed). */
export const FOLDS = 64;

/** A tournament's public view, folded up to (not including) revision `next`; `shown`: the public's messages before it. */
export interface TournamentFold {
  readonly live: TournamentLive;
  next: number;
  shown: number;
}

/** The public view before an event: the fold, and how many messages the public saw before it (its public revision). */
export type PublicBefore = Pick<TournamentFold, 'live' | 'shown'>;

/** Does `viewFor` need the tournament's public view folded before `e` (`live`) to render it for `audience`? */
export const needsTournamentView = (audience: WebhookAudience, e: RecordedEvent): boolean => audience === 'public' && e.stream.startsWith('tournament-');

/** The public view of a tournament's stream, folded up to (not including) `e`, and the count of its messages. */
export async function tournamentBefore(core: ArbitraCore, e: RecordedEvent): Promise<PublicBefore> {
  const before = await core.store.readStream(e.stream, 0, e.revision);
  const live = new TournamentLive(initialTournamentState(), false);
  return { live, shown: live.render(before.map((x) => core.upcasters.upcast(x))).length };
}

/**
 * The event as the webhook's audience sees it, or null when it sees nothing of it: everything as recorded; the
 * public: a tournament's events as its public live view, `revision` and `position` counting the public's own messages
 * (0, 1, 2…, as the public live stream's ids: a gap, or the log's position, would tell that something unpublished was
 * recorded, issue 32), a game's (`position`: its revision) with
 * hidden tiles redacted while the game hides them (as GET …/events), and nothing of any other stream (appeals,
 * penalty ledgers, tokens).
 */
export async function viewFor(core: ArbitraCore, e: RecordedEvent, audience: WebhookAudience, view: PublicBefore | undefined): Promise<object | null> {
  // One literal with every key, not `{ ...plain, data }`: a spread followed by new keys is slow on Node 20.
  const plain = (data: unknown, revision = e.revision, position = e.position) => ({
    id: e.id,
    stream: e.stream,
    revision,
    position,
    type: e.type,
    recordedAt: e.meta.recordedAt,
    data,
  });
  if (audience === 'everything') return plain(e.data);
  if (view) {
    const m = view.live.peek(e);
    return m ? plain((m.data as { data: unknown }).data, view.shown, view.shown) : null;
  }
  const feature = gameFeaturesOf(core.options.features).find((f) => e.stream.startsWith(`${f.aggregate.name}-`));
  if (!feature) return null;
  const { state } = await core.commands.load(feature.aggregate, e.stream);
  const viewer = feature.hidesInformation(state as never) ? ({ kind: 'public' } as const) : ({ kind: 'all' } as const);
  // A game's revision in place of the log's position, as the public reads a game (issue 32).
  return plain(feature.redactEventData(e as never, viewer), e.revision, e.revision);
}

/**
 * The tournament view a webhook keeps folded for `e`'s stream (at most FOLDS of them), folded up to `e`: kept when
 * the previous event it rendered was the one before `e`, else dropped and, when `needed`, read again before `e`.
 */
export async function foldBefore(
  core: ArbitraCore,
  folds: Map<string, TournamentFold>,
  e: RecordedEvent,
  needed: boolean,
): Promise<TournamentFold | undefined> {
  let fold = folds.get(e.stream);
  if (fold && fold.next !== e.revision) {
    folds.delete(e.stream);
    fold = undefined;
  }
  if (!fold && needed) {
    fold = { ...(await tournamentBefore(core, e)), next: e.revision };
    if (folds.size >= FOLDS) folds.delete(folds.keys().next().value as string);
    folds.set(e.stream, fold);
  }
  return fold;
}

/** The event as `audience` sees it, its tournament view (if it needs one) read for it alone. */
export async function viewAlone(core: ArbitraCore, e: RecordedEvent, audience: WebhookAudience): Promise<object | null> {
  const live = needsTournamentView(audience, e) ? await tournamentBefore(core, e) : undefined;
  return viewFor(core, e, audience, live);
}
