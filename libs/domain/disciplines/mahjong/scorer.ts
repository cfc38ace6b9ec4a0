/**
 * The tile scorer of the scoring folder (scoreHand), when that folder provides it. Until then a given hand
 * cannot be scored and its win is recorded on the claimed elements alone, with the reason on the record.
 */
import * as scoring from './scoring/index.js';
import type { ClaimRefusal, HandInput, HandScore, ScoringProfile } from './scoring/index.js';

type ScoreHand = (hand: HandInput, profile: ScoringProfile) => HandScore | { refused: ClaimRefusal };

export const scoreHandIfAvailable: ScoreHand | undefined = (scoring as unknown as { scoreHand?: ScoreHand }).scoreHand;
