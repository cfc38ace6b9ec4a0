import { describe, expect, it } from '@jest/globals';
import type { TournamentCommand } from './tournament.commands.js';
import { create, extend, fourPlayers, game, given, pairManual, publish, record, spec, won } from './testing/tournament.test-support.js';

/** Rapid rules 23 (附錄二): at most 4 rounds a day of 60-minute games, 6 of 30-minute games. */
const onDay = (c: TournamentCommand, day: string): TournamentCommand => ({ ...c, data: { ...(c.data as object), day } }) as TournamentCommand;
const R = (n: number) => pairManual(n, [game(1, 'a', 'b'), game(2, 'c', 'd')]);

/** Rounds 1..n paired on `day`, each published and complete. */
function roundsOn(minutes: 30 | 60 | undefined, n: number, day = '2026-12-05') {
  let h = fourPlayers('chess-rapid', { roundsPlanned: 10, ...(minutes && { profile: { rapidMinutes: minutes } }) });
  for (let r = 1; r <= n; r++) h = extend(h, onDay(R(r), day), publish(r), record(r, 1, won('first')), record(r, 2, won('draw')));
  return h;
}

describe('rapid rules 23: rounds a day', () => {
  it('rapid rules 23: a fifth round of 60-minute games on one day is refused naming day; on the next day it is paired', () => {
    spec
      .given(roundsOn(60, 4))
      .when(onDay(R(5), '2026-12-05'))
      .thenRefuses('tournament/rounds-per-day-exceeded', { field: 'day', rule: 'rapid rules 23' });
    spec
      .given(roundsOn(60, 4))
      .when(onDay(R(5), '2026-12-06'))
      .then([{ type: 'tournament.RoundPaired', data: { round: 5, day: '2026-12-06' } }]);
  });

  it('rapid rules 23: 30-minute games allow a sixth round a day, not a seventh', () => {
    spec
      .given(roundsOn(30, 5))
      .when(onDay(R(6), '2026-12-05'))
      .then([{ type: 'tournament.RoundPaired', data: { round: 6 } }]);
    spec
      .given(roundsOn(30, 6))
      .when(onDay(R(7), '2026-12-05'))
      .thenRefuses('tournament/rounds-per-day-exceeded', { field: 'day' });
  });

  it('rapid rules 23: a chess-rapid tournament that does not say its time control gets the stricter 60-minute limit', () => {
    spec
      .given(roundsOn(undefined, 4))
      .when(onDay(R(5), '2026-12-05'))
      .thenRefuses('tournament/rounds-per-day-exceeded');
  });

  it('rapid rules 23: rapidMinutes is 30 or 60, and only a chess-rapid tournament sets it (refused for Go citing the rule)', () => {
    const go = given([]).refuses(create({ discipline: 'go', profile: { rapidMinutes: 60 } }));
    expect([go.type, go.field]).toEqual(['tournament/profile-value', 'profile.rapidMinutes']);
    expect(go.rule).toMatch(/^rapid rules 23/);
    const odd = given([]).refuses(create({ discipline: 'chess-rapid', profile: { rapidMinutes: 45 as 30 } }));
    expect([odd.type, odd.field, odd.rule]).toEqual(['tournament/profile-value', 'profile.rapidMinutes', go.rule]);
  });

  it('rapid rules 23 is rapid chess’s only: a Go tournament pairs a fifth round on one day', () => {
    let h = fourPlayers('go', { roundsPlanned: 10 });
    for (let r = 1; r <= 4; r++) h = extend(h, onDay(R(r), '2026-12-05'), publish(r), record(r, 1, won('first')), record(r, 2, won('draw')));
    spec
      .given(h)
      .when(onDay(R(5), '2026-12-05'))
      .then([{ type: 'tournament.RoundPaired', data: { round: 5, day: '2026-12-05' } }]);
  });
});
