/**
 * The rules Arbitra enforces for rapid chess, each citing its source: the rapid-chess rule text
 * (附錄二 60分鐘和30分鐘快棋規則, "rapid rules" below, by its numbered rule) and, where the text
 * defers to them (rapid rules 18), the FIDE Laws of Chess.
 */
export const RULES = {
  started: 'Arbitra: a chess game must be started before anything is recorded on it',
  finished: 'Arbitra: nothing is recorded on a finished game but a correction',
  timeControl: 'rapid rules 1 (比賽時限): each player completes all moves in 60 or 30 minutes on their clock',
  turn: 'FIDE Laws of Chess 1.2 (rapid rules 18): the players move alternately, White first',
  legalMove: 'FIDE Laws of Chess 3 (rapid rules 18): only a legal move is recorded (checked by chess.js)',
  checkmate: 'rapid rules 9(1) (勝局): a player who checkmates the opponent\u2019s king wins',
  resignation: 'rapid rules 9(2) (勝局): a player wins when the opponent resigns',
  flag: 'rapid rules 9(3) and 10 (勝局): the player whose flag is still up wins when the opponent\u2019s flag falls first, claimed by stopping the clocks',
  flagMustBeDown: 'rapid rules 10: a win on time is claimed with the claimant\u2019s flag up and the opponent\u2019s flag down',
  bothFlags: 'rapid rules 10 and 11(1) (和棋): if both flags are down the game is drawn',
  flagCannotMate: 'rapid rules 11(2) (和棋) and FIDE Laws of Chess 6.9: a flag falls but the opponent cannot mate by any series of legal moves: drawn',
  stalemate: 'FIDE Laws of Chess 5.2.1 (rapid rules 11, 正常棋規): stalemate draws the game',
  deadPosition: 'FIDE Laws of Chess 5.2.2 (rapid rules 11, 正常棋規): a position where neither side can mate draws the game',
  fivefold: 'FIDE Laws of Chess 9.6.1 (rapid rules 18): the same position five times draws the game',
  seventyFive: 'FIDE Laws of Chess 9.6.2 (rapid rules 18): 75 moves by each side without a capture or a pawn move draw the game (unless the last one mates)',
  agreement: 'FIDE Laws of Chess 9.1 (rapid rules 18): a draw offered and accepted by the opponent',
  drawOffer: 'FIDE Laws of Chess 9.1.2 (rapid rules 18): a draw is accepted only while the opponent\u2019s offer stands (a move declines it)',
  repetitionClaim:
    'FIDE Laws of Chess 9.2 (rapid rules 18, 12): with the claimant\u2019s flag up, a threefold repetition shown on the board draws on the claim',
  perpetualClaim:
    'rapid rules 12(1) (和棋): the claimant demonstrates (演示) a perpetual check or forced repetition and the arbiter judges it; if untrue, 2 minutes are added to the opponent\u2019s clock',
  fiftyMoveClaim:
    'FIDE Laws of Chess 9.3 and 9.5 (rapid rules 18, 12): 50 moves without a capture or pawn move draw on a claim; an incorrect claim adds 2 minutes to the opponent\u2019s clock',
  claimantFlag: 'rapid rules 12 (和棋): a draw is claimed only while the claimant\u2019s flag has not fallen',
  noWinningChances:
    'rapid rules 12(2) (和棋): the arbiter draws the game if the claimant\u2019s opponent has no real winning chances; if untrue, 2 minutes are added to the opponent\u2019s clock',
  timeTroubleDraw: 'rapid rules 11 (另外…): a player very short of time with a clearly winning or dead-drawn position may ask the arbiter for a draw',
  illegalMove:
    'rapid rules 21(2) and 19: an illegal move claimed by the opponent (before it goes unnoticed) is taken back, the position restored, and the arbiter adds 2 minutes to the claimant\u2019s clock, at each offence',
  breach:
    'rapid rules 21(1),(3): breaches of rules 7, 8, 17, 18 (or FIDE 15.1(4)) and ambiguous moves add 2 minutes to the claimant\u2019s clock; rules 2 and 5 only from the second breach',
  arbiterPenalty: 'rapid rules 24: the arbiter may penalise a player who errs (time to the opponent, or the game lost)',
  imported:
    'Arbitra (issue 30, imported history): an imported record carries what the file says and only that (its written Result as the result); it was not timed here, so no clock reading or flag claim is recorded on it',
  clockReading: 'Arbitra: a clock reading is recorded by the game\u2019s officials as the physical clock shows it',
} as const;
