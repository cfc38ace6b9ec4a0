/**
 * The TD's part in a Scrabble game (WESPA seed rules): the clock's pauses, extra time and switches, TD calls, the
 * overdraw, an absent or late player, the overtime limit, and incidents with the rule cited.
 */
import { int, oneOf, optional, text } from '../body-schema.js';
import { overdrawFields } from './request-fields.js';
import { SEAT, emptyBody, officials, own, reason, seatOf, seatOnly, tiles, upper } from './scrabble-command-parts.js';

const INCIDENT_KINDS = ['left-playing-area', 'cheating-complaint', 'td-warning', 'td-penalty', 'fast-draw', 'tile-tracking-before-draw', 'other'];

export const ADJUDICATION = {
  overdraw: officials(
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
  absent: officials(
    'absent-clock',
    'absent',
    'scrabble.start-absent-clock',
    "StartAbsentClock: the TD starts an absent player's clock (seed 缺席) (arbiter)",
    seatOnly,
  ),
  arrived: officials(
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
  pause: officials(
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
  resume: officials('clock/resumptions', 'resume', 'scrabble.resume-clock', 'ResumeClock: the paused side runs again (arbiter)', emptyBody),
  extraTime: officials(
    'clock/extra-time',
    'extraTime',
    'scrabble.grant-extra-time',
    'GrantExtraTime: the TD grants time (e.g. the opponent tracked tiles before drawing) (arbiter)',
    {
      name: 'ExtraTimeDto',
      fields: { seat: SEAT, ms: int(1, 3_600_000, { example: 60_000 }), reason: reason(500, 'opponent tracked tiles before drawing') },
    },
  ),
  switchClock: officials(
    'clock/switches',
    'switchClock',
    'scrabble.switch-clock',
    "SwitchClock: back to the blank's player until the blank is recorded, then forward (seed 空白) (arbiter)",
    {
      name: 'SwitchClockDto',
      fields: { to: seatOf({ example: 0 }), reason: oneOf(['blank-not-recorded', 'blank-recorded'], { example: 'blank-not-recorded' }) },
    },
  ),
  callTd: own('td-calls', 'callTd', 'scrabble.call-td', 'CallTd: pauses a running clock and calls the TD (a player of the game, arbiter)', {
    name: 'ReasonDto',
    fields: { reason: reason(500, 'dispute over a blank') },
  }),
  overtime: officials(
    'overtime-end',
    'overtime',
    'scrabble.end-on-overtime',
    'EndOnOvertime: a side is 10 minutes over — the game ends and the TD is called; outcome per the profile (seed 過時) (arbiter)',
    seatOnly,
  ),
  incident: officials(
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
};
