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
  private after = 0;
  private lastHash: string | null = null;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly store: Pick<EventStore, 'readAll'>) {}

  /** Reads what was appended since the last call. */
  update(): Promise<void> {
    this.pending = this.pending.then(async () => {
      for (;;) {
        const page = await this.store.readAll(this.after, 2000);
        if (page.length === 0) return;
        for (const e of page) this.add(e);
        this.after = page[page.length - 1].position;
        this.lastHash = page[page.length - 1].meta.hash;
      }
    });
    return this.pending;
  }

  add(e: RecordedEvent): void {
    for (const t of tournamentsNamed(e)) {
      let set = this.streams.get(t);
      if (!set) this.streams.set(t, (set = new Set()));
      set.add(e.stream);
    }
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
