import type { DisciplineDescriptor } from '../../domain/discipline-kit/descriptor.js';
import type { PageLang } from '../../domain/discipline-kit/pages.js';
import { DESCRIPTORS } from '../../domain/discipline-kit/registry.js';
import type { Feature } from '../../runtime/arbitra-core.js';
import { gameFeaturesOf, gamesProjectionName, linkedGames, type AnyGameFeature } from '../../runtime/games/index.js';

/**
 * A discipline's game page is `/pages/games/<folder>/:id` (its folder names its API routes too, `/v1/<folder>/games`):
 * the descriptor of a page's path segment, or undefined.
 */
export function gamePageDescriptor(segment: string): DisciplineDescriptor | undefined {
  return DESCRIPTORS.find((d) => d.folder === segment);
}

/** The game feature (aggregate, read model, public view) of a discipline's games, among the features the app runs. */
export function gameFeatureOf(features: readonly Feature[], d: DisciplineDescriptor): AnyGameFeature | undefined {
  return gameFeaturesOf(features).find((f) => f.aggregate.name === d.game.aggregate);
}

export interface RecordLink {
  readonly href: string;
  /** The record's format, in the page's language. */
  readonly format: string;
  /** The game's page (issue 35): its discipline's segment and id, and whether it shows a board or a score card. */
  readonly game: { readonly discipline: string; readonly id: string; readonly shows: 'board' | 'card' };
}

/**
 * The export of a game's record (its format and the API route) as the discipline declares it (issue 35: the page links
 * to the API's own export, which applies its own public view); none when the discipline declares no export.
 */
export function recordOf(d: DisciplineDescriptor, id: string, lang: PageLang): RecordLink[] {
  const r = d.pages.record;
  return r ? [{ href: r.href(encodeURIComponent(id)), format: r.format[lang], game: { discipline: d.folder, id, shows: d.pages.shows } }] : [];
}

/**
 * The records of the games linked to a division's round and table (games recorded through Arbitra; a result entered
 * by an arbiter has none). The player page shows published rounds only, so no link names an unpublished round's game.
 */
export function recordLinks(
  readModels: Parameters<typeof linkedGames>[0],
  features: readonly Feature[],
  discipline: string,
  at: { tournamentId: string; division: string },
  lang: PageLang,
): (round: number, table: number | null) => RecordLink[] {
  const d = DESCRIPTORS.find((x) => x.id === discipline);
  const feature = d && gameFeatureOf(features, d);
  if (!d || !feature || !d.pages.record) return () => [];
  const games = linkedGames(readModels, gamesProjectionName(feature), at);
  return (round, table) =>
    table === null
      ? []
      : games
          .filter((g) => g.link?.round === round && g.link.table === table)
          .sort((a, b) => a.id.localeCompare(b.id))
          .flatMap((g) => recordOf(d, g.id, lang));
}
