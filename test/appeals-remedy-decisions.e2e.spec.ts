import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppealIds } from './support/appeal-ids.js';
import { RecordsHarness } from './support/records-harness.js';

const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];
const MEMBERS = (ids: readonly string[]) => ids.map((id, i) => ({ id, name: `Member ${id}`, role: i === 0 ? 'chair' : 'member' }));

describe('appeals over HTTP: a remedy event is the appeal decision that caused it', () => {
  let h: RecordsHarness;
  // Appeal ids are the server's (issue 32): `appeals.of(key)` is the id of the appeal lodged with appealId `key`.
  const appeals = new AppealIds();
  const post = async (path: string, body: object, token: string | null, status = 201) => appeals.record(path, body, await h.post(path, body, token, status));

  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(async () => {
    await h.stop();
  });

  /** A tournament with round 1 (bob v ann) published and its result recorded: bob wins. Returns the ResultRecorded id. */
  async function tournamentWithResult(tid: string, discipline: string, result: object) {
    const chief = h.token('chief-arbiter', [tid], `chief-${tid}`);
    const arbiter = h.token('arbiter', [tid], `arb-${tid}`);
    await h.publishedRound1({ id: tid, name: tid, discipline, roundsPlanned: 2 }, PLAYERS, ['bob', 'ann'], chief, arbiter);
    const r = await post(`/v1/tournaments/${tid}/rounds/1/results`, { table: 1, result }, arbiter);
    return { chief, arbiter, recorded: r.body.events[0].id as string };
  }

  /** Lodge → acknowledged → committee → hearing → minutes → decision, by the given committee; returns the decision's response. */
  async function appealDecided(tid: string, appealId: string, contestedEventId: string, player: string, members: string[], remedies: object[]) {
    const chair = await appealHeard(tid, appealId, contestedEventId, player, members);
    const votes = members.map((member) => ({ member, vote: 'uphold' }));
    const d = await post(`/v1/appeals/${appeals.of(appealId)}/decision`, { outcome: 'upheld', reasons: 'the other player won', votes, remedies }, chair);
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    return d;
  }

  /** Lodge → acknowledged → committee → hearing → minutes; returns the chair's token. */
  async function appealHeard(tid: string, appealId: string, contestedEventId: string, player: string, members: string[]) {
    const chief = h.token('chief-arbiter', [tid], `chief-${tid}`);
    const chair = h.token('appeals-committee', [tid], members[0]);
    const lodge = {
      appealId,
      tournamentId: tid,
      contestedEventId,
      appellant: { id: player, capacity: 'player', forPlayer: player },
      grounds: 'the decision is wrong',
      remedySought: 'correct it',
    };
    await post('/v1/appeals', lodge, h.token('player', [tid], player));
    await post(`/v1/appeals/${appeals.of(appealId)}/acknowledgement`, {}, chief);
    await post(`/v1/appeals/${appeals.of(appealId)}/committee`, { members: MEMBERS(members) }, chief);
    await post(`/v1/appeals/${appeals.of(appealId)}/hearing`, { hearingAt: new Date(Date.now() + 600_000).toISOString(), place: 'Room 1' }, chair);
    await post(`/v1/appeals/${appeals.of(appealId)}/hearing/minutes`, { present: [...members, player], minutes: 'heard' }, chair);
    return chair;
  }

  async function eventCausedBy(stream: string, type: string, causationId: string): Promise<string> {
    const caused = (await h.core.store.readStream(stream)).filter((e) => e.type === type && e.meta.causationId === causationId);
    expect(caused).toHaveLength(1);
    return caused[0].id;
  }

  it('review s12-b F1: appealing the result correction a final (WESPA) appeal decision caused is refused as appealing that decision', async () => {
    const tid = 'rd-scrabble';
    const { recorded } = await tournamentWithResult(tid, 'scrabble', { kind: 'played', outcome: 'first', score: { first: 400, second: 350 } });
    const correction = { kind: 'correct-result', round: 1, table: 1, result: { kind: 'played', outcome: 'second', score: { first: 350, second: 400 } } };
    const d = await appealDecided(tid, 'rd-ap1', recorded, 'ann', ['cm-1', 'cm-2', 'cm-3'], [correction]);
    const remedy = await eventCausedBy(`tournament-${tid}`, 'tournament.ResultCorrected', d.body.events[0].id);
    const lodge = {
      appealId: 'rd-ap2',
      tournamentId: tid,
      contestedEventId: remedy,
      appellant: { id: 'bob', capacity: 'player', forPlayer: 'bob' },
      grounds: 'the committee was wrong',
      remedySought: 'restore my win',
    };
    await h.core.settle();
    const head = await h.core.store.headPosition();
    const refused = await post('/v1/appeals', lodge, h.token('player', [tid], 'bob'), 409);
    expect(refused.body).toMatchObject({
      type: 'urn:arbitra:problem:appeals/decision-final',
      field: 'contestedEventId',
      detail: expect.stringContaining(`applied the decision of appeal ${appeals.of('rd-ap1')}`),
      rule: expect.stringContaining('the tournament committee decides for good'),
    });
    expect(await h.core.store.headPosition()).toBe(head);
  });

  it('review s12-b F1: the committee that decided an appeal may not hear the appeal against the remedy its decision caused', async () => {
    // Go's decisions other than foul and etiquette rulings stay appealable, and its appeal decisions are not final (Arbitra default).
    const tid = 'rd-go';
    const { chief, recorded } = await tournamentWithResult(tid, 'go', { kind: 'played', outcome: 'first' });
    const correction = { kind: 'correct-result', round: 1, table: 1, result: { kind: 'played', outcome: 'second' } };
    const d = await appealDecided(tid, 'rd-go-1', recorded, 'ann', ['gm-1', 'gm-2', 'gm-3'], [correction]);
    const remedy = await eventCausedBy(`tournament-${tid}`, 'tournament.ResultCorrected', d.body.events[0].id);
    const lodge = {
      appealId: 'rd-go-2',
      tournamentId: tid,
      contestedEventId: remedy,
      appellant: { id: 'bob', capacity: 'player', forPlayer: 'bob' },
      grounds: 'the committee was wrong',
      remedySought: 'restore my win',
    };
    const lodged = await post('/v1/appeals', lodge, h.token('player', [tid], 'bob'));
    expect(lodged.body.events[0].data.contested).toMatchObject({
      eventId: remedy,
      kind: 'appeal-decision',
      officials: ['gm-1', 'gm-2', 'gm-3'],
      appliesAppealDecision: { appealId: appeals.of('rd-go-1'), eventId: d.body.events[0].id },
    });
    await post(`/v1/appeals/${appeals.of('rd-go-2')}/acknowledgement`, {}, chief);
    const same = await post(`/v1/appeals/${appeals.of('rd-go-2')}/committee`, { members: MEMBERS(['gx-1', 'gm-2', 'gx-3']) }, chief, 409);
    expect(same.body).toMatchObject({ type: 'urn:arbitra:problem:appeals/member-involved', field: 'members[1].id' });
    await post(`/v1/appeals/${appeals.of('rd-go-2')}/committee`, { members: MEMBERS(['gx-1', 'gx-2', 'gx-3']) }, chief);
  });

  it('review s12-b F1: a penalty reduction applied for a final appeal decision is refused as appealing that decision', async () => {
    const tid = 'rd-pen';
    const { chief } = await tournamentWithResult(tid, 'scrabble', { kind: 'played', outcome: 'first', score: { first: 400, second: 350 } });
    const issued = await post(
      `/v1/tournaments/${tid}/penalty-ledger`,
      { penaltyId: 'pen-1', target: { player: 'ann', round: 1 }, offence: 'slow-play', kind: 'points', amount: 10, reason: 'slow play' },
      chief,
    );
    const penaltyEvent = issued.body.events.find((e: { type: string }) => e.type === 'penalties.PenaltyIssued').id;
    const d = await appealDecided(tid, 'rd-pen-1', penaltyEvent, 'ann', ['pm-1', 'pm-2', 'pm-3'], [{ kind: 'reduce-penalty', penaltyId: 'pen-1', amount: 4 }]);
    const remedy = await eventCausedBy(`penalties-${tid}`, 'penalties.PenaltyReduced', d.body.events[0].id);
    const lodge = {
      appealId: 'rd-pen-2',
      tournamentId: tid,
      contestedEventId: remedy,
      appellant: { id: 'ann', capacity: 'player', forPlayer: 'ann' },
      grounds: 'it should have been cancelled',
      remedySought: 'cancel it',
    };
    const refused = await post('/v1/appeals', lodge, h.token('player', [tid], 'ann'), 409);
    expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:appeals/decision-final', field: 'contestedEventId' });
  });

  it('review s12-b F5: a decision whose result remedy the tournament would refuse is refused naming the remedy field; nothing is recorded', async () => {
    const tid = 'rd-bad-remedy';
    const { recorded } = await tournamentWithResult(tid, 'scrabble', { kind: 'played', outcome: 'first', score: { first: 400, second: 350 } });
    const members = ['bm-1', 'bm-2', 'bm-3'];
    const chair = await appealHeard(tid, 'rd-bad', recorded, 'ann', members);
    const votes = members.map((member) => ({ member, vote: 'uphold' }));
    const decide = (remedies: object[], status: number) =>
      post(`/v1/appeals/${appeals.of('rd-bad')}/decision`, { outcome: 'upheld', reasons: 'ann won', votes, remedies }, chair, status);
    const played = (first: number, second: number, outcome = 'second') => ({ kind: 'played', outcome, score: { first, second } });
    const inconsistent = await decide([{ kind: 'correct-result', round: 1, table: 1, result: played(420, 380) }], 422);
    expect(inconsistent.body).toMatchObject({
      type: 'urn:arbitra:problem:tournament/result-inconsistent',
      field: 'remedies[0].result.outcome',
      detail: expect.stringContaining('420–380'),
      rule: expect.any(String),
    });
    const noScore = await decide([{ kind: 'correct-result', round: 1, table: 1, result: { kind: 'played', outcome: 'second' } }], 422);
    expect(noScore.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/result-score-required', field: 'remedies[0].result.score' });
    const unpaired = await decide([{ kind: 'correct-result', round: 99, table: 1, result: played(350, 400) }], 422);
    expect(unpaired.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/unknown-round', field: 'remedies[0].round' });
    const noTable = await decide([{ kind: 'correct-result', round: 1, table: 7, result: played(350, 400) }], 422);
    expect(noTable.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/unknown-table', field: 'remedies[0].table' });
    const replay = await decide(
      [
        { kind: 'correct-result', round: 1, table: 1, result: played(350, 400) },
        { kind: 'order-replay', round: 99, table: 77, instructions: 'replay' },
      ],
      422,
    );
    expect(replay.body).toMatchObject({ type: 'urn:arbitra:problem:appeals/unknown-round', field: 'remedies[1].round' });
    const replayTable = await decide([{ kind: 'order-replay', round: 1, table: 77, instructions: 'replay' }], 422);
    expect(replayTable.body).toMatchObject({ type: 'urn:arbitra:problem:appeals/unknown-table', field: 'remedies[0].table' });
    expect((await h.core.store.readStream(`appeal-${appeals.of('rd-bad')}`)).map((e) => e.type)).not.toContain('appeals.AppealDecided');
    // The committee, told what is wrong, records the decision it meant; the remedy is applied.
    await decide([{ kind: 'correct-result', round: 1, table: 1, result: played(350, 400) }], 201);
    await h.core.settle();
    const corrected = (await h.core.store.readStream(`tournament-${tid}`)).filter((e) => e.type === 'tournament.ResultCorrected');
    expect(corrected.map((e) => (e.data as { result: { outcome: string } }).result.outcome)).toEqual(['second']);
  });

  it('a decision retried under its Idempotency-Key after its remedies were applied gets the first answer (the remedy checks ran before the key was looked up)', async () => {
    const tid = 'rd-retry';
    const { chief } = await tournamentWithResult(tid, 'scrabble', { kind: 'played', outcome: 'first', score: { first: 400, second: 350 } });
    const issued = await post(
      `/v1/tournaments/${tid}/penalty-ledger`,
      { penaltyId: 'pen-r', target: { player: 'ann', round: 1 }, offence: 'slow-play', kind: 'points', amount: 10, reason: 'slow play' },
      chief,
    );
    const penaltyEvent = issued.body.events.find((e: { type: string }) => e.type === 'penalties.PenaltyIssued').id;
    const members = ['rm-1', 'rm-2', 'rm-3'];
    const chair = await appealHeard(tid, 'rd-retry-1', penaltyEvent, 'ann', members);
    const votes = members.map((member) => ({ member, vote: 'vary' }));
    const decision = { outcome: 'varied', reasons: 'halve it', votes, remedies: [{ kind: 'reduce-penalty', penaltyId: 'pen-r', amount: 5 }] };
    const key = { 'idempotency-key': 'rd-retry-decision-1' };
    const first = await h.post(`/v1/appeals/${appeals.of('rd-retry-1')}/decision`, decision, chair, 201, key);
    await h.core.settle();
    // The remedy is applied: the penalty stands at 5, so "reduce to 5" is no longer a reduction.
    const ledger = await h.get(`/v1/tournaments/${tid}/penalty-ledger`, chief).expect(200);
    expect(ledger.body.penalties.find((p: { penaltyId: string }) => p.penaltyId === 'pen-r')).toMatchObject({ netAmount: 5 });
    const retry = await h.post(`/v1/appeals/${appeals.of('rd-retry-1')}/decision`, decision, chair, 201, key);
    expect(retry.body).toMatchObject({ duplicate: true, revision: first.body.revision });
    // Another decision under the key is still refused naming it.
    const other = await h.post(`/v1/appeals/${appeals.of('rd-retry-1')}/decision`, { ...decision, reasons: 'something else' }, chair, 422, key);
    expect(other.body).toMatchObject({ field: 'Idempotency-Key' });
  });
});
