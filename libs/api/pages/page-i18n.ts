/**
 * The pages' two languages (issue 35): English and Traditional Chinese. The Chinese terms follow the rule texts where
 * they have one (the rule texts in shared/rules/: 名次 and 參賽者 from the WESPA summary's standings table, 勝出局數 and 總分數差異
 * likewise; 台號 and 回合/輪 from the WMC mahjong rules and the rapid-chess rules); the rest are the usual tournament words.
 */
export type PageLang = 'en' | 'zh-Hant';
export const PAGE_LANGS: readonly PageLang[] = ['en', 'zh-Hant'];

const EN = {
  langName: 'English',
  tournament: 'Tournament',
  tournaments: 'Tournaments',
  divisions: 'Divisions',
  division: 'Division',
  rounds: 'Rounds',
  round: (n: number) => `Round ${n}`,
  roundsPlanned: (n: number) => `${n} rounds planned`,
  noRounds: 'No round has been published yet.',
  players: 'Players',
  pairings: 'Pairings',
  byTable: 'By table',
  byName: 'By player name',
  table: 'Table',
  player: 'Player',
  first: 'First',
  second: 'Second',
  opponent: 'Opponent',
  seat: 'Seat',
  result: 'Result',
  bye: 'Bye',
  noResult: '–',
  standings: 'Standings',
  crosstable: 'Crosstable',
  games: 'Games',
  after: 'Total after',
  total: 'Total',
  absent: 'absent',
  rank: 'Rank',
  score: 'Score',
  wdl: 'W–D–L',
  spread: 'Spread',
  penalty: 'Penalty',
  withdrawn: 'withdrawn',
  throughRound: (n: number | null) => (n === null ? 'No round complete yet' : `After round ${n}`),
  inProgress: (n: number) => `Round ${n} in progress`,
  status: { published: 'published', locked: 'locked', paired: 'paired' } as Record<string, string>,
  outcome: { first: 'first wins', second: 'second wins', draw: 'draw' } as Record<string, string>,
  forfeit: 'forfeit',
  doubleForfeit: 'double forfeit',
  winds: { E: 'East', S: 'South', W: 'West', N: 'North' } as Record<string, string>,
  tieBreaks: {
    SPREAD: 'Spread',
    BH: 'Buchholz',
    'BH-C1': 'Buchholz Cut 1',
    SB: 'Sonneborn–Berger',
    DE: 'Direct encounter',
    WON: 'Games won',
    WIN: 'Wins',
    PS: 'Progressive score',
    SOS: 'SOS',
    SODOS: 'SODOS',
    SOSOS: 'SOSOS',
    'GAME-WINS': 'Games won in matches',
    'CAPTURED-DIFF': 'Captured difference',
  } as Record<string, string>,
  tieBreakLegend: 'Tie-breaks, in the order of the rules profile',
  discipline: 'Discipline',
  disciplines: { scrabble: 'Scrabble', go: 'Go', 'chess-rapid': 'Rapid chess', xiguaqi: 'Xiguaqi', mahjong: 'Mahjong' } as Record<string, string>,
  roundsPublished: 'Rounds published',
  noTournaments: 'No tournament has been created yet.',
  appeal: {
    title: (id: string) => `Appeal ${id}: final decision`,
    contested: 'Decision appealed against',
    outcome: 'Decision',
    outcomes: { upheld: 'Upheld', dismissed: 'Dismissed', varied: 'Varied' } as Record<string, string>,
    reasons: 'Reasons',
    remedies: 'Remedies',
    noRemedies: 'None',
    decidedAt: 'Decided',
    final: 'Final: no further appeal',
    notFinal: 'Final at this level; a further appeal lies under the rules profile',
    types: {
      'tournament.ResultRecorded': 'A result',
      'tournament.ResultCorrected': 'A result correction',
      'tournament.RoundPaired': 'A pairing',
      'tournament.PenaltyApplied': 'A penalty',
      'penalties.PenaltyIssued': 'A penalty',
      'penalties.PenaltyReduced': 'A penalty reduction',
      'appeals.AppealDecided': 'An appeal decision',
      'scrabble.ChallengeResolved': 'A challenge adjudication',
    } as Record<string, string>,
    correctResult: (round: number, table: number, result: string) => `Round ${round}, table ${table}: the result stands as ${result}`,
    cancelPenalty: (id: string) => `Penalty ${id} cancelled`,
    reducePenalty: (id: string, amount: number) => `Penalty ${id} reduced by ${amount}`,
    orderReplay: (round: number, table: number) => `Round ${round}, table ${table}: the game is to be replayed`,
    rePair: (round: number) => `Round ${round} is to be paired again`,
  },
  language: 'Language',
  printHint: 'Printable: use your browser’s print command (A4).',
  skip: 'Skip to content',
};

type Strings = typeof EN;

const ZH: Strings = {
  langName: '繁體中文',
  tournament: '比賽',
  tournaments: '比賽一覽',
  divisions: '組別',
  division: '組別',
  rounds: '輪次',
  round: (n) => `第 ${n} 輪`,
  roundsPlanned: (n) => `共 ${n} 輪`,
  noRounds: '尚未公佈任何輪次。',
  players: '參賽者',
  pairings: '對陣',
  byTable: '按台號',
  byName: '按參賽者姓名',
  table: '台號',
  player: '參賽者',
  first: '先手',
  second: '後手',
  opponent: '對手',
  seat: '座位',
  result: '結果',
  bye: '輪空',
  noResult: '–',
  standings: '排名',
  crosstable: '對賽表',
  games: '對局',
  after: '累積積分',
  total: '總分',
  absent: '缺席',
  rank: '名次',
  score: '積分',
  wdl: '勝–和–負',
  spread: '總分數差異',
  penalty: '罰分',
  withdrawn: '已退出',
  throughRound: (n) => (n === null ? '尚未完成任何一輪' : `第 ${n} 輪後`),
  inProgress: (n) => `第 ${n} 輪進行中`,
  status: { published: '已公佈', locked: '已鎖定', paired: '已編排' },
  outcome: { first: '先手勝', second: '後手勝', draw: '和局' },
  forfeit: '棄權',
  doubleForfeit: '雙方棄權',
  winds: { E: '東', S: '南', W: '西', N: '北' },
  tieBreaks: {
    SPREAD: '總分數差異',
    BH: '對手分',
    'BH-C1': '對手分（去最低）',
    SB: '索伯分',
    DE: '直接對局',
    WON: '勝出局數',
    WIN: '勝出局數',
    PS: '累進分',
    SOS: '對手分（SOS）',
    SODOS: '勝局對手分（SODOS）',
    SOSOS: '對手的對手分（SOSOS）',
    'GAME-WINS': '局分',
    'CAPTURED-DIFF': '吃子差',
  },
  tieBreakLegend: '破同分方法（按規則設定的次序）',
  discipline: '項目',
  disciplines: { scrabble: '拼字', go: '圍棋', 'chess-rapid': '國際象棋快棋', xiguaqi: '西瓜棋', mahjong: '麻將' },
  roundsPublished: '已公佈輪次',
  noTournaments: '尚未建立任何比賽。',
  appeal: {
    title: (id) => `申訴 ${id}：最終裁決`,
    contested: '被申訴的決定',
    outcome: '裁決',
    outcomes: { upheld: '申訴成立', dismissed: '駁回申訴', varied: '更改決定' },
    reasons: '理由',
    remedies: '補救措施',
    noRemedies: '無',
    decidedAt: '裁決時間',
    final: '最終裁決，不得再申訴',
    notFinal: '此級最終裁決；按規則設定可再上訴',
    types: {
      'tournament.ResultRecorded': '賽果',
      'tournament.ResultCorrected': '賽果更正',
      'tournament.RoundPaired': '對陣編排',
      'tournament.PenaltyApplied': '罰分',
      'penalties.PenaltyIssued': '罰則',
      'penalties.PenaltyReduced': '罰則減輕',
      'appeals.AppealDecided': '申訴裁決',
      'scrabble.ChallengeResolved': '挑戰裁定',
    },
    correctResult: (round, table, result) => `第 ${round} 輪第 ${table} 台：賽果改為 ${result}`,
    cancelPenalty: (id) => `撤銷罰則 ${id}`,
    reducePenalty: (id, amount) => `罰則 ${id} 減少 ${amount}`,
    orderReplay: (round, table) => `第 ${round} 輪第 ${table} 台：重賽`,
    rePair: (round) => `第 ${round} 輪重新編排對陣`,
  },
  language: '語言',
  printHint: '可列印：使用瀏覽器的列印功能（A4）。',
  skip: '跳至內容',
};

export const PAGE_STRINGS: Readonly<Record<PageLang, Strings>> = { en: EN, 'zh-Hant': ZH };

/**
 * The page's language: `?lang=` when it names one of ours, else the first Accept-Language range (by q) that matches
 * (any zh-* gives zh-Hant, the only Chinese we have), else English.
 */
export function negotiateLang(query: string | undefined, acceptLanguage: string | undefined): PageLang {
  if (query !== undefined) {
    const q = PAGE_LANGS.find((l) => l.toLowerCase() === query.toLowerCase());
    if (q) return q;
  }
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: (tag ?? '').toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const r of ranges) {
    if (r.tag === 'zh' || r.tag.startsWith('zh-')) return 'zh-Hant';
    if (r.tag === 'en' || r.tag.startsWith('en-')) return 'en';
  }
  return 'en';
}
