/**
 * Scrabble's game commands, declared once (WESPA seed rules): the turn (players for their own seat, arbiters anything)
 * and the table and result (mostly arbiters). Served by gameCommandsController under the operation ids and OpenAPI
 * names the hand-written controllers had.
 */
import { proposeVerdicts, type MoveInput } from '../../domain/disciplines/scrabble/index.js';
import { lexiconFor, SCRABBLE_GAME, type ScrabbleCommandBody } from '../../runtime/features/scrabble/index.js';
import { bool, int, list, named, object, oneOf, onlyWhenAll, optional, pattern, text, type Schema } from '../body-schema.js';
import { GAME_COMMAND_EXAMPLE } from '../games/examples.js';
import { gameCommandsController, type CheckedBody, type DeclaredCommand, type DeclaredCommands } from '../games/game-commands.js';
import { moveFields, overdrawFields } from './request-fields.js';

type B = ScrabbleCommandBody;
type Doc = { example?: unknown; description?: string };

const SEAT = oneOf([0, 1], { example: 1, description: 'The seat acting (a player token may act only for its own seat)' });
const seatOf = (doc: Doc = {}) => oneOf([0, 1], doc);
const TILE = /^[A-Za-z?]$/;
const tiles = (doc: Doc, max: number): Schema => list(pattern(TILE), { max }, doc);
const WORD = /^[A-Za-z]{2,15}$/;
const reason = (max: number, example: string, description?: string) => text(1, max, { example, ...(description && { description }) });
const INCIDENT_KINDS = ['left-playing-area', 'cheating-complaint', 'td-warning', 'td-penalty', 'fast-draw', 'tile-tracking-before-draw', 'other'];
const AGREED = (description: string) => list(oneOf([0, 1]), { max: 2 }, { example: [0, 1], description });

const PLACEMENT = named(
  'PlacementDto',
  object({
    row: int(0, 14, { example: 7 }),
    col: int(0, 14, { example: 6 }),
    letter: pattern(/^[A-Za-z]$/, { example: 'Q', description: 'The letter shown (for a blank: the letter it stands for)' }),
    blank: optional(bool({ example: false })),
  }),
);

/** A play (by GCG coordinate and word, or by placed tiles), an exchange, or a pass. */
const MOVE = named(
  'MoveDto',
  onlyWhenAll(
    {
      kind: oneOf(['play', 'exchange', 'pass'], { example: 'play' }),
      coordinate: pattern(/^(\d{1,2}[A-Oa-o]|[A-Oa-o]\d{1,2})$/, { example: '8G', description: 'Play: GCG coordinate ("8G" across, "G8" down); with `word`' }),
      word: pattern(/^[A-Za-z.]{1,15}$/, { example: 'QI', description: 'Play: the word as in GCG ("." = tile already on the board, lower case = blank)' }),
      placements: optional(list(PLACEMENT, { min: 1, max: 7 }, { description: 'Play: the tiles placed (instead of coordinate and word)' })),
      count: int(1, 7, { example: 3, description: 'Exchange: the announced count' }),
      tiles: optional(tiles({ example: ['U', 'U', 'V'], description: 'Exchange in a tracked game: the tiles put back' }, 7)),
    },
    { property: 'kind', equals: 'play', without: 'placements', fields: ['coordinate', 'word'] },
    { property: 'kind', equals: 'exchange', without: 'tiles', fields: ['count'] },
  ),
);

type SentMove = { kind: 'play' | 'exchange' | 'pass'; coordinate?: string; word?: string; placements?: SentPlacement[]; count?: number; tiles?: string[] };
type SentPlacement = { row: number; col: number; letter: string; blank?: boolean };

export function moveInput(m: SentMove): MoveInput {
  switch (m.kind) {
    case 'play':
      return m.placements
        ? { kind: 'play', tiles: m.placements.map((p) => ({ row: p.row, col: p.col, letter: p.letter.toUpperCase(), blank: !!p.blank })) }
        : { kind: 'play', coordinate: m.coordinate as string, word: m.word as string };
    case 'exchange':
      return { kind: 'exchange', count: m.count ?? m.tiles?.length ?? 0, ...(m.tiles && { tiles: m.tiles.map((t) => t.toUpperCase()) }) };
    case 'pass':
      return { kind: 'pass' };
  }
}

const upper = (xs: unknown) => (xs as readonly string[] | undefined)?.map((x) => x.toUpperCase());
const seatOnly = { name: 'SeatCommandDto', fields: { seat: SEAT } };
const emptyBody = { name: 'GameCommandDto', fields: {} };

/** A command of the player of the body's seat (and officials), or of officials only, each a step from the checked body. */
const cmd = (
  by: 'seat' | 'officials',
  route: string,
  name: string,
  type: string,
  summary: string,
  body: DeclaredCommand<B>['body'],
  step?: (b: CheckedBody) => unknown,
  more: Partial<DeclaredCommand<B>> = {},
): DeclaredCommand<B> => ({ route, name, by, type, summary, body, ...(step && { step: step as (b: CheckedBody) => B }), ...more });
const own = (...a: Parameters<typeof cmd> extends [unknown, ...infer R] ? R : never) => cmd('seat', ...a);
const officials = (...a: Parameters<typeof cmd> extends [unknown, ...infer R] ? R : never) => cmd('officials', ...a);

const CREATED = { description: 'The events recorded; ETag is the stream revision', example: GAME_COMMAND_EXAMPLE };

/** The turn: drawing, moves, pressing the clock, hold, acceptance, challenges and adjudication, overdraw, lateness. */
export const SCRABBLE_TURN_COMMANDS: DeclaredCommands<B> = {
  controller: 'GameTurnsController',
  tag: 'games',
  created: CREATED,
  commands: [
    own(
      'draws',
      'draw',
      'scrabble.draw-tiles',
      'DrawTiles: draw tiles (count, or letters when tracking); drawing replacements accepts a pending play; after 30 s of hold they stay face down (player for own seat, arbiter)',
      {
        name: 'DrawDto',
        fields: {
          seat: SEAT,
          count: optional(int(1, 7, { example: 7, description: 'Tiles drawn (score-only games)' })),
          tiles: optional(tiles({ example: ['A', 'E', 'I', 'N', 'R', 'S', 'T'], description: 'Tiles drawn (tracked games)' }, 7)),
        },
      },
      (b) => ({
        type: 'scrabble.draw-tiles',
        seat: b.seat,
        ...(b.count !== undefined && { count: b.count }),
        ...(b.tiles !== undefined && { tiles: upper(b.tiles) }),
      }),
    ),
    own(
      'moves',
      'move',
      'scrabble.make-move',
      'MakeMove (pressClock true, default) or AnnounceMove (pressClock false): a play with its announced score, an exchange (≥ 7 in the bag) or a pass (player for own seat, arbiter)',
      {
        name: 'MoveCommandDto',
        fields: {
          seat: SEAT,
          move: MOVE,
          announcedScore: optional(int(0, 2000, { example: 22, description: 'Required for a play (seed 出棋次序: announce the score)' })),
          pressClock: optional({
            default: true,
            ...bool({
              example: true,
              description:
                'true (default): the move is announced and the clock pressed (final). false: announced only; it may change until /clock/presses (seed 完成一步)',
            }),
          }),
        },
      },
      (b) => ({
        type: b.pressClock === false ? 'scrabble.announce-move' : 'scrabble.make-move',
        seat: b.seat,
        move: moveInput(b.move as SentMove),
        ...(b.announcedScore !== undefined && { announcedScore: b.announcedScore }),
      }),
      { requestFields: (b) => moveFields(b as { move?: { kind?: string } }), example: { seat: 0, move: { kind: 'pass' } } },
    ),
    own(
      'clock/presses',
      'press',
      'scrabble.press-clock',
      'PressClock: completes the announced move; it is final after (seed 完成一步) (player for own seat, arbiter)',
      seatOnly,
    ),
    own(
      'holds',
      'hold',
      'scrabble.hold',
      'Hold: the opponent holds the play on their own time; the player may not draw for 30 s (seed Hold) (player for own seat, arbiter)',
      seatOnly,
    ),
    own(
      'acceptances',
      'accept',
      'scrabble.accept-move',
      'AcceptMove: the opponent accepts the pending play (ends a hold; ends the game after a going-out play) (player for own seat, arbiter)',
      seatOnly,
    ),
    own(
      'challenges',
      'challenge',
      'scrabble.challenge',
      'Challenge: after the clock was pressed, stops the clock and names every challenged word (player for own seat, arbiter). With ARBITRA_LEXICON_FILE set, the word list then proposes verdicts (scrabble.VerdictsProposed) for the arbiter to confirm',
      {
        name: 'ChallengeDto',
        fields: { seat: SEAT, words: list(pattern(WORD), { min: 1, max: 15 }, { example: ['QI'], description: 'Every challenged word (seed Challenge)' }) },
      },
      (b) => ({ type: 'scrabble.challenge', seat: b.seat, words: upper(b.words) ?? [] }),
      {
        created: "scrabble.ChallengeMade (and `lexicon`: the proposal command's response when a word list is configured)",
        // With a word list configured, the server proposes verdicts for the arbiter to confirm, as the word list's own record.
        followUp: (step, config) => {
          const lexicon = lexiconFor(config);
          if (!lexicon || step.type !== 'scrabble.challenge') return undefined;
          const proposals = proposeVerdicts(lexicon, step.words);
          return () => ({
            key: 'lexicon',
            actor: { id: 'lexicon-file', role: 'system' as const },
            command: { type: 'scrabble.propose-verdicts' as const, lexicon: lexicon.path, proposals },
          });
        },
      },
    ),
    own(
      'challenges/withdrawal',
      'withdraw',
      'scrabble.withdraw-challenge',
      'WithdrawChallenge: always refused — a challenge cannot be withdrawn once the clock is stopped (seed Challenge)',
      seatOnly,
    ),
    officials(
      'challenges/proposals',
      'propose',
      'scrabble.propose-verdicts',
      'ProposeVerdicts: record what a word source says of the challenged words, for the arbiter to confirm (arbiter)',
      {
        name: 'ProposalsDto',
        fields: {
          lexicon: text(1, 200, { example: 'CSW24 (printed)', description: 'The word source consulted' }),
          proposals: list(
            named(
              'ProposalDto',
              object({
                word: pattern(WORD, { example: 'QI' }),
                valid: optional({ type: 'boolean', nullable: true, example: true, description: 'null: the word source cannot say' }),
              }),
            ),
            { min: 1, max: 1000 },
          ),
        },
      },
      (b) => ({
        type: 'scrabble.propose-verdicts',
        lexicon: b.lexicon,
        proposals: (b.proposals as { word: string; valid?: boolean | null }[]).map((x) => ({ word: x.word.toUpperCase(), valid: x.valid ?? null })),
      }),
    ),
    officials(
      'challenges/verdicts',
      'verdicts',
      'scrabble.resolve-challenge',
      "ResolveChallenge: one verdict per challenged word; any invalid → the play is withdrawn and scores 0; all valid → the challenger's penalty per the profile (arbiter)",
      {
        name: 'VerdictsDto',
        fields: {
          verdicts: list(
            named('VerdictDto', object({ word: pattern(WORD, { example: 'QI' }), valid: bool({ example: true }) })),
            { min: 1, max: 1000 },
            {
              description: 'One verdict per challenged word',
            },
          ),
        },
      },
      (b) => ({
        type: 'scrabble.resolve-challenge',
        verdicts: (b.verdicts as { word: string; valid: boolean }[]).map((v) => ({ word: v.word.toUpperCase(), valid: v.valid })),
      }),
    ),
    own(
      'reannouncements',
      'reannounce',
      'scrabble.reannounce-score',
      'ReannounceScore: after a failed challenge the player says the score again before the clock restarts (player for own seat, arbiter)',
      {
        name: 'ReannounceDto',
        fields: { seat: SEAT, score: int(0, 2000, { example: 22, description: 'Seed Challenge: the score said again before the clock restarts' }) },
      },
    ),
    officials(
      'overdraw',
      'overdraw',
      'scrabble.resolve-overdraw',
      'ResolveOverdraw (x+2 rule): tiles drawn, x+2 shown face down, x returned (arbiter)',
      {
        name: 'OverdrawDto',
        fields: {
          seat: SEAT,
          drawnCount: int(1, 100, { example: 3, description: 'Tiles drawn in the overdraw' }),
          drawn: optional(tiles({ example: ['A', 'B', 'C'], description: 'Tracked games: the tiles drawn' }, 100)),
          shownCount: optional(int(0, 100, { example: 3, description: 'x+2 tiles shown face down (count); or give `shown`' })),
          shown: optional(tiles({ example: ['A', 'B', 'C'] }, 100)),
          returnedCount: optional(int(0, 100, { example: 1, description: 'x tiles returned to the bag (count); or give `returned`' })),
          returned: optional(tiles({ example: ['B'] }, 100)),
        },
      },
      (b) => ({
        type: 'scrabble.resolve-overdraw',
        seat: b.seat,
        drawnCount: b.drawnCount,
        ...(b.drawn !== undefined && { drawn: upper(b.drawn) }),
        shown: upper(b.shown) ?? b.shownCount ?? 0,
        returned: upper(b.returned) ?? b.returnedCount ?? 0,
      }),
      { requestFields: (b) => overdrawFields(b as { shown?: unknown; returned?: unknown }) },
    ),
    officials(
      'absent-clock',
      'absent',
      'scrabble.start-absent-clock',
      "StartAbsentClock: the TD starts an absent player's clock (seed 缺席) (arbiter)",
      seatOnly,
    ),
    officials(
      'arrivals',
      'arrived',
      'scrabble.player-arrived',
      'PlayerArrived: a late player plays on or, with ≤ 15 min left, forfeits (opponent wins by 100); with no time left the forfeit is recorded whatever the choice (arbiter)',
      {
        name: 'ArrivalDto',
        fields: {
          seat: SEAT,
          choice: oneOf(['play', 'forfeit'], {
            example: 'play',
            description:
              'Seed 缺席: with ≤ 15 min left the late player may play on or forfeit; with no time left the forfeit is recorded whatever is chosen (如果時間已過，你必須放棄棋局)',
          }),
        },
      },
    ),
  ],
};

/** The table and the result: clock pauses, TD calls and rulings, overtime, end racks, corrections, recount, the slip, incidents. */
export const SCRABBLE_TABLE_COMMANDS: DeclaredCommands<B> = {
  controller: 'GameTableController',
  tag: 'games',
  created: CREATED,
  commands: [
    officials(
      'clock/pauses',
      'pause',
      'scrabble.pause-clock',
      'PauseClock: only for a score dispute, counting tiles, an overdraw or a TD call (seed 計時器); anything else is refused with the list (arbiter)',
      {
        name: 'PauseDto',
        fields: {
          reason: reason(
            100,
            'score-dispute',
            'Seed 計時器: score-dispute, tile-count, overdraw or td-call (a challenge pauses by itself); anything else is refused with the list',
          ),
        },
      },
    ),
    officials('clock/resumptions', 'resume', 'scrabble.resume-clock', 'ResumeClock: the paused side runs again (arbiter)', emptyBody),
    officials(
      'clock/extra-time',
      'extraTime',
      'scrabble.grant-extra-time',
      'GrantExtraTime: the TD grants time (e.g. the opponent tracked tiles before drawing) (arbiter)',
      {
        name: 'ExtraTimeDto',
        fields: { seat: SEAT, ms: int(1, 3_600_000, { example: 60_000 }), reason: reason(500, 'opponent tracked tiles before drawing') },
      },
    ),
    officials(
      'clock/switches',
      'switchClock',
      'scrabble.switch-clock',
      "SwitchClock: back to the blank's player until the blank is recorded, then forward (seed 空白) (arbiter)",
      {
        name: 'SwitchClockDto',
        fields: { to: seatOf({ example: 0 }), reason: oneOf(['blank-not-recorded', 'blank-recorded'], { example: 'blank-not-recorded' }) },
      },
    ),
    own('td-calls', 'callTd', 'scrabble.call-td', 'CallTd: pauses a running clock and calls the TD (a player of the game, arbiter)', {
      name: 'ReasonDto',
      fields: { reason: reason(500, 'dispute over a blank') },
    }),
    officials(
      'late-challenges',
      'lateChallenge',
      'scrabble.allow-late-challenge',
      'AllowLateChallenge: a TD ruling allowing a challenge after a too-fast draw (seed 抽棋過快) (arbiter)',
      {
        name: 'LateChallengeDto',
        fields: {
          turn: int(1, 100_000, { example: 4, description: 'The accepted play the TD lets the opponent challenge' }),
          reason: reason(500, 'replacement tiles drawn too fast'),
        },
      },
    ),
    officials(
      'overtime-end',
      'overtime',
      'scrabble.end-on-overtime',
      'EndOnOvertime: a side is 10 minutes over — the game ends and the TD is called; outcome per the profile (seed 過時) (arbiter)',
      seatOnly,
    ),
    officials(
      'end-racks',
      'endRacks',
      'scrabble.enter-end-racks',
      'EnterEndRacks: the racks left at the end; each player loses their own after six zeros; checked against the derived rack after going out (arbiter)',
      {
        name: 'EndRacksDto',
        fields: {
          racks: list(
            named(
              'EndRackDto',
              object({
                seat: seatOf({ example: 1 }),
                rack: pattern(/^[A-Za-z?]{0,7}$/, { example: 'AEI', description: 'The tiles left on that seat\'s rack ("" for none)' }),
              }),
            ),
            { min: 1, max: 2 },
            { description: 'The racks left at the end (both after six zeros or the overtime limit)' },
          ),
        },
      },
      (b) => {
        const racks: [string | null, string | null] = [null, null];
        for (const x of b.racks as { seat: 0 | 1; rack: string }[]) racks[x.seat] = x.rack.toUpperCase();
        return { type: 'scrabble.enter-end-racks', racks };
      },
    ),
    officials('time-penalties', 'timePenalty', 'scrabble.record-time-penalty', 'RecordTimePenalty: overtime points entered by hand after the game (arbiter)', {
      name: 'TimePenaltyDto',
      fields: { seat: SEAT, points: int(1, 1000, { example: 10 }) },
    }),
    officials(
      'score-corrections',
      'correct',
      'scrabble.correct-score',
      "CorrectScore: a turn's score corrected by agreement of both players before the slip is signed (seed 分數); after one signature, withdraw it first (arbiter)",
      {
        name: 'ScoreCorrectionDto',
        fields: { turn: int(1, 100_000, { example: 3 }), score: int(0, 2000, { example: 24 }), agreedBy: AGREED('Seed 分數: both players agree') },
      },
    ),
    own(
      'recount',
      'recount',
      'scrabble.request-recount',
      'RequestRecount: either player, when the final margin is under 20 (seed 重新計算分數) (player for own seat, arbiter)',
      seatOnly,
    ),
    officials(
      'recount/completion',
      'recountDone',
      'scrabble.complete-recount',
      'CompleteRecount: the corrected turn scores found by the recount (arbiter)',
      {
        name: 'RecountCompletionDto',
        fields: {
          corrections: list(named('TurnScoreDto', object({ turn: int(1, 100_000, { example: 3 }), score: int(0, 2000, { example: 24 }) })), { max: 1000 }),
        },
      },
      (b) => ({
        type: 'scrabble.complete-recount',
        corrections: (b.corrections as { turn: number; score: number }[]).map((c) => ({ turn: c.turn, score: c.score })),
      }),
    ),
    own(
      'signatures',
      'sign',
      'scrabble.sign-result-slip',
      'SignResultSlip: when both have signed, scrabble.GameFinished locks the result (and posts it to a linked tournament) (player for own seat, arbiter)',
      seatOnly,
    ),
    own(
      'signatures/withdrawal',
      'withdrawSignature',
      'scrabble.withdraw-signature',
      'WithdrawSignature: a signature on the slip is withdrawn, recorded with who and why, before a score correction (seed 分數: corrections only before signing); refused once both signed (player for own seat, arbiter)',
      {
        name: 'SignatureWithdrawalDto',
        fields: {
          seat: SEAT,
          reason: reason(500, 'turn 3 was scored 22, should be 24', 'Why the signature is withdrawn (recorded with who withdrew it)'),
        },
      },
    ),
    officials(
      'reversed-scores',
      'reversed',
      'scrabble.correct-reversed-scores',
      'CorrectReversedScores: after signing, only reversed scores are fixed, when both players ask (agreedBy [0, 1]) and the TD consents (tdDecision) (seed 分數: 雙方…獲比賽總監同意); 409 scrabble/reversal-needs-both-players otherwise; refused on a tied game (nothing to reverse); the game view, score sheet and GCG show it with the decision (arbiter)',
      {
        name: 'ReversedScoresDto',
        fields: {
          tdDecision: reason(500, 'TD ruling 2026-11-29 #3: scores entered reversed', 'The TD decision consenting to the reversal'),
          agreedBy: AGREED('Seed 分數 (除非雙方因分數顛倒而獲比賽總監同意更改): the players who ask for the reversal; both seats are required'),
        },
      },
    ),
    officials(
      'incidents',
      'incident',
      'scrabble.record-incident',
      'RecordIncident: leaving the playing area, a cheating complaint, a TD warning or penalty (with points), a fast draw … each with the rule cited (arbiter)',
      {
        name: 'IncidentDto',
        fields: {
          kind: oneOf(INCIDENT_KINDS, { example: 'td-warning' }),
          seat: optional({ type: 'integer', enum: [0, 1, null], nullable: true, example: 1, description: 'The seat concerned (null/absent: none)' }),
          description: text(1, 2000, { example: 'left the playing area without permission' }),
          points: optional(int(0, 1000, { example: 10, description: 'td-penalty only' })),
        },
      },
      (b) => ({
        type: 'scrabble.record-incident',
        kind: b.kind,
        seat: b.seat ?? null,
        description: b.description,
        ...(b.points !== undefined && { points: b.points }),
      }),
    ),
  ],
};

export const GameTurnsController = gameCommandsController(SCRABBLE_GAME, SCRABBLE_TURN_COMMANDS);
export const GameTableController = gameCommandsController(SCRABBLE_GAME, SCRABBLE_TABLE_COMMANDS);
