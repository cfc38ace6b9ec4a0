import { describe, expect, it } from '@jest/globals';
import type { TournamentEvent } from './tournament.events.js';
import { changesPublicView } from './published-view.js';
import { evolveTournament, initialTournamentState, type TournamentState } from './tournament.state.js';
import { create, extend, game, pairManual, publish, record, register, run, scrabble } from './testing/tournament.test-support.js';

/** Each event of a history with the states before and after it. */
function steps(history: TournamentEvent[]): Array<{ e: TournamentEvent; before: TournamentState; after: TournamentState }> {
  const out: Array<{ e: TournamentEvent; before: TournamentState; after: TournamentState }> = [];
  let state = initialTournamentState();
  for (const e of history) {
    const after = evolveTournament(state, e);
    out.push({ e, before: state, after });
    state = after;
  }
  return out;
}

describe('RULES.unpublishedHidden: which events change what the public sees (issue 32)', () => {
  it('a pairing, and its bye, are not public; the publication, and a result of a published round, are', () => {
    const h = run(create({ roundsPlanned: 2 }), ...['a', 'b', 'c'].map((id) => register(id)));
    const later = extend(h, pairManual(1, [game(1, 'a', 'b')], 'c'), publish(1), record(1, 1, scrabble(400, 300)));
    const seen = steps(later).map(({ e, before, after }) => [e.type, changesPublicView(e, before, after)]);
    expect(seen.slice(-4)).toEqual([
      ['tournament.RoundPaired', false],
      ['tournament.ResultRecorded', false], // the bye, recorded at pairing
      ['tournament.RoundPublished', true],
      ['tournament.ResultRecorded', true],
    ]);
    expect(seen.slice(0, 4)).toEqual([
      ['tournament.TournamentCreated', true],
      ['tournament.PlayerRegistered', true],
      ['tournament.PlayerRegistered', true],
      ['tournament.PlayerRegistered', true],
    ]);
  });
});
