import { describe, expect, it } from '@jest/globals';
import { startedTable } from '../../domain/disciplines/scrabble/testing/table.js';
import type { RecordedEvent } from '../../store/event-store.port.js';
import { SCRABBLE_GAME, type ScrabbleGameDocument } from '../../runtime/features/scrabble/index.js';
import type { Principal } from '../auth/principal.js';
import { isOfficialFor, viewerFor, type GameFacts } from '../games/game-access.js';
import { redactEvent as redactWith } from '../games/game-reads.js';
import { gameView, gcgView, scoreSheetView } from './scrabble-view.js';

const redactEvent = (e: RecordedEvent, v: Parameters<typeof redactWith>[2]) => redactWith(SCRABBLE_GAME, e, v);
const hiding = (doc: ScrabbleGameDocument) => SCRABBLE_GAME.hidesInformation(doc.state);

function docOf() {
  const t = startedTable({ tracking: true });
  t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 2, tiles: ['A', 'E'] } });
  const doc: ScrabbleGameDocument = {
    id: 'g',
    discipline: 'scrabble',
    state: t.state,
    endRacks: [],
    createdBy: { id: 'arb-1', role: 'arbiter' },
    createdAt: '2026-11-29T09:00:00.000Z',
    asOf: { revision: 3, position: 4, at: '2026-11-29T09:00:05.000Z' },
  };
  return { t, doc };
}
const facts: GameFacts = {
  id: 'g',
  players: [
    { id: 'p-ann', name: 'Ann' },
    { id: 'p-bob', name: 'Bob' },
  ],
  link: null,
  createdBy: { id: 'arb-1', role: 'arbiter' },
};
const who = (id: string, role: Principal['role'], tournaments: string[] = []): Principal => ({ id, role, tournaments });

describe('game access and views: the public never sees racks of a game in progress', () => {
  it('officials: admin always; an arbiter of the linked tournament; for an unlinked game only its creator', () => {
    expect(isOfficialFor(who('x', 'admin'), facts)).toBe(true);
    expect(isOfficialFor(who('arb-1', 'arbiter'), facts)).toBe(true);
    expect(isOfficialFor(who('arb-2', 'arbiter'), facts)).toBe(false);
    const linked = { ...facts, link: { tournamentId: 't1', round: 1, table: 1 } };
    expect(isOfficialFor(who('arb-2', 'chief-arbiter', ['t1']), linked)).toBe(true);
    expect(isOfficialFor(who('arb-1', 'arbiter', ['t2']), linked)).toBe(false);
    expect(isOfficialFor(who('p-ann', 'player'), facts)).toBe(false);
  });
  it('hides the bag, both racks, exchanged tiles and unseen tiles from the public; a player sees their own', () => {
    const { doc } = docOf();
    const pub = gameView(doc, viewerFor(undefined, facts, hiding(doc)), doc.asOf.at)!;
    expect(pub.bag.tiles).toBeNull();
    expect(pub.racks.map((r) => r.tiles)).toEqual([null, null]);
    expect(pub.exchangeAside).toMatchObject({ seat: 0, count: 2, tiles: null });
    expect(pub.turns[0].move).toEqual({ kind: 'exchange', count: 2, tiles: null });
    expect(pub.turns[0].rackBefore).toBeNull();
    expect(pub.unseen).toEqual([null, null]);
    expect(JSON.stringify(gcgView(doc, { kind: 'public' }))).not.toMatch(/AEINRST|-AE/);
    expect(JSON.stringify(scoreSheetView(doc, { kind: 'public' }))).not.toContain('"AE');
    const ann = gameView(doc, viewerFor(who('p-ann', 'player'), facts, hiding(doc)), doc.asOf.at)!;
    expect(ann.racks[0].tiles).toEqual(['I', 'N', 'R', 'S', 'T']);
    expect(ann.racks[1].tiles).toBeNull();
    expect(ann.turns[0].move).toEqual({ kind: 'exchange', count: 2, tiles: ['A', 'E'] });
    const bob = gameView(doc, viewerFor(who('p-bob', 'player'), facts, hiding(doc)), doc.asOf.at)!;
    expect(bob.turns[0].move).toEqual({ kind: 'exchange', count: 2, tiles: null });
    expect(bob.unseen[1]).not.toBeNull();
    const td = gameView(doc, viewerFor(who('arb-1', 'arbiter'), facts, hiding(doc)), doc.asOf.at)!;
    expect(td.bag.tiles).toHaveLength(86);
  });
  it("hides other seats' drawn tiles in events, and keeps events plain objects", () => {
    const { t } = docOf();
    const drawn = t.events.find((e) => e.type === 'scrabble.TilesDrawn' && (e.data as { seat: number }).seat === 1)!;
    const rec = { id: 'e', stream: 'scrabble-game-g', revision: 2, position: 3, type: drawn.type, data: drawn.data, meta: {} } as unknown as RecordedEvent;
    expect(redactEvent(rec, { kind: 'public' }).data).toMatchObject({ seat: 1, count: 7, tiles: null });
    expect(redactEvent(rec, { kind: 'seat', seat: 0 }).data).toMatchObject({ tiles: null });
    expect(redactEvent(rec, { kind: 'seat', seat: 1 }).data).toMatchObject({ tiles: ['Q', 'I', 'Z', 'A', 'X', 'E', 'O'] });
  });
});

describe("the game view's clock is read as of the request", () => {
  it("gives the time left at `now` (and says so), beside the reading as of the last event and the running side's start", () => {
    const { doc, t } = docOf(); // seat 1's clock runs since the exchange
    const since = t.game.clock.since!;
    const hourLater = new Date(Date.parse(doc.asOf.at) + 3_600_000).toISOString();
    const v = gameView(doc, { kind: 'all' }, hourLater)!;
    const clock = v.clock!;
    const atEvent = clock.atLastEvent.remainingMs;
    expect(clock.asOf).toBe(hourLater);
    expect(clock.running).toBe(1);
    expect(clock.runningSince).toBe(since);
    expect(clock.atLastEvent.at).toBe(doc.asOf.at);
    expect(clock.remainingMs).toEqual([atEvent[0], atEvent[1] - 3_600_000]);
  });
});
