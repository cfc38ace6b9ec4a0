import type { Checkpoint } from '../checkpoints.js';
import type { TournamentStreamIndex } from './tournament-streams.js';

/** Who reads the checkpoints: admin reads them all; any other caller is an official of these tournaments (none: the public). */
export type CheckpointReader = { readonly all: true } | { readonly officialOf: readonly string[] };

/**
 * The checkpoints `reader` may see (issue 32). A checkpoint signed after a round was paired and before it was published
 * would tell the public that, and about when, something was recorded. So a reader other than admin sees them in signing
 * order up to the first one whose position is at or past the earliest pairing still unpublished in a tournament they are
 * not an official of (or past what the index has read of the log); that one and every later one wait, in order, until
 * those rounds are published. Paging by `after` therefore never skips a withheld checkpoint.
 */
export async function visibleCheckpoints<T extends Pick<Checkpoint, 'position'>>(
  list: readonly T[],
  index: TournamentStreamIndex,
  reader: CheckpointReader,
): Promise<T[]> {
  if ('all' in reader) return [...list];
  // Read after the list: the index then covers every listed checkpoint's position (each is at or before the head).
  await index.update();
  const cutoff = Math.min(index.earliestUnpublished(reader.officialOf) ?? Number.POSITIVE_INFINITY, index.position + 1);
  const held = list.findIndex((c) => c.position >= cutoff);
  return held < 0 ? [...list] : list.slice(0, held);
}
