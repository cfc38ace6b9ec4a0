import { describe, expect, it } from '@jest/globals';
import type { EventStore, RecordedEvent } from '../../../store/event-store.port.js';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import type { OpenTournament } from '../../../domain/tournament/index.js';
import { redactEventData } from '../scrabble/index.js';
import { contestedDecision } from './contested.js';
import { visibleContext, type TimelineSources } from './timeline.js';

const numbered = (events: [string, unknown][], stream: string): RecordedEvent[] => events.map(([t, d], i) => recordedEvent(t, d, i + 1, stream));
const src = { games: [{ aggregate: { name: 'scrabble-game' }, redactEventData }] } as unknown as TimelineSources;
const PUBLIC = { official: false };
const OFFICIAL = { official: true };
const issue = (penaltyId: string, player: string, reason: string, round = 1) =>
  ['penalties.PenaltyIssued', { penaltyId, target: { player, division: 'main', round }, reason }] as [string, unknown];
/** A tournament's rounds and players as penaltyPublished reads them: round 1 published, round 2 paired and not yet. */
const tournament = (round2: 'paired' | 'published') =>
  ({
    status: 'open',
    players: [{ id: 'ann', division: 'main' }],
    rounds: { 'main/1': { status: 'published' }, 'main/2': { status: round2 } },
  }) as unknown as OpenTournament;

/** An earlier appeal (lodged for ann against a result between ann and bob), with statements, minutes and its decision. */
const appeal = numbered(
  [
    ['appeals.AppealLodged', { appealId: 'ap-1', appellant: { id: 'ann', capacity: 'player', forPlayer: 'ann' }, contested: { parties: ['ann', 'bob'] } }],
    ['appeals.StatementAttached', { statementId: 's-1', text: 'ann’s private statement' }],
    ['appeals.HearingHeld', { minutes: 'confidential minutes' }],
    ['appeals.AppealDecided', { appealId: 'ap-1', outcome: 'dismissed', reasons: 'no grounds', remedies: [] }],
  ],
  'appeal-ap-1',
);

describe('issue 10 review: the appeal timeline’s context leaks private log parts', () => {
  it('appealing one’s own penalty shows only that player’s ledger entries, not other players’ penalties', () => {
    const ledger = numbered(
      [issue('P-1', 'bob', 'bob swore at the arbiter'), issue('P-2', 'ann', 'slow play'), ['penalties.PenaltyCancelled', { penaltyId: 'P-1', reason: 'x' }]],
      'penalties-open',
    );
    for (const viewer of [PUBLIC, OFFICIAL]) {
      const { kept, at } = visibleContext(src, viewer, ledger, 1, null);
      expect(kept.map((e) => e.id)).toEqual(['e-2']);
      expect(kept[at].id).toBe('e-2');
      expect(JSON.stringify(kept)).not.toContain('bob');
    }
  });

  it('issue 32: a non-official reads none of the player’s ledger entries of an unpublished round; officials read them all', () => {
    const ledger = numbered(
      [
        issue('P-2', 'ann', 'phone rang', 2),
        ['penalties.PenaltyReduced', { penaltyId: 'P-2', amount: 1, reason: 'first offence' }],
        issue('P-1', 'ann', 'slow play'),
      ],
      'penalties-open',
    );
    const hidden = visibleContext(src, PUBLIC, ledger, 2, tournament('paired'));
    expect(hidden.kept.map((e) => e.id)).toEqual(['e-3']);
    expect(JSON.stringify(hidden.kept)).not.toMatch(/phone rang|first offence/);
    // Without the tournament read, nothing but the contested entry.
    expect(visibleContext(src, PUBLIC, ledger, 2, null).kept.map((e) => e.id)).toEqual(['e-3']);
    expect(visibleContext(src, PUBLIC, ledger, 2, tournament('published')).kept.map((e) => e.id)).toEqual(['e-1', 'e-2', 'e-3']);
    expect(visibleContext(src, OFFICIAL, ledger, 2, null).kept.map((e) => e.id)).toEqual(['e-1', 'e-2', 'e-3']);
  });

  it('appealing an appeal decision shows no statements, minutes or other steps of the earlier appeal to a non-official', () => {
    const shown = visibleContext(src, PUBLIC, appeal, 3, null);
    expect(shown.kept.map((e) => e.type)).toEqual(['appeals.AppealDecided']);
    expect(JSON.stringify(shown.kept)).not.toMatch(/private statement|confidential minutes/);
    expect(visibleContext(src, OFFICIAL, appeal, 3, null).kept).toHaveLength(4);
  });

  it('a game’s context is the public view for a non-official (other seats’ drawn tiles hidden), the whole record for officials', () => {
    const game = numbered(
      [
        ['scrabble.TilesDrawn', { seat: 0, tiles: ['Q', 'I', 'A'] }],
        ['scrabble.ChallengeResolved', { turn: 1, verdicts: [], outcome: 'play-stands' }],
      ],
      'scrabble-game-g1',
    );
    expect((visibleContext(src, PUBLIC, game, 1, null).kept[0].data as { tiles: unknown }).tiles).toBeNull();
    expect((visibleContext(src, OFFICIAL, game, 1, null).kept[0].data as { tiles: unknown }).tiles).toEqual(['Q', 'I', 'A']);
  });

  it('an appeal decision’s parties are the earlier appeal’s player and its contested parties (so the not-a-party check runs)', async () => {
    const store = { readStream: async () => appeal } as unknown as EventStore;
    const found = await contestedDecision(store, { stream: 'appeal-ap-1' }, 'e-4');
    expect(found?.decision).toMatchObject({ kind: 'appeal-decision', parties: ['ann', 'bob'] });
  });
});
