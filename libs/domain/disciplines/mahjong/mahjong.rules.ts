/**
 * The World Mahjong Contest rules (世界麻將大賽規則) as cited by the table decider, and the table profile:
 * every limit and amount is a profile value whose default comes from the text, cited beside it.
 */
export const RULES = {
  started: 'Arbitra: a table session (半場) is started before anything is recorded at it',
  finished: 'WMC 行為守則, 記分卡: once all four have signed the card is submitted; only a chief-referee ruling changes it',
  players: 'WMC 麻將規則, 麻將的目的與流程: four players to a table',
  seating: 'WMC 麻將規則, 執位 1–6 (四張風牌; 取得「東」風牌的人為起莊)',
  diceCount: 'WMC 麻將規則, 數骰位 (5, 9: the thrower; 2, 6, 10: the next; 3, 7, 11: across; 4, 8, 12: the previous)',
  deal: 'WMC 麻將規則, 開門 1–2 (由莊家擲骰﹐數骰位得出一家為「開門人」; 兩次擲骰的總和為「開門數」) and 數骰位',
  dealerRotation: 'WMC 麻將規則, 莊家及門風 4–6 (輪莊: the previous South deals next; 不採用「場風」或「連莊」)',
  drawnHand: 'WMC 麻將規則, 王牌與海底牌 6 (荒牌: 各家分數無得失; 不連莊的原則﹐荒牌亦無例外)',
  session: 'WMC 行為守則, 記分卡 (每張記分表上可以記錄兩圈（八局）的得分)',
  reseat: 'WMC 行為守則, 入座 (比賽一圈後換位，半場（兩圈）後換台)',
  substitute: 'WMC 行為守則, 缺席 (代打者; 已被淘汰者中最高名次者補上其位置)',
  handOrder: 'WMC 行為守則, 記分卡 (每局記分後，選手務必確認好記分正確，方可開始下一局)',
  win: 'WMC 麻將規則, 和牌 2–3 (自摸和; 銃和; 搶槓也算作銃和)',
  robbingKong: 'WMC 麻將規則, 搶槓 1 (搶槓一律算作銃和﹐開槓者放銃)',
  minimum: 'WMC 計分系統, 基本規則 5 (5分「起和」; 「雞和」不準和牌，當作「錯和」處理)',
  falseWin: 'WMC 麻將規則, 錯鳴 6 (錯和: 這局繼續打﹐違規暴露了的牌全部成為罰張)',
  emptyWin: 'WMC 麻將規則, 錯鳴 7 (空和: 揭露三張牌作為罰張，如果手牌只有三張下﹐則全數揭露)',
  scoreCheck: 'WMC 麻將規則, 和牌的計分 7 and 10 (確認和牌者沒有計多了分; 二個不同的計法: 裁判員正式判決)',
  selfScoring: 'WMC 麻將規則, 和牌的計分 6 (自責數和原則)',
  payments: 'WMC 計分系統, 得分授受法 1–3 (固定得分 3 倍; 自摸各家分付; 出銃包付大牌, 30分為標準分數)',
  followDiscard: 'WMC 計分系統, 得分授受法 4 (跟張免責規條)',
  claimPriority: 'WMC 麻將規則, 鳴牌優先規條 1–2 (1a 下家, 1b 對家, 1c 上家的和牌; 2 碰、槓; 3 吃; 截和沒有例外)',
  chowFromLeft: 'WMC 麻將規則, 吃牌 1 (只能吃上家打出的牌)',
  confirm: 'WMC 麻將規則, 和牌的計分 9 (每局記分後，選手必須確認好記分正確，方可開始下一局)',
  correction: 'WMC 行為守則, 記分卡 (如有需要塗改，須請裁判員驗證及簽名)',
  sign: 'WMC 行為守則, 記分卡 (半場完成後，四人必須在確認好總分的計算正確後，在記分卡的指定位置上籤名)',
  chiefRuling: 'WMC 總則 3 and 麻將規則, 和牌的計分 10 (裁判長的判決為最終決定); 行為守則, 申訴程式',
  penaltyTiles: 'WMC 麻將規則, 罰張 1–2 (生罰張; 打了別的牌後成為死罰張)',
  penaltyTileUse: 'WMC 麻將規則, 罰張 3–5 (罰張不得組成明組, 不得單吊銃和; 違犯當作錯鳴)',
  penaltyTileSevenPairs: 'WMC 麻將規則, 罰張 4 (七對子時﹐罰張不能獨聽銃和來構成明對)',
  penaltyTileOrphans: 'WMC 麻將規則, 罰張 4 (十三么九: 不能銃和與罰張一樣的牌; 罰張3張以上只能自摸和)',
  dealExposure: 'WMC 麻將規則, 罰張 6 (配牌時無意暴露了牌﹐則可以有一張免罰)',
  wrongCount: 'WMC 麻將規則, 相公 1–5 (小相公: 不能和牌; 大相公: 兼且不得鳴牌或開槓; 一旦被確認便失去和牌資格)',
  noClaim: 'WMC 行為守則, 罰則 不準鳴牌',
  noWin: 'WMC 行為守則, 罰則 失去和牌資格',
  mistakenClaim: 'WMC 麻將規則, 錯鳴 1 (誤鳴: 即時自行更正﹐違規暴露了的牌便成為罰張)',
  changeOfClaim: 'WMC 麻將規則, 錯鳴 2 (改鳴: 一般容許不用受罰, 改鳴過頻則裁判有權判罰)',
  emptyClaim: 'WMC 麻將規則, 錯鳴 3 (空鳴: 必須揭露兩張牌作為罰張)',
  emptyKong: 'WMC 麻將規則, 錯鳴 4 (空槓: 一般容許取消開槓，不用受罰; 過頻則裁判有權判罰)',
  wrongSet: 'WMC 麻將規則, 錯鳴 5 (錯誤牌組: 失去和牌資格; 補槓後發現者亦不得鳴牌或開槓)',
  time: 'WMC 麻將規則, 打牌時限 1–5 (整局3分鐘, 每次打牌15秒, 每15秒或不足15秒罰扣5分, 雙重適用; 配牌後頭15秒暫不計時)',
  severeOvertime: 'WMC 麻將規則, 打牌時限 7 (一局逾時被扣分超過80分者，如無合理解釋，作棄權論)',
  timeOut: 'WMC 行為守則, 選手叫「暫停」 (每30秒或不足30秒罰扣5分; 離台者當作同叫暫停)',
  late: 'WMC 行為守則, 選手叫「暫停」 遲到 and 缺席 (遲到超過5分鐘: 缺席棄權論，或不少於暫停罰則的扣分)',
  timeOutForfeit: 'WMC 行為守則, 選手叫「暫停」 (半場內因暫停或遲到而扣分超過150分者，作棄權論)',
  medical: 'WMC 行為守則, 選手叫「暫停」 (事先提交醫生證明: 短暫的暫停（60秒上下）來服藥)',
  phone: 'WMC 行為守則, 衣飾禮儀 (比賽時發生響鬧者，會罰扣分)',
  interview: 'WMC 行為守則, 選手義務 (拒絕接受採訪的選手，會受扣分處罰)',
  collusion: 'WMC 行為守則, 「串通」與「生死章」 and 罰則 取消資格、列入黑名單',
  withdrawal: 'WMC 行為守則, 選手自願退出 (自願退出比賽者當然視為棄權)',
  disqualification:
    'WMC 行為守則, 罰則 取消資格、列入黑名單 (「出千」作弊、串通、或蓄意妨礙比賽進行等嚴重犯規者，會被取消比賽資格; 被取消比賽資格者，不得獲得獎金（包括以前回合累積的獎金）)',
  forfeit: 'WMC 行為守則, 罰則 棄權 (選手如不能完成指定賽事（例如缺席或早退等），作棄權論，自動淘汰出局; 棄權者可以獲得以前回合累積的獎金)',
  deductions: 'WMC 行為守則, 罰則 罰分 (扣分一般是只由犯規者的分數中扣除，不會加分給對手)',
  arbiterPenalty: 'WMC 總則 4 and 行為守則, 罰則 (判罰的種類及輕重，由裁判決定)',
} as const;

/** A table profile: the text's numbers, overridable by a federation (each default cited). */
export interface MahjongTableProfile {
  readonly id: string;
  /** 莊家及門風 4: 四局為一圈; 記分卡: 兩圈（八局） a half-session. */
  readonly handsPerRound: number;
  readonly rounds: number;
  /** 入座: 比賽一圈後換位 — a new seating is recorded before each round after the first. */
  readonly reseatEachRound: boolean;
  /** 得分授受法 1: 常為手牌和種分數的3倍. */
  readonly winnerMultiple: number;
  /** 得分授受法 3: 30分為標準分數. */
  readonly par: number;
  /** 打牌時限 1: 整局合計3分鐘. */
  readonly handTimeMs: number;
  /** 打牌時限 2: 每次打牌15秒. */
  readonly discardTimeMs: number;
  /** 打牌時限 1–2: 每15秒（或不足15秒）罰扣5分. */
  readonly timeStepMs: number;
  readonly timeStepPoints: number;
  /** 打牌時限 4: 配牌後的頭15秒暫不計時. */
  readonly dealGraceMs: number;
  /** 打牌時限 7: 超過80分者 (嚴重逾時). */
  readonly severeOvertimePoints: number;
  /** 選手叫「暫停」: 每30秒（或不足30秒）罰扣5分. */
  readonly timeOutStepMs: number;
  readonly timeOutStepPoints: number;
  /** 遲到超過5分鐘 / 缺席: 過了5分鐘仍未到場. */
  readonly lateAbsentMs: number;
  /** 半場內因暫停或遲到而扣分超過150分者，作棄權論. */
  readonly timeOutForfeitPoints: number;
  /** 醫生證明: 短暫的暫停（60秒上下）. */
  readonly medicalAllowanceMs: number;
  /** 錯鳴 3: 兩張牌作為罰張. */
  readonly emptyClaimTiles: number;
  /** 錯鳴 7: 三張牌作為罰張. */
  readonly emptyWinTiles: number;
  /** 罰張 6: 配牌時可以有一張免罰. */
  readonly freeDealExposures: number;
  /** 罰張 4: 十三么九 with 3 or more penalty tiles wins by self-draw only. */
  readonly orphansSelfDrawOnlyAt: number;
}

export const WMC_TABLE: MahjongTableProfile = {
  id: 'wmc-table',
  handsPerRound: 4,
  rounds: 2,
  reseatEachRound: true,
  winnerMultiple: 3,
  par: 30,
  handTimeMs: 180_000,
  discardTimeMs: 15_000,
  timeStepMs: 15_000,
  timeStepPoints: 5,
  dealGraceMs: 15_000,
  severeOvertimePoints: 80,
  timeOutStepMs: 30_000,
  timeOutStepPoints: 5,
  lateAbsentMs: 300_000,
  timeOutForfeitPoints: 150,
  medicalAllowanceMs: 60_000,
  emptyClaimTiles: 2,
  emptyWinTiles: 3,
  freeDealExposures: 1,
  orphansSelfDrawOnlyAt: 3,
};
