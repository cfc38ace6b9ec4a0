/**
 * The rules Arbitra enforces for Go, each citing its source: the Ing rules excerpt (应氏计点制围棋规则,
 * "Ing rules" below, by article and paragraph), the game's rules profile (go.profile.ts) where the
 * excerpt does not speak, or Arbitra's own record-keeping.
 */
export const RULES = {
  started: 'Arbitra: a Go game must be started before anything is recorded on it',
  finished: 'Arbitra: nothing is recorded on a finished game',
  boardSize: 'Arbitra profile: a board of 19 lines (9 and 13 allowed for short events); the excerpt does not speak of board size',
  handicap: 'Arbitra profile: 2 to 9 handicap stones on the star points (the excerpt does not speak of handicaps); White moves first after them',
  turn: 'Ing rules 第十条 记谱: Black moves first (odd numbers), White second (even numbers), alternately; a pass is numbered too',
  occupied: 'Go: a stone is played on an empty intersection (checked by @sabaki/go-board)',
  suicide: 'Ing profile (suicide): a move that leaves its own stones without liberties and captures nothing is refused (the excerpt does not speak of suicide)',
  singleSuicide: 'Ing profile (suicide: multi-stone): a single-stone suicide is refused; a suicide of more than one stone is played',
  ko: 'Go: a single-stone ko may not be retaken at once (checked by @sabaki/go-board)',
  superko:
    'Ing profile (positional super-ko), an Arbitra profile choice: a move may not recreate an earlier whole-board position. The excerpt has no ko rule: Ing rules 第八条 免罚 (2) 误提 only exempts from penalty a mistaken capture of 双热子/孪热子 that causes 同型反覆或循环, once corrected',
  pass: 'Ing rules 第九条 示虚 (2) 单虚: a player with no point to contest passes (放一子于棋枰外或其他示意方式表示之); Arbitra: two passes in a row end play (the excerpt does not say when play ends)',
  resignation: 'Ing rules 第九条 示虚 (1) 认输: a player who resigns loses',
  basicTime: 'Ing rules 第七条 基时: each player\u2019s basic time, fixed in advance',
  penaltyPoints:
    'Ing rules 第七条 延时 (1) 罚点延时: 2 points when basic time is used up, 2 more when overtime exceeds 1/6 of basic time (4), 2 more beyond 2/6 (6)',
  overtimeLoss: 'Ing rules 第七条 延时 (1): overtime beyond 3/6 of basic time loses on time (逾时裁定败); 第八条 裁败 (4) 逾时',
  offset: 'Ing rules 第七条 延时 (1): if both players have penalty points they offset each other (互相抵销); the first to reach 3/6 loses',
  byoYomi: 'Ing rules 第七条 延时 (2) 读秒延时: after basic time, periods of so many seconds; when the last period has run out, the game is lost on time',
  timeExceeded: 'Ing rules 第七条 延时 and 第八条 裁败 (4) 逾时: a player beyond the time limit has lost on time and plays no more',
  timeNotExceeded: 'Ing rules 第七条 延时: a loss on time is recorded only once the player\u2019s time limit is passed',
  lateness: 'Ing rules 第八条 扣时: a player who arrives late has twice the time late deducted from basic time (加倍扣除)',
  absence: 'Ing rules 第八条 裁败 (1) 缺席: a player who has not appeared beyond the time limit loses (裁定败)',
  absenceLimit:
    'Ing rules 第八条 裁败 (1) 缺席 (超过时限而未出赛); the limit is the profile\u2019s (by default half the basic time: doubled, the whole basic time)',
  pause: 'Ing rules 第七条 (休息) and 第十条 裁判: the clocks stop while the arbiter is called or for a rest the rules allow',
  paused: 'Ing rules 第十条 计时: no move is made while the clocks are stopped by the arbiter',
  clockReading: 'Ing rules 第十条 计时: the timekeeper records both players\u2019 time from the clock; a reading is recorded by the game\u2019s officials',
  disputedMove:
    'Ing rules 第十条 裁判: the arbiter rules on matters the rules do not list (未列举事项之裁定) and answers the players’ questions; the ruled move is recorded with the ruling',
  forfeitRuling: 'Ing rules 第八条 裁败: withdrawal (2 弃权), retracting a move (3 悔着) or defying the arbiter (5 抗命) loses, once verified by the arbiter',
  deadStones: 'Ing rules 第九条 计制: dead stones are removed before filling and counting, as the players agree or the arbiter rules (第十条 裁判)',
  counting:
    'Ing rules 第九条 计制 (3) 收子 and (4) 填子 (计点制, area counting): stones and surrounded points count; neutral points are shared (Arbitra reading of 填满计点)',
  compensation: 'Ing profile: White receives the profile\u2019s compensation (8 points, Black winning a tie); the excerpt sets none',
  penaltyAgainstScore: 'Ing rules 第七条 延时 (1): penalty points, net of offsetting, count against the offender\u2019s score',
  signature: 'Ing rules 第十条 记谱: the record is signed (由负方签字为证); Arbitra asks both players to sign a counted result',
  recordedResult: 'Ing rules 第十条 裁判: a result the arbiter records from the score sheet (or an imported record) as written',
  imported:
    'Arbitra (issue 30, imported history): an imported record carries what the file says and only that; it was not timed here, so no clock reading or time claim is recorded on it',
  notCounting: 'Arbitra: dead stones and the count come after both players have passed',
} as const;
