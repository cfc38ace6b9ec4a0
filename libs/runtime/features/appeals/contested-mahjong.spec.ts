import { describe, expect, it } from '@jest/globals';
import { appealDecider, type AppealCommand, type AppealEvent, type ContestedDecision } from '../../../domain/appeals/index.js';
import { deciderSpec } from '../../../domain/kernel/testing/decider-spec.js';
import type { EventStore, RecordedEvent } from '../../../store/event-store.port.js';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import { classify, contestedDecision } from './contested.js';

/**
 * Issue 28, the mahjong appeal defects. WMC rules, 申訴程式: 應於此節完後30分鐘內以書面提交給裁判長 — an appeal is lodged in
 * writing with the chief referee within 30 minutes after the session ends. A table's decisions (a referee's scoring
 * ruling, an in-session time penalty, the table's own penalty event, its result) are found on `mahjong-table-*` streams
 * and their parties are the players seated at the table.
 */
const T = (min: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, 0) + min * 60_000).toISOString();
const SEATED = ['m1', 'm2', 'm3', 'm4'];
const TABLE = 'mahjong-table-r1-t1';

/** The n-th event of a stream, recorded at the given minute by the table's referee. */
function ev(type: string, data: unknown, n: number, stream: string, minute: number): RecordedEvent {
  const e = recordedEvent(type, data, n, stream);
  return { ...e, id: `${stream}-${n}`, meta: { ...e.meta, actor: { id: 'ref-lee', role: 'arbiter' }, recordedAt: T(minute) } };
}

const link = { tournamentId: 'wmc', round: 1, table: 1 };
/** A half-session: seated at 10:00, a scoring ruling at 10:00, a time penalty at 10:05, the card locked at 10:40. */
const table = [
  ev('mahjong.SessionStarted', { players: SEATED.map((id) => ({ id, name: id })), link, at: T(0) }, 1, TABLE, 0),
  ev('mahjong.ScoreFlagRuled', { hand: 1, accept: 'computed', note: null }, 2, TABLE, 0),
  ev('mahjong.PenaltyRecorded', { seat: 2, hand: 2, offence: 'time', kind: 'points', amount: 10, rule: '打牌時限', reason: '40 s' }, 3, TABLE, 5),
  ev('mahjong.ScorecardLocked', { totals: [0, 0, 0, 0], players: [], link, at: T(40) }, 4, TABLE, 40),
];
/** The ledger's copy of the time penalty (the games-to-ledger process manager), recorded at 10:05. */
const ledger = [
  ev(
    'penalties.PenaltyIssued',
    {
      penaltyId: 'game-r1-t1-2',
      discipline: 'mahjong',
      target: { player: 'm3', round: 1, table: 1 },
      kind: 'points',
      offence: 'time',
      appliedIn: { game: 'r1-t1' },
    },
    1,
    'penalties-wmc',
    5,
  ),
];
/** The table's result as the tournament recorded it (posted from the locked card). */
const tournament = [
  ev(
    'tournament.ResultRecorded',
    { round: 1, table: 1, result: { kind: 'mahjong-table', round: 1, table: 1, seats: SEATED.map((player) => ({ player })) } },
    1,
    'tournament-wmc',
    40,
  ),
];
const streams: Record<string, RecordedEvent[]> = { [TABLE]: table, 'penalties-wmc': ledger, 'tournament-wmc': tournament };
const store = { readStream: async (s: string) => streams[s] ?? [] } as unknown as EventStore;

async function decisionOf(stream: string, id: string): Promise<ContestedDecision> {
  const found = await contestedDecision(store, { stream }, id);
  if (!found) throw new Error(`no decision ${id}`);
  return found.decision;
}

const spec = deciderSpec(appealDecider);
const lodge = (contested: ContestedDecision, player: string, minute: number): AppealCommand => ({
  type: 'appeals.lodge',
  context: { actor: { id: player, role: 'player' }, at: T(minute), commandId: `lodge-${player}-${minute}` },
  data: {
    appealId: 'ap-1',
    tournamentId: 'wmc',
    discipline: 'mahjong',
    appellant: { id: player, capacity: 'player', forPlayer: player },
    contested,
    grounds: 'the ruling was wrong',
    remedySought: 'the hand is rescored',
  },
});

describe('WMC 申訴程式: a table decision is appealed within 30 minutes after the session (此節完後30分鐘內), by a player seated at it', () => {
  it('the table’s penalty event and its locked card are decisions an appeal can contest (the penalty was "other": 404)', () => {
    expect(classify('mahjong.PenaltyRecorded')).toBe('penalty');
    expect(classify('mahjong.ScorecardLocked')).toBe('result');
    expect(classify('mahjong.ScoreFlagRuled')).toBe('ruling');
  });

  it.each([
    ['a referee’s scoring ruling', TABLE, `${TABLE}-2`],
    ['the table’s own time penalty', TABLE, `${TABLE}-3`],
    ['the ledger’s copy of the time penalty', 'penalties-wmc', 'penalties-wmc-1'],
  ])('%s: the deadline runs from the end of the session, not from the ruling', async (_what, stream, id) => {
    const d = await decisionOf(stream, id);
    expect(d.sessionEndedAt).toBe(T(40));
    // 45 minutes after the ruling, five minutes after the session ended: in time (it was refused as late).
    spec
      .given([])
      .when(lodge(d, 'm3', 45))
      .then([{ type: 'appeals.AppealLodged', data: { deadline: { from: 'session-end', minutes: 30, at: T(70) }, late: null } }]);
    // 31 minutes after the session: late.
    spec
      .given([])
      .when(lodge(d, 'm3', 71))
      .thenRefuses('appeals/late', { field: 'contestedEventId' });
  });

  it('before the card is locked the deadline has not started to run', async () => {
    const playing: Record<string, RecordedEvent[]> = { ...streams, [TABLE]: table.slice(0, 3) };
    const found = await contestedDecision({ readStream: async (s: string) => playing[s] ?? [] } as unknown as EventStore, { stream: TABLE }, `${TABLE}-2`);
    expect(found?.decision.sessionEndedAt).toBeNull();
  });

  it.each([
    ['a scoring ruling', TABLE, `${TABLE}-2`],
    ['the locked card', TABLE, `${TABLE}-4`],
    ['the table result in the tournament', 'tournament-wmc', 'tournament-wmc-1'],
  ])('%s concerns exactly the four seated players: a player not at the table may not appeal it', async (_what, stream, id) => {
    const d = await decisionOf(stream, id);
    expect([...d.parties].sort()).toEqual(SEATED);
    spec
      .given([])
      .when(lodge(d, 'zed', 41))
      .thenRefuses('appeals/not-a-party', { field: 'appellant.forPlayer' });
  });

  it('a player seated at the table may not sit on the committee hearing the appeal (the one WMC member: the chief referee)', async () => {
    const d = await decisionOf(TABLE, `${TABLE}-2`);
    const lodged = spec
      .given([])
      .when(lodge(d, 'm1', 41))
      .then([{ type: 'appeals.AppealLodged' }]);
    const history: AppealEvent[] = [...lodged, { type: 'appeals.AppealAcknowledged', data: { by: { id: 'chief', role: 'chief-arbiter' }, at: T(42) } }];
    const form = (id: string): AppealCommand => ({
      type: 'appeals.form-committee',
      context: { actor: { id: 'chief', role: 'chief-arbiter' }, at: T(43), commandId: `form-${id}` },
      data: { members: [{ id, name: id, role: 'chair', federation: null }] },
    });
    spec.given(history).when(form('m2')).thenRefuses('appeals/member-is-party', { field: 'members[0].id' });
    spec
      .given(history)
      .when(form('chief'))
      .then([{ type: 'appeals.CommitteeFormed' }]);
  });
});
