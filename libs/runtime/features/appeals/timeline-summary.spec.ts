import { describe, expect, it } from '@jest/globals';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import type { Timeline } from './timeline.js';
import { timelineHtml, timelineMarkdown } from './timeline-render.js';
import { summarise } from './timeline-summary.js';

const MAHJONG_BEFORE = {
  kind: 'mahjong-table',
  round: 1,
  table: 1,
  seats: [
    { player: 'm1', wind: 'east', points: 30, rank: 1 },
    { player: 'm2', wind: 'south', points: -10, rank: 2 },
    { player: 'm3', wind: 'west', points: -10, rank: 2 },
    { player: 'm4', wind: 'north', points: -10, rank: 2 },
  ],
};
const MAHJONG_AFTER = { ...MAHJONG_BEFORE, seats: MAHJONG_BEFORE.seats.map((s, i) => ({ ...s, points: i === 1 ? 30 : -10 })) };

describe('review s12-b F10: the appeal timeline words every kind of result', () => {
  it('a bye reads "bye to <player>" and a mahjong table its seats and points, never "undefined v undefined"', () => {
    const bye = recordedEvent('tournament.ResultRecorded', { round: 1, table: null, result: { kind: 'bye', round: 1, player: 'cat' } }, 1, 'tournament-t');
    expect(summarise(bye)).toBe('round 1: bye to cat');
    const table = recordedEvent('tournament.ResultRecorded', { round: 1, table: 1, result: MAHJONG_BEFORE }, 2, 'tournament-t');
    expect(summarise(table)).toBe('round 1 table 1: mahjong table: m1 +30, m2 -10, m3 -10, m4 -10');
    const draw = { kind: 'played', round: 2, table: 1, first: 'ann', second: 'bob', outcome: 'draw' };
    expect(summarise(recordedEvent('tournament.ResultRecorded', { round: 2, table: 1, result: draw }, 3, 'tournament-t'))).toBe(
      'round 2 table 1: ann v bob: drawn',
    );
    const forfeit = { kind: 'forfeit', round: 2, table: 2, first: 'cat', second: 'dan', absent: 'second' };
    expect(summarise(recordedEvent('tournament.ResultRecorded', { round: 2, table: 2, result: forfeit }, 4, 'tournament-t'))).toBe(
      'round 2 table 2: cat v dan: forfeit, dan absent',
    );
  });

  it('a remedy that corrected a mahjong table shows the seats before and after in the HTML and Markdown timeline', () => {
    const t: Timeline = {
      appealId: 'ap-m',
      tournamentId: 't',
      discipline: 'mahjong',
      profile: 'wmc-mahjong',
      step: 'decided',
      contested: null,
      entries: [
        {
          kind: 'remedy',
          position: 9,
          remedy: { kind: 'correct-result', round: 1, table: 1, result: { kind: 'mahjong-table', seats: [] } as never },
          status: 'applied',
          effect: {
            event: {
              id: 'e-9',
              type: 'tournament.ResultCorrected',
              position: 9,
              at: '2026-11-29T09:00:09.000Z',
              by: { id: 'appeal:ap-m', role: 'appeals-committee' },
              data: {},
            },
            result: { before: MAHJONG_BEFORE, after: MAHJONG_AFTER },
            standings: null,
          },
          refusal: null,
        },
      ],
      positions: 'log',
    };
    for (const text of [timelineHtml(t), timelineMarkdown(t)]) {
      expect(text).toContain('Result before: mahjong table: m1 +30, m2 -10, m3 -10, m4 -10; after: mahjong table: m1 -10, m2 +30, m3 -10, m4 -10.');
      expect(text).not.toContain('undefined');
      expect(text).toContain('tournament.ResultCorrected at log position 9');
    }
    // Read by a non-official (issue 32): the number is the tournament's public position, and says so.
    expect(timelineMarkdown({ ...t, positions: 'public' })).toContain('tournament.ResultCorrected at the tournament’s public position 9');
  });
});
