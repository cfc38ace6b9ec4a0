import type { EventStore, RecordedEvent } from '../event-store.port.js';

/**
 * Which tournaments an event belongs to, from the event itself: its stream (`tournament-<id>`,
 * `penalties-<id>`), or its data naming the tournament (`link.tournamentId`, as a game posted to a
 * tournament records it; `tournamentId` or `tournament`, as appeals and other records do). A stream
 * belongs to a tournament when any of its events does, so a game stream is linked from its creation on.
 */
export function tournamentsNamed(e: RecordedEvent): string[] {
  const out: string[] = [];
  if (e.stream.startsWith('tournament-')) out.push(e.stream.slice('tournament-'.length));
  if (e.stream.startsWith('penalties-')) out.push(e.stream.slice('penalties-'.length));
  const d = e.data as { link?: { tournamentId?: unknown } | null; tournamentId?: unknown; tournament?: unknown } | null;
  if (d && typeof d === 'object') {
    if (d.link && typeof d.link === 'object' && typeof d.link.tournamentId === 'string') out.push(d.link.tournamentId);
    if (typeof d.tournamentId === 'string') out.push(d.tournamentId);
    if (typeof d.tournament === 'string') out.push(d.tournament);
  }
  return out;
}

/**
 * The streams of each tournament, built by reading the log once and then only what was appended
 * since (`update`), so the history endpoint does not rescan the log on every request.
 */
export class TournamentStreamIndex {
  private readonly streams = new Map<string, Set<string>>();
  /** Per tournament, its rounds paired but not yet published or locked: the position of each `RoundPaired`. */
  private readonly unpublished = new Map<string, Map<string, number>>();
  private after = 0;
  private lastHash: string | null = null;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly store: Pick<EventStore, 'readAll'>) {}

  /** Reads what was appended since the last call. */
  update(): Promise<void> {
    // After a failed read (the store briefly unreachable) the next call reads again from where it stopped.
    this.pending = this.pending
      .catch(() => undefined)
      .then(async () => {
        for (;;) {
          const page = await this.store.readAll(this.after, 2000);
          if (page.length === 0) return;
          for (const e of page) this.read(e);
        }
      });
    return this.pending;
  }

  /** The next event of the log, read elsewhere (the start's check): `update` goes on after it. */
  read(e: RecordedEvent): void {
    this.add(e);
    this.after = e.position;
    this.lastHash = e.meta.hash;
  }

  add(e: RecordedEvent): void {
    for (const t of tournamentsNamed(e)) {
      let set = this.streams.get(t);
      if (!set) this.streams.set(t, (set = new Set()));
      set.add(e.stream);
    }
    if (e.stream.startsWith('tournament-')) this.trackRound(e.stream.slice('tournament-'.length), e);
  }

  /**
   * A round is unpublished from its pairing until it is published or locked, as the tournament's fold and
   * `publishedView` (libs/domain/tournament/published-view.ts) have it: a round is paired once (RULES.roundOrder).
   */
  private trackRound(tournament: string, e: RecordedEvent): void {
    if (e.type !== 'tournament.RoundPaired' && e.type !== 'tournament.RoundPublished' && e.type !== 'tournament.RoundLocked') return;
    const d = e.data as { division?: unknown; round?: unknown };
    const key = `${String(d.division)}/${String(d.round)}`;
    let rounds = this.unpublished.get(tournament);
    if (e.type === 'tournament.RoundPaired') {
      if (!rounds) this.unpublished.set(tournament, (rounds = new Map()));
      rounds.set(key, e.position);
    } else if (rounds?.delete(key) && rounds.size === 0) this.unpublished.delete(tournament);
  }

  /**
   * The log position of the earliest pairing still unpublished (paired, neither published nor locked) in any tournament
   * but `except`, as far as the log was read; null when there is none.
   */
  earliestUnpublished(except: readonly string[] = []): number | null {
    let earliest: number | null = null;
    for (const [tournament, rounds] of this.unpublished) {
      if (except.includes(tournament)) continue;
      for (const position of rounds.values()) if (earliest === null || position < earliest) earliest = position;
    }
    return earliest;
  }

  /** The last position read, and its hash. */
  get position(): number {
    return this.after;
  }

  get headHash(): string | null {
    return this.lastHash;
  }

  /** The tournament's streams, sorted (its own stream first when it exists). */
  streamsOf(tournament: string): string[] {
    const own = `tournament-${tournament}`;
    return [...(this.streams.get(tournament) ?? [])].sort((a, b) => (a === own ? -1 : b === own ? 1 : a < b ? -1 : a > b ? 1 : 0));
  }
}
