import type { Penalty } from '../standings/results.js';
import { evolveTournament, penaltyPublished, type TournamentEvent, type TournamentState } from '../tournament/index.js';

/** A stored event as far as the views need it (the store's StoredEvent). */
export interface StoredEvent {
  readonly type: string;
  readonly revision: number;
  readonly position: number;
  readonly data: unknown;
  readonly meta: { readonly recordedAt: string; readonly actor: unknown };
}

/** One event of a live view: `id` the stream revision, `data` what the viewer may see. */
export interface ViewMessage {
  readonly id: number;
  readonly event: string;
  readonly data: unknown;
}

/**
 * A tournament's events as a live view (server-sent events, webhooks), for officials as recorded, for anyone else as the public views show
 * them (RULES.unpublishedHidden): a round's pairing, its bye and anything recorded before its publication are
 * withheld; the publication carries the round as published (`published`: pairing and the results it then has). Forbidden
 * pairings, the reasons of absences and withdrawals, and who recorded what stay with the officials. Each message's id is the revision.
 * Folds the stream as it goes: `state` is the tournament before the next event.
 */
export class TournamentLive {
  constructor(
    private state: TournamentState,
    private readonly official: boolean,
  ) {}

  render(events: readonly StoredEvent[]): ViewMessage[] {
    const out: ViewMessage[] = [];
    for (const e of events) {
      const before = this.state;
      this.state = evolveTournament(before, e as unknown as TournamentEvent);
      const m = this.official ? this.asRecorded(e) : this.asPublic(e, before, this.state);
      if (m) out.push(m);
    }
    return out;
  }

  /** The next event as the viewer sees it, without advancing the fold. */
  peek(e: StoredEvent): ViewMessage | null {
    const after = evolveTournament(this.state, e as unknown as TournamentEvent);
    return this.official ? this.asRecorded(e) : this.asPublic(e, this.state, after);
  }

  private asRecorded(e: StoredEvent): ViewMessage {
    return {
      id: e.revision,
      event: e.type,
      data: { type: e.type, revision: e.revision, position: e.position, recordedAt: e.meta.recordedAt, actor: e.meta.actor, data: e.data },
    };
  }

  private asPublic(e: StoredEvent, before: TournamentState, after: TournamentState): ViewMessage | null {
    // One literal with every key, not `{ ...base, data }`: a spread followed by new keys is slow on Node 20.
    const base = (data: unknown) => ({ type: e.type, revision: e.revision, position: e.position, recordedAt: e.meta.recordedAt, data });
    const d = e.data as { division?: string; round?: number };
    const roundOf = (s: TournamentState) => (s.status === 'open' && d.division !== undefined ? s.rounds[`${d.division}/${d.round}`] : undefined);
    switch (e.type) {
      case 'tournament.RoundPaired':
      case 'tournament.PairingForbidden':
        return null;
      case 'tournament.PlayerWithdrawn':
      case 'tournament.PlayerMarkedAbsent': {
        // The summary shows who is out and when, not why.
        const { reason: _reason, ...rest } = e.data as { reason?: unknown };
        return { id: e.revision, event: e.type, data: base(rest) };
      }
      case 'tournament.ResultRecorded':
      case 'tournament.ResultCorrected':
        return roundOf(before)?.status === 'paired' ? null : { id: e.revision, event: e.type, data: base(e.data) };
      case 'tournament.PenaltyApplied':
        // Public once its round is published (issue 32): then it comes with the round's publication.
        return penaltyPublished(after, e.data as Penalty) ? { id: e.revision, event: e.type, data: base(e.data) } : null;
      case 'tournament.RoundPublished': {
        const r = roundOf(after);
        const round = r && {
          division: r.division,
          round: r.round,
          method: r.method.kind === 'manual' ? { kind: 'manual', reason: r.method.reason } : r.method,
          games: r.games,
          tables: r.tables,
          bye: r.bye,
          ...(r.byes !== undefined && { byes: r.byes }),
          ...(r.day !== undefined && { day: r.day }),
          results: r.results,
          penalties:
            after.status === 'open' ? after.penalties.filter((p) => p.round === r.round && !penaltyPublished(before, p) && penaltyPublished(after, p)) : [],
        };
        return { id: e.revision, event: e.type, data: base(Object.assign({}, e.data as object, { published: round })) };
      }
      default:
        return { id: e.revision, event: e.type, data: base(e.data) };
    }
  }
}
