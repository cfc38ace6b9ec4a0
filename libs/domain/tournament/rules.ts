import { DISCIPLINE_IDS } from '../discipline-kit/registry.js';

/**
 * The rules the tournament decider enforces, cited in every refusal. Rule-text citations quote the
 * seed texts of the federation (the Chinese originals are the authority); the rest is Arbitra
 * policy and says so. docs/traceability/tournament.md maps each to code and tests.
 */
export const RULES = {
  created: 'Arbitra: a tournament is created once, before anything else happens to it',
  notCreated: 'Arbitra: a tournament must be created before players, rounds or results',
  /** Read when cited, so it names every registered discipline (the registry's order; a test build's fixture too). */
  get discipline(): string {
    return `Arbitra: a tournament plays one of ${DISCIPLINE_IDS.join(', ')}`;
  },
  divisions: 'Arbitra: a tournament has at least one division, names unique (default "main")',
  division: 'Arbitra: every player and round belongs to one of the tournament divisions',
  pairingSystems:
    'Arbitra: a tournament names the pairing systems it allows (chess by default the FIDE Dutch system, which pairs chess only); each round uses one of them',
  profile: 'Arbitra: profile values are finite numbers and tie-breaks come from the discipline catalogue',
  goBasicMinutes: "Ing rules 第七条 基时: each player's basic time is fixed in advance (事先规定) for the event: whole minutes, 1 to 600, Go only",
  mcmahonPairing: 'EGF McMahon system (OpenGotha/Pairgoth): pairing by McMahon score, which starts from the rank between the bar and the floor; Go only',
  egd: 'EGD tournament table format (A. Cieply, "Tournament classes", "Tournament table format"): Go only; class A, B, C or D; the place "<country code>, <city>" without line breaks, "]" or ";" (a comment to the EGD reader)',
  mcmahon: 'Arbitra profile value (Go only; the Ing excerpt does not speak of McMahon): McMahon bar and floor are finite ratings, floor ≤ bar',
  tieBreaks: 'FIDE Tie-Break Regulations (2023) / Arbitra catalogue: a tournament picks an ordered tie-break list from its discipline catalogue',
  roundsPlanned: 'Arbitra: a tournament plays at most the rounds it planned',
  roundDay: "Arbitra: a round's day is a date (YYYY-MM-DD); the discipline's rules may limit the rounds a day",
  playerUnique: 'Arbitra: a player is registered once per tournament',
  lateEntry: 'Arbitra: a late entry joins at a round not yet paired; earlier rounds count as absent, not as byes',
  withdrawal: 'Arbitra: a withdrawal takes effect from a round not yet paired, once',
  absence: 'Arbitra: an absence is announced for a round not yet paired, while the player is in the event',
  forbidden: 'Arbitra: forbidden pairings name two different registered players, once',
  roundOrder: 'Arbitra: rounds are paired in order, one after the other',
  roundIncomplete: 'Arbitra: a round is paired only after the previous round is complete',
  knockoutField:
    'Arbitra: a knockout round seats the players still in (every active player not eliminated: a player who lost a match of an earlier knockout round, or was left out of one, is out; bye-holders advance); it may leave out players below the cut in the first knockout round only, and gives byes to the top seeds',
  knockoutCorrection:
    'Arbitra (RULES.knockoutField): once a later round of the division is paired, a knockout result is not corrected to change who advances (that round was paired from it and the record has no command to withdraw a pairing); a correction that keeps who lost (a score, the games) is recorded',
  knockoutWinner: 'Arbitra (西瓜棋 第十条 三局两胜/五局三胜 decides a match): a knockout match needs a winner; a drawn knockout result is refused',
  seeding:
    'Arbitra: the seeding order (rating, highest first, then registration; late entries after earlier joiners) is fixed for the event and numbers the seeds 1..n',
  pairingSystem: 'Arbitra: a system pairing must come from an allowed system, for this round, with its seed',
  pairingCoverage: 'Arbitra: a pairing seats every active player exactly once (or gives the bye) and no withdrawn or absent player',
  pairingForbidden: 'Arbitra: a forbidden pairing is only allowed when the pairing system declares it as a relaxation',
  mahjongTable: 'WMC: 麻將 is played four to a table, seats in wind order 東南西北',
  byeOnlyOdd: 'Arbitra: a bye is given only to make an odd field even, to one player',
  byesAsRecorded:
    'Arbitra (issue 30): a manual pairing may give several byes in a round, as a results file records them (TSH .t: each a player against opponent 0 with a score)',
  manualReason: 'Arbitra: a manual pairing carries the reason for it',
  publishOnce: 'Arbitra: a round is published once, after it is paired',
  notPublished: 'Arbitra: results are recorded for published rounds',
  notPublishedCorrection: 'Arbitra: a result is corrected only in a published round (an unpublished round takes no result, so it has none to correct)',
  unpublishedHidden: 'Arbitra: until a round is published its pairing, byes and results are seen by the tournament officials only',
  unknownGame: 'Arbitra: a result belongs to a game or table of the round pairing',
  resultOnce: 'Arbitra: a result is recorded once; a change is a correction with a reason',
  resultLocked: 'Arbitra: a locked round takes no more results; only an appeals-committee or chief-arbiter decision corrects it',
  lockComplete: 'Arbitra: a round is locked once, when every result is in',
  scoresRequired: 'WESPA: a Scrabble result records both final scores (result slip signed by both players)',
  scoresConsistent: 'Arbitra: the outcome of a game agrees with its scores (higher score wins, equal scores draw)',
  scoresNone: 'Arbitra: this discipline records outcomes, not game scores',
  xiguaqiGames: '西瓜棋 第十条: matches are 三局两胜 or 五局三胜; the match winner won more games',
  xiguaqiCaptured: '西瓜棋 第九条: captured pieces are counted (each side has 6 per game); counts are non-negative integers',
  mahjongZeroSum: 'WMC: 和牌者從三家對手支取得分 (table points move between the four players and sum to zero; 罰分 is separate)',
  mahjongSeats: 'WMC: a table result gives table points for exactly the four seated players',
  twoPlayerOnly: 'Arbitra: a 2-player result is recorded for a 2-player game, a table result for a mahjong table',
  penalty: 'Arbitra: a penalty deducts a positive number of points from a registered player, with a reason and a ledger ref',
  penaltyRefUnique: 'Arbitra: a penalty ledger ref names one penalty in its tournament; the same ref is never applied twice',
  correctionReason: 'Arbitra: a correction states its reason; who decided is recorded from the command context',
  correctionChanges: 'Arbitra: a correction changes what it corrects; one that repeats the recorded result corrects nothing',
} as const;
