/**
 * The rules profile: every limit and penalty of a game is a value here, with the default taken
 * from the seed text (the WESPA summary, scrabble-wespa-summary.zh-hant.txt) or, where the seed is
 * silent, from the published WESPA Rules v3 (marked as such).
 */
export type ChallengePenalty =
  /** Double challenge: the unsuccessful challenger loses their next turn. */
  | { readonly kind: 'lose-turn' }
  /** Single challenge: points per challenged word, deducted from the challenger or added to the player. */
  | { readonly kind: 'points-per-word'; readonly points: number; readonly appliedTo: 'challenger-deducted' | 'player-bonus' }
  | { readonly kind: 'none' };

export type OvertimeLimitOutcome =
  /** The game ends; time penalties apply; each player loses their own rack; TD called. */
  | 'game-ends-racks-deducted'
  /** The player over the limit forfeits (opponent wins by the forfeit spread); TD called. */
  | 'overtime-player-forfeits';

export interface ScrabbleProfile {
  /** Seed 過時: "25分鐘時限". */
  readonly timePerSideMs: number;
  /** Seed 過時: "每過1分鐘扣10分（不足1分鐘作1分鐘計）". */
  readonly overtimePenaltyPerMinute: number;
  /** Seed 過時: "如果過時10分鐘，遊戲結束。請通知比賽總監". */
  readonly overtimeLimitMs: number;
  /** Seed is silent on the outcome beyond "遊戲結束…通知比賽總監": default keeps the scores and calls the TD. */
  readonly overtimeLimitOutcome: OvertimeLimitOutcome;
  /** Seed Hold: "如已「Hold」超過30秒，你可抽取替代棋子". */
  readonly holdBeforeDrawMs: number;
  /** A hold longer than this is flagged as possible misconduct (seed Challenge: "說「Hold」令對方不能抽字。此舉是不道德行為"). Not a seed number. */
  readonly holdMisconductMs: number;
  /** Seed 更換棋子: "棋袋裡需至少有7枚棋子". */
  readonly exchangeMinBag: number;
  /** Seed 6次0分: "連續6步…均為0分，遊戲即時中止". */
  readonly scorelessTurnsToEnd: number;
  /** Seed 餘下之棋子: "對手仍在棋架上的棋子之分數總和乘以2". */
  readonly goingOutMultiplier: number;
  /** Seed 重新計算分數: "如果最終分數差距少於20分". */
  readonly recountMarginBelow: number;
  /** Seed 缺席: "放棄 - 即對手勝100分". */
  readonly forfeitSpread: number;
  /** Seed 缺席: "如果你抵達時剩下15分鐘或以下，你可以選擇繼續棋局或放棄". */
  readonly lateArrivalOptionMs: number;
  /** Seed 出棋次序 / 檢查: 100 tiles in the set. */
  readonly tileCount: number;
  /**
   * Seed is silent on the penalty. WESPA Rules v3, Part 4 (challenges, unsuccessful challenge):
   * a points penalty per word challenged (single challenge), 5 points by default; a tournament
   * may choose otherwise (double challenge = lost turn, or 10 points per word).
   */
  readonly challengePenalty: ChallengePenalty;
}

export const DEFAULT_PROFILE: ScrabbleProfile = {
  timePerSideMs: 25 * 60_000,
  overtimePenaltyPerMinute: 10,
  overtimeLimitMs: 10 * 60_000,
  overtimeLimitOutcome: 'game-ends-racks-deducted',
  holdBeforeDrawMs: 30_000,
  holdMisconductMs: 3 * 60_000,
  exchangeMinBag: 7,
  scorelessTurnsToEnd: 6,
  goingOutMultiplier: 2,
  recountMarginBelow: 20,
  forfeitSpread: 100,
  lateArrivalOptionMs: 15 * 60_000,
  tileCount: 100,
  challengePenalty: { kind: 'points-per-word', points: 5, appliedTo: 'challenger-deducted' },
};

/** The default profile with the given overrides (undefined members ignored). Returns null if a number is not a finite value ≥ 0. */
export function makeProfile(overrides: Partial<ScrabbleProfile> = {}): ScrabbleProfile | null {
  const defined = Object.fromEntries(Object.entries(overrides ?? {}).filter(([, v]) => v !== undefined));
  const p = { ...DEFAULT_PROFILE, ...defined } as ScrabbleProfile;
  for (const [k, v] of Object.entries(p)) {
    if (
      k in DEFAULT_PROFILE &&
      typeof (DEFAULT_PROFILE as unknown as Record<string, unknown>)[k] === 'number' &&
      !(typeof v === 'number' && Number.isFinite(v) && v >= 0)
    )
      return null;
  }
  const cp = p.challengePenalty;
  if (!cp || !['lose-turn', 'points-per-word', 'none'].includes(cp.kind)) return null;
  if (cp.kind === 'points-per-word' && !(Number.isInteger(cp.points) && cp.points >= 0 && ['challenger-deducted', 'player-bonus'].includes(cp.appliedTo)))
    return null;
  if (!['game-ends-racks-deducted', 'overtime-player-forfeits'].includes(p.overtimeLimitOutcome)) return null;
  return p;
}

/** Seed 過時: 10 points per minute or part of a minute over. */
export function overtimePenalty(overMs: number, profile: ScrabbleProfile): number {
  if (overMs <= 0) return 0;
  return Math.ceil(overMs / 60_000) * profile.overtimePenaltyPerMinute;
}
