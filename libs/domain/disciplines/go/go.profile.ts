/**
 * A Go game's rules profile, recorded whole in `go.GameStarted` (later changes to these defaults never
 * change a stored game). Each value says where it comes from: the Ing rules excerpt
 * (应氏计点制围棋规则, "Ing rules" below, by article) where the text speaks, the named profile where it does not.
 */
export type Overtime =
  /** Ing rules 第七条 延时 (1) 罚点延时 (PP): points at the end of basic time, more per fraction of basic time, loss beyond the limit. */
  | {
      readonly kind: 'penalty-points';
      /** Points at the end of basic time and again at each further step (Ing rules 第七条 (1): 罚二点). */
      readonly pointsPerStep: number;
      /** A step as a fraction of basic time, in sixths (Ing rules 第七条 (1): 基时1／6). */
      readonly stepSixths: number;
      /** Overtime beyond this many steps loses on time (Ing rules 第七条 (1): 超过基时3／6为逾时裁定败). */
      readonly lossAfterSteps: number;
    }
  /** Ing rules 第七条 延时 (2) 读秒延时 (RS): periods of so many seconds; when the last has run out, the game is lost on time. */
  | { readonly kind: 'byo-yomi'; readonly periodSeconds: number; readonly periods: number };

export interface GoRules {
  readonly name: string;
  /**
   * Points White receives (贴点). Profile value, not in the excerpt (第七–十条 set none): the Ing
   * profile's 8 points, Black winning a tie (`tieWinner`).
   */
  readonly compensation: number;
  readonly tieWinner: 'black' | 'white' | 'draw';
  /** Compensation in a handicap game (profile value; the excerpt sets none): 0 by default. */
  readonly handicapCompensation: number;
  /** Ing rules 第七条 基时: each player's basic time, fixed in advance (事先规定); the minutes are the event's (profile default 60). */
  readonly basicTimeMinutes: number;
  /** Ing rules 第七条 延时: PP or RS, named in the event's regulations (采用何种延时订明于棋赛规约中). */
  readonly overtime: Overtime;
  /** Ing rules 第八条 扣时: lateness is deducted from basic time this many times over (加倍: 2). */
  readonly latenessFactor: number;
  /**
   * Ing rules 第八条 裁败 (1) 缺席 (超过时限而未出赛): the lateness beyond which the absent player loses.
   * null: Arbitra's reading of 时限, half the basic time (doubled, the whole basic time is gone).
   */
  readonly absenceLimitMinutes: number | null;
  /**
   * Repetition: a profile choice. The excerpt has no ko rule: 第八条 免罚 (2) 误提 only exempts from penalty a
   * mistaken capture of 双热子/孪热子 that causes 同型反覆或循环. The Ing profile chooses positional super-ko
   * (no move may recreate an earlier whole-board position); the full Ing ko rule, not in the excerpt, differs.
   * 'simple-ko' forbids only the immediate retake of a single-stone ko.
   */
  readonly ko: 'positional-superko' | 'simple-ko';
  /** Suicide: profile value (the excerpt does not speak of it): forbidden by default; 'multi-stone' allows a suicide of more than one stone. */
  readonly suicide: 'forbidden' | 'multi-stone';
}

/** Ing rules 第七条 (1): 2 points at the end of basic time, 2 more beyond 1/6 and 2/6 of it, lost beyond 3/6. */
export const ING_PENALTY_POINTS: Overtime = { kind: 'penalty-points', pointsPerStep: 2, stepSixths: 1, lossAfterSteps: 3 };

export const ING_RULES: GoRules = {
  name: 'ing',
  compensation: 8,
  tieWinner: 'black',
  handicapCompensation: 0,
  basicTimeMinutes: 60,
  overtime: ING_PENALTY_POINTS,
  latenessFactor: 2,
  absenceLimitMinutes: null,
  ko: 'positional-superko',
  suicide: 'forbidden',
};

export type GoRulesOverrides = Partial<Omit<GoRules, 'name'>>;

export function effectiveRules(overrides: GoRulesOverrides = {}): GoRules {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as GoRulesOverrides;
  const o = defined.overtime;
  // Penalty points named without their amounts are the text's (第七条 延时 (1)); byo-yomi gives its own periods (checked at the start).
  const overtime: Overtime = !o ? ING_RULES.overtime : o.kind === 'penalty-points' ? { ...ING_PENALTY_POINTS, ...o } : { ...o };
  return { ...ING_RULES, ...defined, name: Object.keys(defined).length ? 'ing-custom' : 'ing', overtime };
}

export const basicMs = (rules: GoRules) => rules.basicTimeMinutes * 60_000;
export const absenceLimitMs = (rules: GoRules) => (rules.absenceLimitMinutes === null ? basicMs(rules) / 2 : rules.absenceLimitMinutes * 60_000);
