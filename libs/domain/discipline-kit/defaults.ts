import type { AppealProfile } from '../appeals/appeal-profile.js';
import type { PenaltyProfile } from '../penalties/penalty-profile.js';
import { GLICKO2_V1 } from '../ratings/glicko2.js';
import type { EngineName, RatingProfile } from '../ratings/profiles.js';
import type { RulesProfile } from '../tournament/profiles.js';

/**
 * Arbitra's defaults for what a discipline's descriptor does not say (defineDiscipline). A leaf module: descriptors
 * read these while the registry is being built, so nothing here imports the registry.
 */

export const WIN_DRAW_LOSS = { win: 1, draw: 0.5, loss: 0 } as const;

/**
 * The part chess, Go and xiguaqi share: two-player games scored win/draw/loss, a bye a win with no
 * spread, no spread on a forfeit, penalties off the score. Each profile cites its source for it.
 */
export function winDrawLossProfile(p: Pick<RulesProfile, 'name' | 'discipline' | 'scores' | 'tieBreaks'>): RulesProfile {
  return {
    name: p.name,
    discipline: p.discipline,
    format: 'two-player',
    scores: p.scores,
    points: WIN_DRAW_LOSS,
    bye: { outcome: 'win', spread: 0 },
    forfeitSpread: 0,
    doubleForfeitSpread: 0,
    tieBreaks: p.tieBreaks,
    penaltiesApplyTo: 'score',
  };
}

/** Arbitra's own appeal workflow, for a discipline whose rule text says nothing on appeals. */
export const ARBITRA_DEFAULT_APPEAL: AppealProfile = {
  id: 'arbitra-default',
  lodgedWith: 'appeals-committee',
  form: 'written',
  deadline: { from: 'session-end', minutes: 30, rule: 'Arbitra default: written appeal within 30 minutes after the session' },
  committee: { size: 3, chair: true, distinctFederations: false, excludeActingOfficials: true, rule: 'Arbitra default: three members, no acting official' },
  deposit: null,
  final: false,
  chiefDecisionFinal: false,
  finalityRule: 'Arbitra default: a further appeal to the federation is possible',
  arbiterFinal: null,
};

/** Points off the standings: how the tournament's own profile applies them (penaltiesApplyTo), kept from before the ledger. */
export const POINTS_DEFAULT = 'Arbitra default: points off the offender in the standings (the tournament profile says score or spread)';
export const WARNING_DEFAULT = 'Arbitra default: a warning is recorded and counts for repeats';
export const DEFAULT_PENALTY_KINDS: PenaltyProfile['kinds'] = { warning: WARNING_DEFAULT, points: POINTS_DEFAULT };

/** Glicko-2 rates any two-player game; one game in two years keeps a player on the ranked list (Arbitra value). */
export const DEFAULT_RATING: { readonly engines: readonly EngineName[]; readonly profile: RatingProfile; readonly placings: boolean } = {
  engines: ['glicko2'],
  profile: { engine: GLICKO2_V1, ranked: { minGames: 1, windowDays: 730 } },
  placings: false,
};
