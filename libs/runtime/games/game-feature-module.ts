/** A GameFeature as a runtime Feature (its aggregate, read model and result poster): one registry line per discipline. */
import type { Feature } from '../arbitra-core.js';
import type { AnyGameFeature } from './game-feature.js';
import { gamesProjectionFor } from './game-read-model.js';
import { resultPosterFor } from './result-poster.js';

export interface GameFeatureModule extends Feature {
  readonly game: AnyGameFeature;
}

export function gameFeatureModule(game: AnyGameFeature, extra: Omit<Feature, 'name'> = {}): GameFeatureModule {
  return {
    name: game.discipline,
    aggregates: [game.aggregate, ...(extra.aggregates ?? [])],
    projections: [gamesProjectionFor(game), ...(extra.projections ?? [])],
    processManagers: [resultPosterFor(game), ...(extra.processManagers ?? [])],
    ...(extra.upcasters && { upcasters: extra.upcasters }),
    game,
  };
}

/** The game features among the registered features (for the cross-discipline list). */
export function gameFeaturesOf(features: readonly Feature[]): AnyGameFeature[] {
  return features.flatMap((f) => ('game' in f && f.game ? [(f as GameFeatureModule).game] : []));
}
