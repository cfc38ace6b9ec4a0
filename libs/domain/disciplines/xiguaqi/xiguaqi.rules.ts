/**
 * The rules Arbitra enforces for xiguaqi (watermelon chess), each citing the rule text
 * 西瓜棋比赛的棋盘、棋子及规则 ("西瓜棋规则" below) by its article. The seed stops in 第十六条二; where the
 * text is silent or cut off, the rule says "Arbitra:" and what was decided (docs/traceability/xiguaqi.md).
 */
export const RULES = {
  started: 'Arbitra: a xiguaqi match must be started before anything is recorded on it',
  finished: 'Arbitra: nothing is recorded on a finished match',
  betweenGames: 'Arbitra: between two games of a match only the next game is started (or the match forfeited)',
  players: '西瓜棋规则 第一条二: two players, black and white',
  bestOf: '西瓜棋规则 第十条: a match is 三局两胜 (best of three) or 五局三胜 (best of five)',
  totalTime: '西瓜棋规则 第十二条一: a game has a total time of at most 30 minutes, half to each player',
  firstMover: '西瓜棋规则 第十一条: the first game’s first move by lot or guess, then the players take turns; the deciding game by a new guess',
  firstMoverColour: 'Arbitra (西瓜棋规则 第二条二 and 第十一条 are silent on colours): the player who moves first plays Black',
  adjacent: '西瓜棋规则 第二条三: a piece moves to an adjacent point along a line, never across a point',
  empty: '西瓜棋规则 第二条三 and 第一条一: a piece moves to an empty point',
  ownPiece: '西瓜棋规则 第二条二: each player moves their own pieces',
  sameRun: '西瓜棋规则 第二条五: the same piece may not be moved more than four times in a row',
  turn: '西瓜棋规则 第二条二 and 第十六条二: the players move in turn; a second move in a row without the opponent’s waiver or a grab is refused',
  pass: '西瓜棋规则 第二条六: a player may give up their right to move',
  capture: '西瓜棋规则 第五条: after a move, the mover may capture the opponent’s pieces without liberties (第三条, 第四条), each group whole',
  escape:
    '西瓜棋规则 第六条: dead pieces the mover does not capture at once become escaped (逃棋) and stay on the board as pieces; ' +
    'Arbitra: they cannot be captured until their group has had a liberty again',
  ownDead: '西瓜棋规则 第六条: a player’s dead pieces are captured only by the opponent, never removed by their own move',
  captureWin: '西瓜棋规则 第九条一: the first to capture four of the opponent’s pieces wins the game',
  count: '西瓜棋规则 第八条一 and 第九条二、三: at the end of the time the pieces left on the board are counted, more wins, equal is a draw',
  timeUp: '西瓜棋规则 第十二条一: a player whose half of the time is used may not move; the other moves on until theirs is used; then the game ends (第八条一)',
  moveLimit: '西瓜棋规则 第七条 and 第十二条二: after two minutes on one move the opponent may grab the move (抢棋)',
  resignation: '西瓜棋规则 第八条二 and 第十六条一: a player who resigns loses the game',
  ruling: '西瓜棋规则 第十三条: a game the arbiter rules lost or drawn ends as ruled',
  forfeit: '西瓜棋规则 第十三条 and 第十四条一: a player who forfeits (弃权) loses the game, or the match',
  matchResult: '西瓜棋规则 第十条: the match ends when one player has won the majority of its games, or all are played; more game wins takes it',
  clockReading: 'Arbitra: a clock reading is recorded by the game’s officials as the physical clock shows it',
} as const;
